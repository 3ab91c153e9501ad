/// An HTTP status code with its reason phrase. Two statuses are equal when their codes are.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code.
    public let code: Int
    /// The standard reason phrase, or an empty string for a code this type does not know.
    public let reasonPhrase: String

    /// A status with an explicit reason phrase.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// A status with the standard reason phrase for `code`.
    public init(code: Int) {
        self.init(code: code, reasonPhrase: Self.standardReasonPhrases[code] ?? "")
    }

    public static func == (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// `404 Not Found`
    public var description: String { reasonPhrase.isEmpty ? "\(code)" : "\(code) \(reasonPhrase)" }

    /// True for 4xx codes: the client's mistake.
    public var isClientError: Bool { (400..<500).contains(code) }
    /// True for 5xx codes: the server's fault.
    public var isServerError: Bool { (500..<600).contains(code) }

    /// `200 OK`
    public static let ok = HTTPStatus(code: 200)
    /// `201 Created`
    public static let created = HTTPStatus(code: 201)
    /// `204 No Content`
    public static let noContent = HTTPStatus(code: 204)
    /// `301 Moved Permanently`
    public static let movedPermanently = HTTPStatus(code: 301)
    /// `302 Found`
    public static let found = HTTPStatus(code: 302)
    /// `303 See Other`
    public static let seeOther = HTTPStatus(code: 303)
    /// `304 Not Modified`
    public static let notModified = HTTPStatus(code: 304)
    /// `307 Temporary Redirect`
    public static let temporaryRedirect = HTTPStatus(code: 307)
    /// `400 Bad Request`
    public static let badRequest = HTTPStatus(code: 400)
    /// `403 Forbidden`
    public static let forbidden = HTTPStatus(code: 403)
    /// `404 Not Found`
    public static let notFound = HTTPStatus(code: 404)
    /// `405 Method Not Allowed`
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// `408 Request Timeout`
    public static let requestTimeout = HTTPStatus(code: 408)
    /// `413 Content Too Large`
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// `414 URI Too Long`
    public static let uriTooLong = HTTPStatus(code: 414)
    /// `415 Unsupported Media Type`
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    /// `422 Unprocessable Content`
    public static let unprocessableContent = HTTPStatus(code: 422)
    /// `429 Too Many Requests`
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// `500 Internal Server Error`
    public static let internalServerError = HTTPStatus(code: 500)
    /// `501 Not Implemented`
    public static let notImplemented = HTTPStatus(code: 501)
    /// `503 Service Unavailable`
    public static let serviceUnavailable = HTTPStatus(code: 503)
    /// `505 HTTP Version Not Supported`
    public static let httpVersionNotSupported = HTTPStatus(code: 505)

    private static let standardReasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 422: "Unprocessable Content",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
    ]
}
