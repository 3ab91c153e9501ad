/// Turns a template's source into a compiled `Program`: lex, pair the sections, apply the standalone-line and
/// indentation rules, compile.
struct Parser {
    /// Deeper nesting is refused so that a hostile template cannot exhaust the stack of the recursive passes.
    static let nestingLimit = 100

    let source: [UInt8]
    let location: TemplateLocator
    var tokens: [Token]

    static func parse(_ source: [UInt8], name: String) throws(MustacheError) -> Program {
        let location = TemplateLocator(source: source, templateName: name)
        var lexer = Lexer(source: source, location: location)
        var parser = Parser(source: source, location: location, tokens: try lexer.run())
        try parser.pairSections()
        parser.applyStandaloneRules()
        var compiler = Compiler(source: source, tokens: parser.tokens)
        compiler.compile(0..<parser.tokens.count)
        return compiler.program(name: name)
    }

    /// Links every pair-opening tag with its `{{/name}}` and records each token's innermost enclosing pair.
    mutating func pairSections() throws(MustacheError) {
        var open: [Int] = []
        for index in tokens.indices {
            tokens[index].enclosing = open.last ?? -1
            let token = tokens[index]
            if token.kind.opensPair {
                open.append(index)
                guard open.count <= Self.nestingLimit else {
                    throw .parse(.nestingTooDeep(limit: Self.nestingLimit), at: location(token.start))
                }
            } else if token.kind == .close {
                guard let opener = open.popLast() else {
                    throw .parse(.unexpectedClose(token.name), at: location(token.start))
                }
                guard tokens[opener].name == token.name else {
                    let failure = ParseFailure.mismatchedClose(open: tokens[opener].name, close: token.name)
                    throw .parse(failure, at: location(token.start))
                }
                tokens[opener].partner = index
                tokens[index].partner = opener
            }
        }
        if let opener = open.last {
            throw .parse(.unclosedSection(tokens[opener].name), at: location(tokens[opener].start))
        }
    }

}

/// Finds the line and column of a byte offset, for error messages.
struct TemplateLocator {
    let source: [UInt8]
    let templateName: String

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func callAsFunction(_ offset: Int) -> TemplateLocation {
        var line = 1
        var column = 1
        for byte in source[..<min(offset, source.count)] {
            if byte == ASCII.lineFeed {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TemplateLocation(template: templateName, line: line, column: column)
    }
}
