/// One language's UI strings: key → text with `{name}` placeholders, e.g. `"row.delete": "{title}を削除"`.
///
/// The templates use an entry as a partial (`{{>ui/row.delete}}`, its placeholders becoming `{{title}}`), so a
/// page's fixed words cost nothing per request; the code formats the rest (`text(_:_:)`) when it builds a
/// message or prepares a table's counts.
public struct StringCatalogue: Sendable {
    /// The language the strings are in.
    public let language: UILanguage
    let entries: [String: String]

    /// A catalogue from already checked entries (`StringCatalogues.load` checks them).
    init(language: UILanguage, entries: [String: String]) {
        self.language = language
        self.entries = entries
    }

    /// The entry `key` with its placeholders filled in. A placeholder without an argument stays as written, and
    /// a key the catalogue lacks shows as itself: neither happens with a checked catalogue.
    func text(_ key: UIText, _ arguments: [String: String] = [:]) -> String {
        text(forKey: key.rawValue, arguments)
    }

    func text(forKey key: String, _ arguments: [String: String] = [:]) -> String {
        guard let entry = entries[key] else { return key }
        guard !arguments.isEmpty else { return entry }
        var result = ""
        for piece in Self.pieces(of: entry) {
            switch piece {
            case .literal(let text): result += text
            case .placeholder(let name): result += arguments[name] ?? "{\(name)}"
            }
        }
        return result
    }

    /// The entry `key` as Mustache source: the literal text HTML-escaped, each placeholder a `{{name}}` tag.
    func templateSource(forKey key: String) -> String {
        var source = ""
        for piece in Self.pieces(of: entries[key] ?? key) {
            switch piece {
            case .literal(let text): source += Self.escaped(text)
            case .placeholder(let name): source += "{{\(name)}}"
            }
        }
        return source
    }

    /// A part of an entry.
    enum Piece: Equatable {
        case literal(String)
        case placeholder(String)
    }

    /// An entry cut into literal text and `{name}` placeholders (`name`: a-z, 0-9, `-`); a brace that does not
    /// open or close one is literal text (the catalogue check refuses it).
    static func pieces(of entry: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = entry[...]
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), isPlaceholderName(rest[afterOpen..<close]) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.placeholder(String(rest[afterOpen..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                literal += "{"
                rest = rest[afterOpen...]
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    static func isPlaceholderName(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }

    /// `text` escaped for HTML text and attribute values (the templates' default escaping does the same to
    /// values).
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
