/// Compiles the annotated token stream into a `Program`.
struct Compiler {
    let source: [UInt8]
    let tokens: [Token]
    private var ops: [Op] = []
    private var bytes: [UInt8] = []
    private var lineStarts: [Int] = []
    private var keys: [MustacheKey] = []
    private var partials: [PartialCall] = []
    private var partialNames: [String] = []
    private var arguments: [[Argument]] = []
    private var blocks: [BlockSlot] = []
    /// Whether the last operation is text that following text may extend.
    private var canExtendText = false

    init(source: [UInt8], tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    func program(name: String) -> Program {
        Program(
            name: name,
            ops: ops,
            bytes: bytes,
            lineStarts: lineStarts,
            keys: keys,
            partials: partials,
            partialNames: partialNames,
            arguments: arguments,
            blocks: blocks
        )
    }

    /// Compiles `tokens[range]`; recursion follows the nesting, which the parser bounds.
    mutating func compile(_ range: Range<Int>) {
        canExtendText = false
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            switch token.kind {
            case .text:
                if !token.isRemoved, token.start < token.end {
                    appendText(source[token.start..<token.end])
                }
            case .variable, .unescapedVariable:
                append(.variable(name(token.name), escaped: token.kind == .variable))
            case .section, .invertedSection:
                let name = name(token.name)
                let at = placeholder()
                compile(index + 1..<token.partner)
                let end = ops.count
                ops[at] = token.kind == .section ? .section(name, end: end) : .invertedSection(name, end: end)
                index = token.partner
            case .block:
                blocks.append(
                    BlockSlot(
                        key: MustacheKey(token.name),
                        indentation: storeIndentation(token.isStandaloneBlock ? token.indentation : []),
                        startsLine: token.isStandalone
                    )
                )
                let slot = blocks.count - 1
                let at = placeholder()
                compile(index + 1..<token.partner)
                ops[at] = .block(slot, end: ops.count)
                index = token.partner
            case .parent:
                let call = addPartialCall(token)
                let at = placeholder()
                arguments[call] = compileArguments(index + 1..<token.partner)
                ops[at] = .parent(call, end: ops.count)
                index = token.partner
            case .partial:
                append(.partial(addPartialCall(token)))
            case .close, .comment, .setDelimiter:
                break
            }
            index += 1
        }
        canExtendText = false
    }

    /// A parent's content is its block tags; text and other tags between them are ignored.
    private mutating func compileArguments(_ range: Range<Int>) -> [Argument] {
        var arguments: [Argument] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .block {
                let start = ops.count
                compile(index + 1..<token.partner)
                arguments.append(Argument(key: MustacheKey(token.name), body: start..<ops.count))
            }
            index = token.kind.opensPair ? token.partner + 1 : index + 1
        }
        return arguments
    }

    /// Records a partial or parent tag and returns its index.
    private mutating func addPartialCall(_ token: Token) -> Int {
        let isDynamic = token.name.hasPrefix("*")
        let name = isDynamic ? String(token.name.dropFirst()) : token.name
        partials.append(
            PartialCall(
                dynamicName: isDynamic ? self.name(name) : nil,
                indentation: storeIndentation(token.isStandalone ? token.indentation : []),
                isStandalone: token.isStandalone
            )
        )
        partialNames.append(name)
        arguments.append([])
        return partials.count - 1
    }

    /// Keeps indentation in `bytes`, outside any text operation, and returns where.
    private mutating func storeIndentation(_ indentation: [UInt8]) -> Range<Int> {
        bytes += indentation
        canExtendText = false
        return bytes.count - indentation.count..<bytes.count
    }

    private mutating func name(_ name: String) -> Name {
        let start = keys.count
        if name != "." {
            keys += name.split(separator: ".").map { MustacheKey(String($0)) }
        }
        return Name(start: start, count: keys.count - start)
    }

    private mutating func append(_ op: Op) {
        ops.append(op)
        canExtendText = false
    }

    private mutating func placeholder() -> Int {
        append(.partial(PartialCall.unresolved))
        return ops.count - 1
    }

    private mutating func appendText(_ text: ArraySlice<UInt8>) {
        let start = bytes.count
        let firstLine = lineStarts.count
        for (offset, byte) in text.enumerated() where byte == ASCII.lineFeed {
            lineStarts.append(start + offset + 1)
        }
        bytes += text
        if canExtendText, case .text(let previousStart, _, let lines) = ops[ops.count - 1] {
            ops[ops.count - 1] = .text(
                start: previousStart,
                end: bytes.count,
                lines: lines.lowerBound..<lineStarts.count
            )
        } else {
            ops.append(.text(start: start, end: bytes.count, lines: firstLine..<lineStarts.count))
        }
        canExtendText = true
    }
}
