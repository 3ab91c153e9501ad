/// A location inside a JSON document, written the way problems name it: `tables[0].sections[2].rows[1].id`.
///
/// Keys that are not plain identifiers are written in brackets, `order["extra-baths"]`, so every path reads back
/// unambiguously. The root is the empty path.
struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    static let root = JSONPath()

    func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    mutating func append(_ component: Component) {
        components.append(component)
    }

    mutating func removeLast() {
        components.removeLast()
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[" + JSONWriter.quoted(key) + "]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }
}
