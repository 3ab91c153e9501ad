import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Serves regular files from one folder, for a `GET` route ending in `**` such as `/static/**`.
///
/// It answers with the file's `Content-Type`, a strong `ETag` (size and modification time), `Cache-Control`,
/// and `304 Not Modified` when `If-None-Match` names the current tag. It refuses — with 404, so that nothing
/// about the disk leaks — names that are empty, `.` or `..`, dotfiles, names containing `/`, `\` or NUL once
/// decoded, directories, and anything whose real path (symbolic links resolved) lies outside the folder.
/// Encoded forms (`%2e%2e`, `%2F`, `%00`) are caught because the router decodes segments before this runs.
public struct FileServer: Sendable {
    /// The folder's real path.
    public let root: String
    /// The `Cache-Control` value sent with every file.
    public let cacheControl: String
    /// The answers for files already read, by real path, kept while the file's tag stays the same: a file is read
    /// once per version, and compressed once (``Response/reusable()`` keeps its gzip form).
    private let answers = FileAnswers()

    /// Serves files from `root`, which must be an existing directory.
    ///
    /// - Parameter cacheControl: `no-cache` by default: browsers keep the file but revalidate it with its
    ///   `ETag` each time, so an edited stylesheet shows at once and an unchanged one costs a 304.
    public init(root: String, cacheControl: String = "no-cache") throws(FileServerError) {
        guard let resolved = FileSystem.realPath(root) else { throw .rootNotFound(root) }
        guard FileSystem.isDirectory(resolved) else { throw .rootNotDirectory(root) }
        self.root = resolved
        self.cacheControl = cacheControl
    }

    /// A handler for a route ending in `**`: serves the file the captured segments name.
    public var handler: RouteHandler {
        { request, parameters in try response(for: request, path: parameters.catchAll) }
    }

    /// The response for the file at the decoded path `segments` below the root.
    public func response(for request: Request, path segments: [String]) throws -> Response {
        guard !segments.isEmpty, segments.allSatisfy(Self.isServableName),
            let resolved = resolveInsideRoot(segments)
        else {
            throw HTTPError.notFound
        }
        guard let file = try FileSystem.RegularFile(openingIfRegular: resolved, maximumSize: Self.maximumFileSize)
        else { throw HTTPError.notFound }
        defer { file.close() }
        let tag = EntityTag(size: file.size, modificationNanoseconds: file.modificationNanoseconds)
        var headers: HTTPHeaders = ["ETag": tag.headerValue, "Cache-Control": cacheControl]
        let answer: Response
        if let kept = answers.answer(for: resolved, tag: tag) {
            answer = kept
        } else {
            var full = headers
            full["Content-Type"] = MediaType.forFile(named: resolved)
            answer = Response(status: .ok, headers: full, body: try file.readAll()).reusable()
            answers.keep(answer, for: resolved, tag: tag)
        }
        if request.ifNoneMatch(names: tag.headerValue) {
            headers["Content-Type"] = nil
            return .notModified(of: answer, headers: headers)
        }
        return answer
    }

    /// The largest file served (16 MiB): a file is read whole into memory to be answered, so a huge one left in the
    /// folder must not cost the server its size per request. Larger files answer 404, as if absent.
    public static let maximumFileSize = 16 << 20

    /// A decoded segment that may name a file: no dotfiles (which covers `.` and `..`), no separators, no NUL.
    static func isServableName(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.hasPrefix(".")
            && !segment.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }
    }

    /// The real path of `segments` below the root, or nil when it does not exist or escapes the root
    /// (through a symbolic link) or reaches a dotfile that way.
    private func resolveInsideRoot(_ segments: [String]) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard let resolved = FileSystem.realPath(prefix + segments.joined(separator: "/")),
            resolved.hasPrefix(prefix)
        else { return nil }
        let inside = resolved.dropFirst(prefix.count).split(separator: "/")
        guard inside.allSatisfy({ !$0.hasPrefix(".") }) else { return nil }
        return resolved
    }
}

/// The answers a ``FileServer`` keeps: at most ``capacity`` files of at most ``maximumSize`` bytes each (a
/// `Public/` folder's stylesheet and icons), replaced when a file's tag changes.
final class FileAnswers: Sendable {
    static let capacity = 256
    static let maximumSize = 1 << 20

    private let kept = Mutex<[String: (tag: EntityTag, answer: Response)]>([:])

    func answer(for path: String, tag: EntityTag) -> Response? {
        kept.withLock { kept in kept[path].flatMap { $0.tag == tag ? $0.answer : nil } }
    }

    func keep(_ answer: Response, for path: String, tag: EntityTag) {
        guard answer.body.count <= Self.maximumSize else { return }
        kept.withLock { kept in
            if kept[path] == nil && kept.count >= Self.capacity { return }
            kept[path] = (tag, answer)
        }
    }
}

/// A folder that cannot be served.
public enum FileServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case rootNotFound(String)
    /// The path is not a directory.
    case rootNotDirectory(String)
    /// A file could not be read (an I/O error, not a missing file).
    case readFailed(path: String, errno: Int32)

    public var description: String {
        switch self {
        case .rootNotFound(let path): "folder \(path) does not exist"
        case .rootNotDirectory(let path): "\(path) is not a folder"
        case .readFailed(let path, let code): "cannot read \(path): \(String(cString: strerror(code)))"
        }
    }
}
