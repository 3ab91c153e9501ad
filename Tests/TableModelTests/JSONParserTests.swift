import Testing
@testable import TableModel

/// The JSON layer: strict parsing with positions, key order, duplicate keys, Unicode, and the writer.
@Suite struct JSONParserTests {
    private func syntaxError(_ text: String) -> String? {
        syntaxError(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return "\(SourceLocator(bytes).position(of: error.offset)): \(error.message)"
        }
    }

    private func parse(_ text: String) throws -> JSONParser.Document {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(syntaxError("{\"id\": \"a\",\n  \"title\": \"x\"\n  \"sections\": []}")
            == "line 3, column 3: expected ',' or '}' after an object member, found '\"'")
        #expect(syntaxError("{\"a\" 1}") == "line 1, column 6: expected ':' after the key \"a\", found '1'")
        #expect(syntaxError("{} x") == "line 1, column 4: unexpected 'x' after the end of the JSON value")
        #expect(syntaxError("True") == "line 1, column 1: expected a value, found 'T'")
    }

    @Test func truncatedInputNamesWhatWasLeftOpen() {
        #expect(syntaxError("{\"a\": [1, 2") == "line 1, column 12: unexpected end of input inside the array"
            + " that starts at line 1, column 7 (is the file truncated?)")
        let string = syntaxError("{\n\"a\": \"abc")
        #expect(string == "line 2, column 10: unexpected end of input inside the string that starts at line 2, column 6"
            + " (is the file truncated?)")
        #expect(syntaxError("nul") == "line 1, column 4: unexpected end of input: expected null")
        #expect(syntaxError("") == "line 1, column 1: the input is empty: expected a JSON value")
        #expect(syntaxError(" \n ") == "line 2, column 2: the input holds only white space: expected a JSON value")
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        #expect(syntaxError("{\"é\": 1, \"a\" : ]}") == "line 1, column 16: expected a value, found ']'")
    }

    @Test func trailingCommasAreRefused() {
        #expect(syntaxError("[1,]")
            == "line 1, column 4: expected a value, found ']' (a trailing comma is not allowed)")
        #expect(syntaxError("{\"a\":1,}")
            == "line 1, column 8: expected a key in double quotes, found '}' (a trailing comma is not allowed)")
    }

    @Test func objectsKeepTheirKeyOrder() throws {
        let document = try parse(#"{"zeta": 1, "alpha": 2, "mid": 3}"#)
        guard case .object(let members) = document.root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["zeta", "alpha", "mid"])
    }

    @Test func duplicateKeysAreRefusedWithBothPositions() throws {
        let document = try parse("{\"a\": {\"id\": 1,\n \"id\": 2}}")
        #expect(document.issues.map { "\($0.path): \($0.message)" }
            == ["a.id: duplicate field (first at line 1, column 8)"])
        guard case .object(let outer) = document.root.value, case .object(let inner) = outer[0].value.value,
            case .number(let number) = inner[0].value.value
        else {
            Issue.record("expected nested objects")
            return
        }
        #expect(inner.count == 1 && number.integer == 1, "the first member is kept")
    }

    @Test func loneSurrogatesAreRefusedAndPairsDecoded() throws {
        let document = try parse(#"{"a": ["\ud800x", "\udc00", "\ud83d\ude00", "\ud83d\u0041"]}"#)
        #expect(document.issues.map { "\($0.path): \($0.message)" } == [
            "a[0]: lone surrogate \\ud800 is not Unicode text",
            "a[1]: lone surrogate \\udc00 is not Unicode text",
            "a[3]: lone surrogate \\ud83d is not Unicode text",
        ])
        guard case .object(let members) = document.root.value, case .array(let strings) = members[0].value.value
        else {
            Issue.record("expected an array")
            return
        }
        let values = strings.map { if case .string(let value) = $0.value { value } else { "" } }
        #expect(values == ["\u{FFFD}x", "\u{FFFD}", "😀", "\u{FFFD}A"])
    }

    @Test func escapesAreDecoded() throws {
        let document = try parse(#""\"\\\/\b\f\n\r\t\u00e9\u65e5""#)
        guard case .string(let value) = document.root.value else {
            Issue.record("expected a string")
            return
        }
        #expect(value == "\"\\/\u{08}\u{0C}\n\r\té日")
        #expect(syntaxError(#""\x""#)
            == #"line 1, column 2: invalid escape '\x' (use \" \\ \/ \b \f \n \r \t or \uXXXX)"#)
        #expect(syntaxError(#""\u12G4""#) == "line 1, column 6: expected four hexadecimal digits after \\u, found 'G'")
    }

    @Test func rawControlCharactersInStringsAreRefused() {
        #expect(syntaxError("\"a\u{7}\"")
            == "line 1, column 3: control character U+0007 inside a string must be escaped")
        #expect(syntaxError("\"a\nb\"")
            == "line 1, column 3: line break inside a string (a missing closing quote? write \\n for a line break)")
    }

    @Test func invalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xFF]] {
            let error = syntaxError([0x22] + bytes + [0x22])
            #expect(error?.hasPrefix("line 1, column 2: invalid UTF-8 byte 0x") == true, "\(bytes)")
        }
        #expect(syntaxError([0x7B, 0xFF])
            == "line 1, column 2: expected a key in double quotes, found invalid UTF-8 byte 0xFF")
    }

    @Test func numbersFollowTheGrammar() throws {
        for (text, integer) in [("0", 0), ("-12", -12), ("1.5", nil), ("1e3", nil), ("99999999999999999999", nil)] {
            guard case .number(let number) = try parse(text).root.value else {
                Issue.record("expected a number for \(text)")
                continue
            }
            #expect(number.literal == text && number.integer == integer)
        }
        #expect(syntaxError("01") == "line 1, column 2: a number must not start with a leading zero")
        #expect(syntaxError("-x") == "line 1, column 2: expected a digit after '-'")
        #expect(syntaxError("1.x") == "line 1, column 3: expected a digit after the decimal point, found 'x'")
        #expect(syntaxError("1e") == "line 1, column 3: unexpected end of input: expected a digit")
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(syntaxError(deep) == "line 1, column 65: the document nests deeper than 64 levels")
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(syntaxError(allowed) == nil)
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let document = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        guard case .object(let members) = document.root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.isEmpty)
    }

    @Test func writerEscapesWhatJSONRequiresAndRoundTrips() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{7} del \u{7F} é 日本 😀 e\u{301}"
        #expect(JSONWriter.quoted("a\"\u{301}") == "\"a\\\"\u{301}\"", "a quote before a combining mark stays escaped")
        var writer = JSONWriter(pretty: false)
        writer.beginArray()
        writer.string(text)
        writer.endArray()
        #expect(writer.output.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
        guard case .array(let elements) = try parse(writer.output).root.value,
            case .string(let decoded) = elements.first?.value
        else {
            Issue.record("expected an array of one string")
            return
        }
        #expect(decoded == text)
    }

    @Test func writerIndentsWhenPretty() {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("a")
        writer.stringArray(["x", "y"])
        writer.key("b")
        writer.beginObject()
        writer.endObject()
        writer.key("c")
        writer.beginArray()
        writer.beginObject()
        writer.key("n")
        writer.integer(1)
        writer.key("t")
        writer.bool(true)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        #expect(writer.output == """
            {
              "a": ["x", "y"],
              "b": {},
              "c": [
                {
                  "n": 1,
                  "t": true
                }
              ]
            }
            """)
    }
}
