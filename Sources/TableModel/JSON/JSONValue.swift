/// A parsed JSON value with the byte offset where it starts, so that problems can name a line and column.
struct JSONNode: Sendable {
    var value: JSONValue
    var offset: Int
}

/// A JSON value. Objects keep their members in document order; the parser has already refused duplicate keys.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// The kind of value with its article, for messages such as "expected a string, found an array".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` member of an object.
struct JSONMember: Sendable {
    var key: String
    var keyOffset: Int
    var value: JSONNode
}

/// A number as written. Only integers are read as values by this module; the literal keeps messages exact.
struct JSONNumber: Sendable {
    var literal: String
    /// The value when the literal is an integer (no fraction, no exponent) that fits in `Int`.
    var integer: Int?
}
