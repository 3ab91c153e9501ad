/// An error that is meant for the client: it becomes a response with its status and message.
/// Any other error a handler throws becomes a 500 (see ``ErrorPage``).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status to answer with.
    public var status: HTTPStatus
    /// A sentence for the person reading the error page; safe to show (it is escaped on output).
    public var message: String
    /// Header fields the answer must carry, such as `Allow` on a 405.
    public var headers: HTTPHeaders
    /// The language of `message` as a BCP 47 tag, when a handler worded it for the request's language; `nil`:
    /// English, as this layer words its own. An error page in another language can then tell whether it may
    /// show the message or should say something general.
    public var messageLanguage: String?

    /// An error with the given status, message, header fields and language of the message.
    public init(_ status: HTTPStatus, message: String? = nil, headers: HTTPHeaders = [:],
                messageLanguage: String? = nil) {
        self.status = status
        self.message = message ?? Self.defaultMessage(for: status)
        self.headers = headers
        self.messageLanguage = messageLanguage
    }

    public var description: String { "\(status): \(message)" }

    /// 404 for a path that names nothing.
    public static let notFound = HTTPError(.notFound)

    /// 405 listing the methods the path does accept.
    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPError(
            .methodNotAllowed,
            message: "This address accepts \(list) only.",
            headers: ["Allow": list]
        )
    }

    private static func defaultMessage(for status: HTTPStatus) -> String {
        switch status.code {
        case 400: "The request could not be understood."
        case 403: "This request is not allowed."
        case 404: "There is nothing at this address."
        case 408: "The request took too long to arrive."
        case 413: "The request body is larger than this server accepts."
        case 415: "The request body has a type this server does not accept."
        case 500: "Something went wrong on the server."
        default: status.reasonPhrase
        }
    }
}

/// An error type that knows the HTTP error it stands for, such as a form that does not decode (400).
/// Conform your own error enums to answer with a chosen status instead of 500.
public protocol HTTPErrorConvertible: Error {
    /// The client-facing error.
    var httpError: HTTPError { get }
}
