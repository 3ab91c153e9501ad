import CLibXML2

/// A node of a parsed page: an element, an attribute (from XPath such as `//@id`), text or a comment.
///
/// A node keeps its document alive, so it stays valid as long as it is held.
public struct XMLNode: Equatable, CustomStringConvertible {
    /// What kind of node this is.
    public enum Kind: Sendable, Equatable {
        case element, attribute, text, comment, other
    }

    let document: XMLDocument
    let pointer: xmlNodePtr

    init(document: XMLDocument, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    public static func == (lhs: XMLNode, rhs: XMLNode) -> Bool {
        lhs.pointer == rhs.pointer
    }

    /// The node's kind.
    public var kind: Kind {
        switch pointer.pointee.type {
        case XML_ELEMENT_NODE: .element
        case XML_ATTRIBUTE_NODE: .attribute
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: .text
        case XML_COMMENT_NODE: .comment
        default: .other
        }
    }

    /// The element or attribute name, with its prefix if it has one (`xml:lang`); `text` for text nodes.
    public var name: String {
        let local = pointer.pointee.name.map { String(cString: $0) } ?? ""
        if let prefix = pointer.pointee.ns?.pointee.prefix {
            return String(cString: prefix) + ":" + local
        }
        return local
    }

    /// The line the node starts on in the input.
    public var line: Int {
        Int(xmlGetLineNo(pointer))
    }

    /// The value of an attribute of this element, by name as written (`aria-checked`, `xml:lang`).
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The element's attributes in document order; empty for other nodes.
    public var attributes: [(name: String, value: String)] {
        guard pointer.pointee.type == XML_ELEMENT_NODE else { return [] }
        var result: [(name: String, value: String)] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            let node = XMLNode(document: document, pointer: UnsafeMutableRawPointer(current)
                .assumingMemoryBound(to: xmlNode.self))
            result.append((name: node.name, value: node.text))
            attribute = current.pointee.next
        }
        return result
    }

    /// The XPath string value: all descendant text of an element, the value of an attribute,
    /// the content of a text or comment node.
    public var text: String {
        switch pointer.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE:
            return pointer.pointee.content.map { String(cString: $0) } ?? ""
        default:
            var bytes: [UInt8] = []
            Self.appendText(of: pointer.pointee.children, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The child elements, in order (text and comments are left out; read them through `text`).
    public var children: [XMLNode] {
        var result: [XMLNode] = []
        var child = pointer.pointee.type == XML_ELEMENT_NODE ? pointer.pointee.children : nil
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.append(XMLNode(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return result
    }

    /// The parent element, or nil at the root (an attribute's parent is its element).
    public var parent: XMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return XMLNode(document: document, pointer: parent)
    }

    /// The nodes an XPath expression selects with this node as the context node (`ancestor::li`, `.//button`).
    public func nodes(matching xpath: String) throws -> [XMLNode] {
        try document.nodes(matching: xpath, from: pointer)
    }

    public var description: String {
        switch kind {
        case .element: "<\(name)> at line \(line)"
        case .attribute: "@\(name)=\"\(text)\""
        default: "\(name) \"\(text)\""
        }
    }

    /// Calls `body` for this element and every element below it, in document order.
    func forEachElement(_ body: (XMLNode) -> Void) {
        var stack = [pointer]
        while let node = stack.popLast() {
            guard node.pointee.type == XML_ELEMENT_NODE else { continue }
            body(XMLNode(document: document, pointer: node))
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    private static func appendText(of first: xmlNodePtr?, to bytes: inout [UInt8]) {
        var node = first
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    var index = 0
                    while content[index] != 0 {
                        bytes.append(content[index])
                        index += 1
                    }
                }
            case XML_ELEMENT_NODE, XML_ENTITY_REF_NODE:
                appendText(of: current.pointee.children, to: &bytes)
            default:
                break
            }
            node = current.pointee.next
        }
    }
}
