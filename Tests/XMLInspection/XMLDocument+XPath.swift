import CLibXML2

extension XMLDocument {
    /// Evaluates `xpath` with `contextNode` (or the document) as the context node.
    func nodes(matching xpath: String, from contextNode: xmlNodePtr?) throws -> [XMLNode] {
        let (found, problems) = withProblemsCollected { () -> [xmlNodePtr]? in
            guard let context = xmlXPathNewContext(pointer) else { return nil }
            defer { xmlXPathFreeContext(context) }
            if let contextNode {
                context.pointee.node = contextNode
            }
            let expression = Array(xpath.utf8) + [0]
            guard let result = xmlXPathEvalExpression(expression, context) else { return nil }
            defer { xmlXPathFreeObject(result) }
            guard result.pointee.type == XPATH_NODESET else { return nil }
            guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return [] }
            // Namespace nodes are copies owned by the result, freed with it: they are left out.
            return (0..<Int(set.pointee.nodeNr)).compactMap { index in
                table[index].flatMap { $0.pointee.type == XML_NAMESPACE_DECL ? nil : $0 }
            }
        }
        guard let found else {
            let reported = problems.isEmpty
                ? [XMLProblem(line: 0, column: 0, message: "the expression does not select nodes")]
                : problems
            throw XMLInspectionError.invalidXPath(xpath, reported)
        }
        return found.map { XMLNode(document: self, pointer: $0) }
    }
}
