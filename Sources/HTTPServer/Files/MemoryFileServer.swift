/// Serves files held in memory — such as ones built into the executable — for a `GET` route ending in `**`, with
/// the same answers as ``FileServer``: `Content-Type` by extension, a strong `ETag` (size and a hash of the
/// bytes), `Cache-Control`, `304 Not Modified` for a matching `If-None-Match`, and 404 for any other name (hidden
/// names, `.`, `..` and folders included).
public struct MemoryFileServer: Sendable {
    private struct File: Sendable {
        let tag: EntityTag
        /// The 200 answer, made once and reusable (``Response/reusable()``): each form of it, gzip-compressed
        /// included, is built on its first send and queued again afterwards.
        let answer: Response
    }

    private let files: [String: File]
    /// The `Cache-Control` value sent with every file.
    public let cacheControl: String

    /// Serves `files`, by path relative to the served folder (`style.css`, `icons/check.svg`); names with a hidden
    /// segment are left out, as ``FileServer`` never serves them.
    public init(files: [String: [UInt8]], cacheControl: String = "no-cache") {
        var served: [String: File] = [:]
        for (path, bytes) in files {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard segments.allSatisfy(FileServer.isServableName) else { continue }
            let tag = EntityTag(size: bytes.count, contentHash: Self.hash(bytes))
            let headers: HTTPHeaders = [
                "ETag": tag.headerValue, "Cache-Control": cacheControl, "Content-Type": MediaType.forFile(named: path),
            ]
            served[path] = File(tag: tag, answer: Response(status: .ok, headers: headers, body: bytes).reusable())
        }
        self.files = served
        self.cacheControl = cacheControl
    }

    /// A handler for a route ending in `**`: serves the file the captured segments name.
    public var handler: RouteHandler {
        { request, parameters in try response(for: request, path: parameters.catchAll) }
    }

    /// The response for the file at the decoded path `segments`.
    public func response(for request: Request, path segments: [String]) throws(HTTPError) -> Response {
        guard !segments.isEmpty, let file = files[segments.joined(separator: "/")] else { throw HTTPError.notFound }
        if request.ifNoneMatch(names: file.tag.headerValue) {
            return .notModified(of: file.answer, headers: ["ETag": file.tag.headerValue, "Cache-Control": cacheControl])
        }
        return file.answer
    }

    /// 64-bit FNV-1a: enough to tell versions of a file apart in an `ETag`, not a security measure.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
