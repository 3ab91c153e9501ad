/// The spec's whitespace rules, applied to the token stream before compiling.
///
/// - A line holding one non-interpolation tag and otherwise only spaces and tabs is *standalone*: its
///   whitespace and line end are dropped, and a partial's leading whitespace becomes its indentation.
/// - A parent pair whose opening tag has only whitespace before it and whose closing tag has only whitespace
///   after it is standalone as a whole, even with both tags on one line.
/// - An argument block (a block directly inside a parent) whose opening tag ends its line drops that line end,
///   and its *intrinsic indentation* (the leading whitespace of the next line) is removed from each line.
/// - A parameter block (any other block) whose pair is standalone indents whatever it renders: by its
///   intrinsic indentation when its opening tag ends its line, else by the whitespace before that tag.
extension Parser {
    /// A line as an inclusive range of token indices.
    private struct Line {
        var first: Int
        var last: Int
    }

    mutating func applyStandaloneRules() {
        var lines: [Line] = []
        var lineOfToken: [Int] = []
        var first = 0
        for index in tokens.indices {
            lineOfToken.append(lines.count)
            if index == tokens.count - 1 || endsWithLineFeed(index) {
                lines.append(Line(first: first, last: index))
                first = index + 1
            }
        }

        // Whether only blank text lies between a tag and the start (left) or end (right) of its line.
        var clearLeft = [Bool](repeating: false, count: tokens.count)
        var clearRight = [Bool](repeating: false, count: tokens.count)
        for line in lines {
            let tags = (line.first...line.last).filter { tokens[$0].kind != .text }
            for tag in tags {
                clearLeft[tag] = (line.first..<tag).allSatisfy(isBlankText)
                clearRight[tag] = (tag + 1..<line.last + 1).allSatisfy(isBlankText)
            }
            if tags.count == 1, let tag = tags.first, canStandAlone(tokens[tag].kind), clearLeft[tag], clearRight[tag]
            {
                tokens[tag].isStandalone = true
                tokens[tag].indentation = text(line.first..<tag)
                removeText(line.first...line.last)
            }
        }

        // Token order handles outer blocks first, so nested blocks measure indentation after the outer trim.
        for open in tokens.indices where tokens[open].kind == .parent || tokens[open].kind == .block {
            let close = tokens[open].partner
            let openLine = lines[lineOfToken[open]]
            let closeLine = lines[lineOfToken[close]]
            let enclosing = tokens[open].enclosing
            if tokens[open].kind == .parent {
                guard clearLeft[open], clearRight[close] else { continue }
                tokens[open].isStandalone = true
                tokens[open].indentation = text(openLine.first..<open)
                removeText(openLine.first..<open)
                removeText(close + 1..<closeLine.last + 1)
            } else if enclosing >= 0, tokens[enclosing].kind == .parent {
                guard clearRight[open] else { continue }
                removeText(open + 1..<openLine.last + 1)
                _ = trimIntrinsicIndentation(firstLine: openLine.last + 1, end: close)
            } else if clearLeft[open], clearRight[close] {
                tokens[open].isStandaloneBlock = true
                tokens[open].indentation =
                    clearRight[open]
                    ? trimIntrinsicIndentation(firstLine: openLine.last + 1, end: close)
                    : text(openLine.first..<open)
            }
        }
    }

    /// Interpolations never stand alone: their line is output.
    private func canStandAlone(_ kind: Token.Kind) -> Bool {
        kind != .variable && kind != .unescapedVariable && kind != .text
    }

    /// Removes the leading whitespace of the line starting at token `firstLine` from that line and every later
    /// line before token `end`, and returns it.
    private mutating func trimIntrinsicIndentation(firstLine: Int, end: Int) -> [UInt8] {
        guard firstLine < end, tokens[firstLine].kind == .text else { return [] }
        let lineStart = tokens[firstLine].start
        let intrinsic = Array(source[lineStart..<tokens[firstLine].end].prefix(while: ASCII.isBlank))
        guard !intrinsic.isEmpty else { return [] }
        for index in firstLine..<end where tokens[index].kind == .text {
            let startsLine = index == firstLine || endsWithLineFeed(index - 1)
            if startsLine, source[tokens[index].start..<tokens[index].end].starts(with: intrinsic) {
                tokens[index].start += intrinsic.count
            }
        }
        return intrinsic
    }

    private func endsWithLineFeed(_ index: Int) -> Bool {
        let token = tokens[index]
        return token.kind == .text && token.end > token.start && source[token.end - 1] == ASCII.lineFeed
    }

    /// Text of only spaces and tabs, possibly ending its line with `\n` or `\r\n`.
    private func isBlankText(_ index: Int) -> Bool {
        let token = tokens[index]
        guard token.kind == .text else { return false }
        var end = token.end
        if end > token.start, source[end - 1] == ASCII.lineFeed {
            end -= 1
            if end > token.start, source[end - 1] == ASCII.carriageReturn {
                end -= 1
            }
        }
        return source[token.start..<end].allSatisfy(ASCII.isBlank)
    }

    private func text(_ range: Range<Int>) -> [UInt8] {
        range.flatMap { tokens[$0].kind == .text ? Array(source[tokens[$0].start..<tokens[$0].end]) : [] }
    }

    private mutating func removeText(_ range: some Sequence<Int>) {
        for index in range where tokens[index].kind == .text {
            tokens[index].isRemoved = true
        }
    }
}
