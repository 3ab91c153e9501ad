/// An HTTP request method, kept as the token the client sent (methods are case-sensitive).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token, e.g. `GET`.
    public let rawValue: String

    /// Wraps a method token as received.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// `GET`
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: answered like `GET` without a body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `POST`
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `DELETE`
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `PATCH`
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `OPTIONS`
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
