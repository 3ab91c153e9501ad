extension PageInspection {
    /// `<html lang>` at the root, with a non-empty `<title>` in its head.
    mutating func checkDocumentShape() {
        guard let root = document.root, root.name == "html" else {
            report(document.root, "the root element is not <html>")
            return
        }
        if collapsedWhitespace(root.attribute("lang") ?? "").isEmpty {
            report(root, "<html> has no lang attribute")
        }
        let titles = select("/html/head/title")
        if titles.count != 1 || collapsedWhitespace(titles[0].text).isEmpty {
            report(root, "the head needs exactly one non-empty <title>")
        }
        // The style sheet displays the body's content only once the browser has parsed this marker (docs/HTML.md
        // "Page shell"): a page without it, last, would stay blank.
        let last = select("/html/body/*[last()]").first
        if last?.name != "div" || last?.attribute("class") != "page-end" || last?.attribute("hidden") == nil
            || !(last?.children.isEmpty ?? false) {
            report(last ?? root, "the body's last element is not the empty <div class=\"page-end\" hidden=\"hidden\">")
        }
    }

    /// No script anywhere, in any namespace (inline SVG has its own `<script>`).
    mutating func checkNoScripts() {
        for script in select("//*[local-name() = 'script']") {
            report(script, "a <script> element")
        }
    }

    /// No inline event handler attribute (`onclick`, `ONLOAD`: HTML attribute names ignore case).
    mutating func checkNoEventHandlers() {
        let lowercased = "translate(local-name(), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
        for attribute in select("//@*[starts-with(\(lowercased), 'on')]") {
            report(attribute.parent, "event handler attribute \(attribute.name) on <\(attribute.parent?.name ?? "?")>")
        }
    }

    /// Attributes a browser follows or loads as a URL.
    private static let urlAttributes: Set<String> = [
        "action", "background", "cite", "data", "formaction", "href", "icon", "manifest", "ping", "poster",
        "src", "srcset", "xlink:href",
    ]

    /// No `javascript:` URL, in the forms a browser still accepts (`JavaScript:`, ` java\tscript:`).
    mutating func checkNoJavaScriptURLs() {
        for element in select("//*") {
            for attribute in element.attributes where Self.urlAttributes.contains(attribute.name.lowercased()) {
                // Browsers strip leading C0 controls and spaces and drop tabs and newlines anywhere; the XML
                // parser has already turned literal tabs and newlines into spaces, so all whitespace goes.
                let scalars = attribute.value.unicodeScalars.filter { $0.value > 0x20 }
                let url = String(String.UnicodeScalarView(scalars)).lowercased()
                if url.hasPrefix("javascript:") || (attribute.name == "srcset" && url.contains(",javascript:")) {
                    report(element, "javascript: URL in \(attribute.name) of <\(element.name)>")
                }
            }
        }
    }

    /// Ids are non-empty, free of whitespace and unique on the page.
    mutating func checkUniqueIDs() {
        var seen: [String: XMLNode] = [:]
        for attribute in select("//@id") {
            let id = attribute.text
            if id.isEmpty || splitOnASCIIWhitespace(id) != [id] {
                report(attribute.parent, "id \"\(id)\" is empty or contains whitespace")
            } else if let first = seen[id] {
                report(attribute.parent, "duplicate id \"\(id)\" (first at line \(first.line))")
            } else if let element = attribute.parent {
                seen[id] = element
            }
        }
    }

    /// Attributes that name other elements by id; each id must exist on the page.
    private static let idReferenceAttributes = [
        "aria-activedescendant", "aria-controls", "aria-describedby", "aria-details", "aria-errormessage",
        "aria-flowto", "aria-labelledby", "aria-owns", "for",
    ]

    /// Every `aria-labelledby` (and other id reference) points to an element of the page.
    mutating func checkIDReferences() {
        for name in Self.idReferenceAttributes {
            for attribute in select("//@\(name)") {
                let ids = splitOnASCIIWhitespace(attribute.text)
                if ids.isEmpty {
                    report(attribute.parent, "empty \(name)")
                }
                for id in ids where document.elements(withID: id).isEmpty {
                    report(attribute.parent, "\(name) points to missing id \"\(id)\"")
                }
            }
        }
    }

    /// The page's one message (`id="message"`) is a `status` or an `alert`.
    mutating func checkMessage() {
        let live = select("//*[@role = 'status' or @role = 'alert']")
        if live.count > 1 {
            report(live[1], "\(live.count) messages (role status or alert) on one page instead of at most 1")
        }
        for message in document.elements(withID: "message") {
            let role = message.attribute("role")
            if role != "status" && role != "alert" {
                report(message, "#message has role \(role.map { "\"\($0)\"" } ?? "none"), not status or alert")
            }
            if collapsedWhitespace(message.visibleText).isEmpty {
                report(message, "#message has no text")
            }
        }
    }
}
