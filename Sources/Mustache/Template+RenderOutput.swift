/// How the renderer writes: template text with its indentation, and interpolated values.
extension Renderer {
    mutating func appendText(_ program: Program, _ range: Range<Int>, lines: Range<Int>) {
        program.bytes.withUnsafeBufferPointer { bytes in
            if indentation.isEmpty {
                output.append(UnsafeBufferPointer(rebasing: bytes[range]))
            } else {
                program.lineStarts.withUnsafeBufferPointer { lineStarts in
                    indentation.withUnsafeBufferPointer { indentation in
                        output.append(
                            lines: bytes,
                            range,
                            lineStarts: UnsafeBufferPointer(rebasing: lineStarts[lines]),
                            indentation: indentation,
                            indentFirst: atLineStart
                        )
                    }
                }
            }
            atLineStart = bytes[range.upperBound - 1] == ASCII.lineFeed
        }
    }

    /// Interpolates a value; lists and contexts render nothing.
    mutating func append(_ value: MustacheValue, escaped: Bool) {
        switch value.storage {
        case .null, .context, .borrowedContext, .list:
            return
        case .bool(let bool):
            startOutput()
            let text: StaticString = bool ? "true" : "false"
            output.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        case .int(let int):
            startOutput()
            appendDecimal(int)
        case .double(let double):
            startOutput()
            output.append(Array(double.description.utf8))
        case .string(let string):
            guard !string.isEmpty else { return }
            startOutput()
            if escaped {
                HTMLEscape.escape(string, to: &output)
            } else {
                appendUnescaped(string)
            }
        case .text(let text):
            text.withBytes(escaped: escaped) { bytes in
                guard !bytes.isEmpty else { return }
                startOutput()
                output.append(bytes)
            }
        case .borrowedText(let text):
            let bytes = text.bytes(escaped: escaped)
            guard !bytes.isEmpty else { return }
            startOutput()
            output.append(bytes)
        }
    }

    /// Data starts a line like template text does: after the indentation. Called only when bytes follow.
    private mutating func startOutput() {
        if atLineStart, !indentation.isEmpty {
            output.append(indentation)
        }
        atLineStart = false
    }

    private mutating func appendDecimal(_ int: Int) {
        if int < 0 {
            output.append(UInt8(ascii: "-"))
        }
        var magnitude = int.magnitude
        let firstDigit = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var low = firstDigit
        var high = output.count - 1
        while low < high {
            (output[low], output[high]) = (output[high], output[low])
            low += 1
            high -= 1
        }
    }

    private mutating func appendUnescaped(_ string: String) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { output.append($0) }
        if done == nil {
            output.append(Array(string.utf8))
        }
    }
}
