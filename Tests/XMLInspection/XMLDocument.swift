import CLibXML2

/// A page parsed by libxml2's strict XML parser, for tests that inspect rendered HTML.
///
/// Parsing uses `xmlReadMemory` with `XML_PARSE_NONET` and no recovery: any well-formedness or
/// namespace error makes the initialiser throw, with every error libxml2 reported.
///
/// Element names are plain in XPath: after parsing, elements in the XHTML namespace
/// (`xmlns="http://www.w3.org/1999/xhtml"`) are moved to no namespace, so `//button[@role='radio']`
/// matches whether or not the page declares the namespace. Elements of other namespaces (inline SVG)
/// keep theirs; match them with `local-name()`.
public final class XMLDocument {
    let pointer: xmlDocPtr

    /// Parses UTF-8 bytes.
    public init(parsing bytes: [UInt8]) throws {
        guard bytes.count <= Int(Int32.max) else {
            throw XMLInspectionError.inputTooLarge(byteCount: bytes.count)
        }
        guard !bytes.isEmpty else {
            throw XMLInspectionError.malformed([XMLProblem(line: 1, column: 1, message: "Document is empty")])
        }
        let (document, problems) = withProblemsCollected {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { base in
                    xmlReadMemory(base, Int32(buffer.count), nil, nil, Int32(XML_PARSE_NONET.rawValue))
                }
            }
        }
        guard let document, problems.isEmpty else {
            if let document {
                xmlFreeDoc(document)
            }
            let reported = problems.isEmpty
                ? [XMLProblem(line: 0, column: 0, message: "libxml2 returned no document")]
                : problems
            throw XMLInspectionError.malformed(reported)
        }
        pointer = document
        Self.removeXHTMLNamespace(below: xmlDocGetRootElement(document))
    }

    /// Parses a string (its UTF-8 bytes).
    public convenience init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The root element (`html` for a page).
    public var root: XMLNode? {
        xmlDocGetRootElement(pointer).map { XMLNode(document: self, pointer: $0) }
    }

    /// The nodes an XPath 1.0 expression selects, in document order, evaluated from the document.
    ///
    /// Throws `XMLInspectionError.invalidXPath` when the expression does not compile or does not
    /// select nodes (`count(//li)` is a number): a typo must fail a test, not pass it with no matches.
    public func nodes(matching xpath: String) throws -> [XMLNode] {
        try nodes(matching: xpath, from: nil)
    }

    /// The elements with this `id`, in document order (one on a valid page).
    public func elements(withID id: String) -> [XMLNode] {
        var found: [XMLNode] = []
        root?.forEachElement { element in
            if element.attribute("id") == id {
                found.append(element)
            }
        }
        return found
    }

    private static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// Moves XHTML elements to no namespace, so that XPath needs no prefix.
    private static func removeXHTMLNamespace(below root: xmlNodePtr?) {
        var stack: [xmlNodePtr] = root.map { [$0] } ?? []
        while let node = stack.popLast() {
            if let namespace = node.pointee.ns, let href = namespace.pointee.href,
               String(cString: href) == xhtmlNamespace {
                node.pointee.ns = nil
            }
            var child = node.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE {
                    stack.append(current)
                }
                child = current.pointee.next
            }
        }
    }
}
