/// One piece of a template's source: a run of text that never spans a line end, or one tag.
///
/// The later passes (pairing, standalone lines, compiling) annotate tokens in place.
struct Token {
    enum Kind {
        case text, variable, unescapedVariable, section, invertedSection, close
        case partial, parent, block, comment, setDelimiter

        /// Sections, inverted sections, parents and blocks open a pair closed by `{{/name}}`.
        var opensPair: Bool {
            switch self {
            case .section, .invertedSection, .parent, .block: true
            default: false
            }
        }
    }

    var kind: Kind
    /// Byte range in the source: the text itself, or the whole tag with its delimiters.
    var start: Int
    var end: Int
    /// The tag's trimmed content; empty for text, comments and set-delimiter tags.
    var name = ""

    /// The matching open or close tag of a pair.
    var partner = -1
    /// The innermost pair-opening tag around this token.
    var enclosing = -1
    /// Text the standalone rules dropped.
    var isRemoved = false
    /// The tag's line is dropped: it stood alone on it, or it is a standalone parent pair.
    var isStandalone = false
    /// Whitespace before a standalone partial or parent, or a standalone block's indentation.
    var indentation: [UInt8] = []
    /// A block whose pair is standalone indents the content it renders.
    var isStandaloneBlock = false
}

/// Splits a template's bytes into tokens, applying set-delimiter tags as it goes.
struct Lexer {
    let source: [UInt8]
    let location: TemplateLocator
    private var tokens: [Token] = []
    private var openDelimiter: [UInt8] = Array("{{".utf8)
    private var closeDelimiter: [UInt8] = Array("}}".utf8)

    init(source: [UInt8], location: TemplateLocator) {
        self.source = source
        self.location = location
    }

    mutating func run() throws(MustacheError) -> [Token] {
        var position = 0
        while position < source.count {
            guard let tagStart = find(openDelimiter, from: position) else {
                appendText(position..<source.count)
                break
            }
            appendText(position..<tagStart)
            position = try lexTag(at: tagStart)
        }
        return tokens
    }

    /// Appends text split after each line feed, so that every text token lies on one line.
    private mutating func appendText(_ range: Range<Int>) {
        var start = range.lowerBound
        for index in range where source[index] == ASCII.lineFeed {
            tokens.append(Token(kind: .text, start: start, end: index + 1))
            start = index + 1
        }
        if start < range.upperBound {
            tokens.append(Token(kind: .text, start: start, end: range.upperBound))
        }
    }

    /// Lexes the tag at `tagStart` and returns the offset after it.
    private mutating func lexTag(at tagStart: Int) throws(MustacheError) -> Int {
        var contentStart = tagStart + openDelimiter.count
        let sigil = contentStart < source.count ? source[contentStart] : 0
        var closing = closeDelimiter
        let kind: Token.Kind
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .unescapedVariable
            closing = [UInt8(ascii: "}")] + closeDelimiter
        case UInt8(ascii: "&"): kind = .unescapedVariable
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: "="):
            kind = .setDelimiter
            closing = [UInt8(ascii: "=")] + closeDelimiter
        default: kind = .variable
        }
        if kind != .variable {
            contentStart += 1
        }
        guard let contentEnd = find(closing, from: contentStart) else {
            throw .parse(.unclosedTag, at: location(tagStart))
        }
        let tagEnd = contentEnd + closing.count
        var token = Token(kind: kind, start: tagStart, end: tagEnd)
        let content = source[contentStart..<contentEnd]
        switch kind {
        case .comment:
            break
        case .setDelimiter:
            try setDelimiters(content, at: tagStart)
        default:
            token.name = try validatedName(content, kind: kind, at: tagStart)
        }
        tokens.append(token)
        return tagEnd
    }

    private mutating func setDelimiters(_ content: ArraySlice<UInt8>, at offset: Int) throws(MustacheError) {
        let parts = content.split(whereSeparator: ASCII.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw .parse(.invalidDelimiters(String(decoding: content, as: UTF8.self)), at: location(offset))
        }
        openDelimiter = Array(parts[0])
        closeDelimiter = Array(parts[1])
    }

    private func validatedName(
        _ content: ArraySlice<UInt8>,
        kind: Token.Kind,
        at offset: Int
    ) throws(MustacheError) -> String {
        var trimmed = trimmingWhitespace(content)
        var prefix = ""
        if kind == .partial || kind == .parent, trimmed.first == UInt8(ascii: "*") {
            // The spec allows `{{> * name }}`: the star is not part of the name.
            prefix = "*"
            trimmed = trimmingWhitespace(trimmed.dropFirst())
        }
        let name = prefix + String(decoding: trimmed, as: UTF8.self)
        guard !trimmed.isEmpty else {
            throw .parse(.emptyTag, at: location(offset))
        }
        guard !trimmed.contains(where: ASCII.isWhitespace) else {
            throw .parse(.invalidName(name), at: location(offset))
        }
        // Partial, parent and block names are free-form (`rows/row`); a dynamic partial names data after its `*`.
        let dottedName: Substring? =
            switch kind {
            case .partial, .parent: name.hasPrefix("*") ? name.dropFirst() : nil
            case .block: nil
            default: Substring(name)
            }
        if let dottedName, dottedName != ".",
            dottedName.split(separator: ".", omittingEmptySubsequences: false)
                .contains(where: \.isEmpty)
        {
            throw .parse(.invalidName(name), at: location(offset))
        }
        return name
    }

    private func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !ASCII.isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !ASCII.isWhitespace($0) })
        else { return [] }
        return bytes[first...last]
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        while index <= source.count - needle.count {
            if source[index] == first, source[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// The few ASCII bytes the parser cares about.
enum ASCII {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Whitespace inside tags: spaces, tabs and line ends.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }

    /// Whitespace that may surround a standalone tag on its line: spaces and tabs.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }
}
