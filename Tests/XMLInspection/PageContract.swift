/// The rules of SPEC §3 (and the URL and id tables of docs/DESIGN.md) that every rendered page keeps,
/// checked on its parsed markup. docs/HTML.md describes the markup they expect.
///
/// A page that passes is not proven right (which row is selected is for the caller's own tests),
/// but one that fails is wrong for browsers, text browsers or screen readers.
public enum PageContract {
    /// Every broken rule, one line each (`line 42: …`) in a stable order; empty for a page that keeps them.
    public static func violations(in document: XMLDocument) -> [String] {
        var inspection = PageInspection(document: document)
        inspection.checkDocumentShape()
        inspection.checkNoScripts()
        inspection.checkNoEventHandlers()
        inspection.checkNoJavaScriptURLs()
        inspection.checkUniqueIDs()
        inspection.checkIDReferences()
        inspection.checkMessage()
        inspection.checkForms()
        inspection.checkPickerLinks()
        inspection.checkButtonsSubmitForms()
        inspection.checkSelectionRoles()
        inspection.checkRadioGroups()
        inspection.checkExpandedOnButtons()
        inspection.checkPressedButtons()
        inspection.checkEditModeGroups()
        return inspection.violations
    }
}

/// One run of the checks over a document: queries, and the violations found so far.
struct PageInspection {
    let document: XMLDocument
    /// The controls' names in the page's language (`<html lang>`); English, with a violation, for a language the
    /// spec does not name.
    let names: ContractNames
    private(set) var violations: [String] = []

    init(document: XMLDocument) {
        self.document = document
        let tag = document.root?.attribute("lang") ?? ""
        names = ContractNames.forLanguage(tag) ?? .english
        if ContractNames.forLanguage(tag) == nil {
            report(document.root, "<html lang=\"\(tag)\">: the contract names controls in English (en) and Japanese (ja)")
        }
    }

    /// Records a broken rule at the node's line.
    mutating func report(_ node: XMLNode?, _ message: String) {
        if let node {
            violations.append("line \(node.line): \(message)")
        } else {
            violations.append(message)
        }
    }

    /// The nodes `xpath` selects; an expression that does not compile is reported, never ignored.
    mutating func select(_ xpath: String, from node: XMLNode? = nil) -> [XMLNode] {
        do {
            return try node?.nodes(matching: xpath) ?? document.nodes(matching: xpath)
        } catch {
            report(nil, "checker error: \(error)")
            return []
        }
    }

    /// `[@class ~= name]`: an XPath predicate for an element with this class among its classes.
    static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}
