import Mustache

/// An error page (docs/HTML.md, `ErrorPage`).
struct ErrorPage: MustacheContext {
    let status: String
    let message: String
    let advice: String
    let backURL: String
    let backLabel: String

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.status: .string(status)
        case keys.message: .string(message)
        case keys.advice: .string(advice)
        case keys.backURL: .string(backURL)
        case keys.backLabel: .string(backLabel)
        default: nil
        }
    }

    /// `"404 Not Found"`: the code and its reason phrase (RFC 9110), or `"Error"` for a code not listed.
    static func statusLine(_ status: Int) -> String {
        "\(status) \(reasonPhrases[status] ?? "Error")"
    }

    private static let reasonPhrases = [
        400: "Bad Request",
        403: "Forbidden",
        404: "Not Found",
        405: "Method Not Allowed",
        408: "Request Timeout",
        413: "Content Too Large",
        414: "URI Too Long",
        415: "Unsupported Media Type",
        429: "Too Many Requests",
        431: "Request Header Fields Too Large",
        500: "Internal Server Error",
        501: "Not Implemented",
        503: "Service Unavailable",
    ]
}
