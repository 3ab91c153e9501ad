#if canImport(Glibc)
import Glibc
#endif

/// An HTTP request method, kept as the token the client sent (methods are case-sensitive).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token, e.g. `GET`.
    public let rawValue: String

    /// Wraps a method token as received.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The method token libmicrohttpd read (NUL-terminated). The common methods are the static values, whose tokens
    /// are string literals: a request's method then costs no decoding and no string storage.
    init(token: UnsafePointer<CChar>) {
        let bytes = UnsafeRawBufferPointer(start: token, count: strlen(token))
        if bytes.hasSameBytes(as: "GET") {
            self = .get
        } else if bytes.hasSameBytes(as: "POST") {
            self = .post
        } else if bytes.hasSameBytes(as: "HEAD") {
            self = .head
        } else {
            self.init(rawValue: String(decoding: bytes, as: UTF8.self))
        }
    }

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
