/// `Content-Type` values for static files, chosen by file extension.
enum MediaType {
    /// The type for a file name; `application/octet-stream` for an unknown extension, which `nosniff`
    /// keeps browsers from guessing at.
    static func forFile(named name: some StringProtocol) -> String {
        guard let dot = name.lastIndex(of: ".") else { return fallback }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? fallback
    }

    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "pdf": "application/pdf",
        "webmanifest": "application/manifest+json",
    ]
}
