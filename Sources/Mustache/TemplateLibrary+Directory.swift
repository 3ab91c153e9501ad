#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension TemplateLibrary {
    /// Loads every `*.mustache` file under `directory`, recursively; a template's name is its path relative to
    /// `directory` without the extension (`rows/row` for `rows/row.mustache`). Hidden files and folders are
    /// skipped.
    public init(directory: String) throws(MustacheError) {
        try self.init(templates: try Self.sources(inDirectory: directory))
    }

    /// The sources `init(directory:)` reads, by template name, for a caller that adds templates of its own (the
    /// UI strings of one language, say) before building the library.
    public static func sources(inDirectory directory: String) throws(MustacheError) -> [String: String] {
        var templates: [String: String] = [:]
        try TemplateFiles.collect(in: directory, namePrefix: "", depth: 0, into: &templates)
        return templates
    }

    /// The text of a file that goes with the templates (a string catalogue beside them), read with the same
    /// checks as a template: a regular file of at most 1 MiB, valid UTF-8.
    public static func companionFile(atPath path: String) throws(MustacheError) -> String {
        try TemplateFiles.contents(of: path)
    }
}

/// Reads template files with the C library, keeping Foundation out of the engine.
enum TemplateFiles {
    static let fileExtension = ".mustache"
    /// Folders nested deeper are refused, which also ends a symbolic-link loop.
    static let depthLimit = 16

    static func collect(
        in directory: String,
        namePrefix: String,
        depth: Int,
        into templates: inout [String: String]
    ) throws(MustacheError) {
        guard depth <= depthLimit else { throw .unreadable(path: directory, errno: ELOOP) }
        for entry in try entries(of: directory) where !entry.hasPrefix(".") {
            let path = directory + "/" + entry
            var status = stat()
            guard stat(path, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                try collect(in: path, namePrefix: namePrefix + entry + "/", depth: depth + 1, into: &templates)
            case S_IFREG where entry.hasSuffix(fileExtension):
                templates[namePrefix + String(entry.dropLast(fileExtension.count))] = try contents(of: path)
            default:
                continue
            }
        }
    }

    private static func entries(of directory: String) throws(MustacheError) -> [String] {
        guard let stream = opendir(directory) else { throw .unreadable(path: directory, errno: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            names.append(name)
        }
        return names.sorted()
    }

    /// The most one template file may hold; the project's largest is a few KB.
    static let sizeLimit = 1024 * 1024

    /// The text of a template file. Opened without blocking and checked once open, so that a file swapped for a
    /// FIFO or a device after the folder was listed is refused rather than hanging or never ending.
    static func contents(of path: String) throws(MustacheError) -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .unreadable(path: path, errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, errno: EINVAL) }
        guard status.st_size <= sizeLimit else { throw .unreadable(path: path, errno: EFBIG) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, errno: errno) }
            if count == 0 { break }
            guard bytes.count + count <= sizeLimit else { throw .unreadable(path: path, errno: EFBIG) }
            bytes += chunk[..<count]
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(path: path) }
        return text
    }
}
