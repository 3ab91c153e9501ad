extension XMLNode {
    /// The accessible name of an element, computed as browsers do for this project's markup.
    ///
    /// `aria-labelledby` (the referenced elements' text, joined by spaces) wins, then `aria-label`,
    /// then the element's own text with `aria-hidden="true"` subtrees left out. Whitespace runs
    /// collapse to one space and the ends are trimmed. CSS is not known here: text hidden with
    /// `display: none` would still count (the markup hides nothing that way), and text hidden with
    /// `.visually-hidden` counts, as it does in browsers.
    public var accessibleName: String {
        if let references = attribute("aria-labelledby") {
            let texts = splitOnASCIIWhitespace(references).flatMap { id in
                document.elements(withID: id).map(\.visibleText)
            }
            let name = collapsedWhitespace(texts.joined(separator: " "))
            if !name.isEmpty {
                return name
            }
        }
        if let label = attribute("aria-label"), !collapsedWhitespace(label).isEmpty {
            return collapsedWhitespace(label)
        }
        let text = collapsedWhitespace(visibleText)
        // An element with no text is named by its tooltip (accname 1.2, step 2I).
        if text.isEmpty, let title = attribute("title") { return collapsedWhitespace(title) }
        return text
    }

    /// The element's text without the subtrees marked `aria-hidden="true"`.
    var visibleText: String {
        guard kind == .element else { return text }
        if attribute("aria-hidden") == "true" {
            return ""
        }
        var result = ""
        var child = pointer.pointee.children
        while let current = child {
            let node = XMLNode(document: document, pointer: current)
            switch node.kind {
            case .element: result += node.visibleText
            case .text: result += node.text
            default: break
            }
            child = current.pointee.next
        }
        return result
    }
}

/// Collapses runs of ASCII whitespace (as HTML defines it) into one space and trims the ends.
func collapsedWhitespace(_ text: String) -> String {
    splitOnASCIIWhitespace(text).joined(separator: " ")
}

/// The tokens of a space-separated attribute value (`aria-labelledby="a b"`, `class`).
func splitOnASCIIWhitespace(_ text: String) -> [String] {
    text.unicodeScalars.split(whereSeparator: \.isASCIIWhitespace).map { String(String.UnicodeScalarView($0)) }
}

extension Unicode.Scalar {
    /// Tab, line feed, form feed, carriage return and space: HTML's ASCII whitespace.
    var isASCIIWhitespace: Bool {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: true
        default: false
        }
    }
}
