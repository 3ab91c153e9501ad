#if canImport(Glibc)
import Glibc
#endif

/// Finds the `templates` and `Public` folders when the command line names none, so the binary serves from any
/// working directory: first the working directory, then the executable's folder and each folder above it (a
/// build in `.build/release/` finds the project's folders).
enum ResourceLocator {
    /// The folder `name` holding `marker`, or `name` itself (relative) when none is found, so the error
    /// message names what was looked for.
    static func folder(_ name: String, containing marker: String) -> String {
        for base in ["."] + executableAncestors() {
            let candidate = base == "." ? name : "\(base)/\(name)"
            if isFile("\(candidate)/\(marker)") { return candidate }
        }
        return name
    }

    /// The executable's folder and every folder above it.
    private static func executableAncestors() -> [String] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return [] }
        var path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var result: [String] = []
        while let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            path = String(path[..<slash])
            result.append(path)
        }
        return result
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
