/// A name with a value: a header field, a form field or a cookie.
public struct NameValuePair: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// A pair with the given name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
