import Mustache
import Testing

struct HTMLEscapeTests {
    @Test func escapesAmpersandAnglesAndBothQuotes() {
        #expect(
            HTMLEscape.escaped(#"a & b < c > d " e ' f"#) == Array("a &amp; b &lt; c &gt; d &quot; e &#39; f".utf8)
        )
    }

    @Test func quoteFollowedByCombiningMarkIsStillEscaped() throws {
        // `"` + U+0301 is a single Character that is not equal to `"`: escaping per byte still catches the quote.
        let value = "\"\u{301}"
        #expect(HTMLEscape.escaped(value) == Array("&quot;\u{301}".utf8))
        let template = try Template(#"<input value="{{value}}">"#)
        #expect(try template.render(["value": .string(value)]) == "<input value=\"&quot;\u{301}\">")
    }

    @Test func multiByteTextPassesThroughUnchanged() {
        let text = "Grüße, 日本語 🐟 – e\u{301}"
        #expect(HTMLEscape.escaped(text) == Array(text.utf8))
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
        let template = try Template("{{{html}}} {{&html}} {{html}}")
        #expect(try template.render(["html": "<b>"]) == "<b> <b> &lt;b&gt;")
    }

    @Test func preparedTextRendersItsPrecomputedForms() throws {
        let text = MustacheText("Fish & <Chips>")
        #expect(Array(text.raw) == Array("Fish & <Chips>".utf8))
        #expect(Array(text.escaped) == Array("Fish &amp; &lt;Chips&gt;".utf8))
        let template = try Template("{{text}}|{{{text}}}")
        #expect(try template.render(["text": .text(text)]) == "Fish &amp; &lt;Chips&gt;|Fish & <Chips>")
    }

    @Test func trustedHTMLIsNeverEscaped() throws {
        let template = try Template("{{icon}}")
        let icon = MustacheText(trustedHTML: #"<svg aria-hidden="true"></svg>"#)
        #expect(try template.render(["icon": .text(icon)]) == #"<svg aria-hidden="true"></svg>"#)
    }
}
