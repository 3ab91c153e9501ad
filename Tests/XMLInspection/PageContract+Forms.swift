extension PageInspection {
    /// Every form posts with the CSRF field to a URL of docs/DESIGN.md, and its controls say what they do.
    mutating func checkForms() {
        for form in select("//form") {
            let tokens = select("descendant::input[@type = 'hidden' and @name = 'csrf']", from: form)
            if form.attribute("method")?.lowercased() == "get" {
                // A GET form changes nothing: the position picker's "Position" field, and a table page's search
                // (SPEC §10 "Find"), a `search` landmark whose one field is `q`. A token would leak into URLs.
                if let action = form.attribute("action"), Self.isTablePath(action) {
                    checkSearchForm(form)
                } else if PickerPath(form.attribute("action") ?? "") == nil {
                    report(form, "GET form to \"\(form.attribute("action") ?? "")\", which is not a picker page")
                }
                if !tokens.isEmpty { report(form, "GET form carrying the csrf token (it would go into the URL)") }
                continue
            }
            if form.attribute("method")?.lowercased() != "post" {
                report(form, "form without method=\"post\"")
            }
            if tokens.count != 1 || tokens[0].attribute("value")?.isEmpty != false {
                report(form, "form without exactly one non-empty hidden csrf field")
            }
            checkAction(of: form)
        }
    }

    /// Whether `path` is a table page's, `/tables/{table}`.
    static func isTablePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].isEmpty && parts[1] == "tables" && !parts[2].isEmpty
    }

    /// A table page's search form: `role="search"` with a name, one labelled field `q` and a button.
    mutating func checkSearchForm(_ form: XMLNode) {
        if form.attribute("role") != "search" || (form.attribute("aria-label") ?? "").isEmpty {
            report(form, "a table page's GET form that is not a named search landmark")
        }
        let fields = select("descendant::input", from: form)
        if fields.map({ $0.attribute("name") }) != ["q"] {
            report(form, "search form with fields \(fields.map { $0.attribute("name") ?? "" }) instead of [q]")
        }
        for field in fields {
            let id = field.attribute("id") ?? ""
            if id.isEmpty || select("descendant::label[@for = '\(id)']", from: form).isEmpty {
                report(field, "search field without a label")
            }
        }
        if select("descendant::button", from: form).count != 1 { report(form, "search form without one button") }
    }

    /// Every link to a row's position picker sits in the row's `<li id="row_{r}">` and is named "Move X…" (SPEC §3).
    mutating func checkPickerLinks() {
        for link in select("//a[@href]") {
            guard let path = PickerPath(link.attribute("href") ?? ""), !path.hasQuery else { continue }
            guard !select("ancestor::li[@id = 'row_\(path.row)']", from: link).isEmpty else { continue }
            let title = rowTitle(path.row, around: link)
            if link.accessibleName != names.moveLink(title) {
                report(link, "picker link named \"\(link.accessibleName)\" instead of \"\(names.moveLink(title))\"")
            }
        }
    }

    /// Every button submits a form: without JavaScript, a button outside a form does nothing.
    mutating func checkButtonsSubmitForms() {
        for button in select("//button") {
            if let type = button.attribute("type"), type != "submit" {
                report(button, "button of type \"\(type)\" does nothing without JavaScript")
            }
            if select("ancestor::form", from: button).isEmpty {
                report(button, "button outside a form")
            }
            if button.accessibleName.isEmpty {
                report(button, "button without an accessible name")
            }
            // Text browsers show a button's value as its label (SPEC §3): a form says what it asks in hidden fields.
            if button.attribute("name") != nil || button.attribute("value") != nil {
                report(button, "button \"\(button.accessibleName)\" with a name or value (text browsers show it)")
            }
        }
    }

    /// Checks a form's controls against what its action (a URL of docs/DESIGN.md) needs.
    private mutating func checkAction(of form: XMLNode) {
        let action = form.attribute("action") ?? ""
        guard let target = FormTarget(action: action) else {
            report(form, "form posts to \"\(action)\", which is not an action of docs/DESIGN.md")
            return
        }
        let buttons = select("descendant::button", from: form)
        switch target {
        case .rowSelection(let row, let selects):
            checkSelectionForm(form, row: row, selects: selects, buttons: buttons)
        case .rowDeletion(let row):
            let title = rowTitle(row, around: form)
            expectNames(buttons, [names.delete(title)], in: form)
        case .rowPosition(let row) where !select("ancestor::main[@id = 'picker_\(row)']", from: form).isEmpty:
            // A place of the row's position picker: one button naming the place, a move to another index.
            if buttons.count != 1 { report(form, "picker place form with \(buttons.count) buttons instead of 1") }
            let from = Int(hiddenValue("from", in: form) ?? ""), index = Int(hiddenValue("index", in: form) ?? "")
            if from == nil || index == nil {
                report(form, "picker place form without hidden from and index fields holding numbers")
            } else if from == index {
                report(form, "picker place form moving the row to the index it has (a move that changes nothing)")
            }
        case .rowPosition(let row):
            let title = rowTitle(row, around: form)
            let moves = names.moves(title)
            if buttons.count != 1 || !moves.contains(buttons[0].accessibleName) {
                report(form, "move form with buttons \(buttons.map(\.accessibleName)) instead of one of \(moves)")
            }
            for field in ["from", "index"] where Int(hiddenValue(field, in: form) ?? "") == nil {
                report(form, "move form without one hidden \(field) field holding a number")
            }
        case .sectionExpansion(let section):
            checkSectionHeaderForm(form, section: section, buttons: buttons)
        case .tableExpansion:
            let expected = hiddenValue("expanded", in: form) == "true" ? names.expandAll : names.collapseAll
            expectNames(buttons, [expected], in: form)
            if !["true", "false"].contains(hiddenValue("expanded", in: form) ?? "") {
                report(form, "expansion form without a hidden expanded field of true or false")
            }
        case .editMode:
            let name = buttons.count == 1 ? buttons[0].accessibleName : ""
            if let mode = names.mode(named: name) {
                if hiddenValue("mode", in: form) != mode { report(form, "button \"\(name)\" must send mode=\(mode)") }
            } else {
                report(form, "edit-mode form with buttons \(buttons.map(\.accessibleName))")
            }
        case .reset:
            expectNames(buttons, [names.reset], in: form)
        case .undoReset:
            expectNames(buttons, [names.undoReset], in: form)
        case .undo:
            // Undo where the row was, or, in the toolbar, "Undo delete “X”" naming the row it restores.
            if select("ancestor::div[\(Self.hasClass("toolbar-undo"))]", from: form).isEmpty {
                expectNames(buttons, [names.undo], in: form)
            } else {
                let name = buttons.count == 1 ? buttons[0].accessibleName : ""
                let parts = names.undoDelete("\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
                if parts.count != 2 || !name.hasPrefix(parts[0]) || !name.hasSuffix(parts[1])
                    || name.count <= parts[0].count + parts[1].count
                {
                    report(form, "toolbar Undo form with buttons \(buttons.map(\.accessibleName)) instead of one named "
                           + "like \"\(names.undoDelete("X"))\"")
                }
            }
            if hiddenValue("row", in: form)?.isEmpty != false {
                report(form, "Undo form without exactly one non-empty hidden row field")
            }
        }
    }

    /// The value of the form's one hidden field `name`; nil when there is none or more than one.
    private mutating func hiddenValue(_ name: String, in form: XMLNode) -> String? {
        let fields = select("descendant::input[@type = 'hidden' and @name = '\(name)']", from: form)
        return fields.count == 1 ? fields[0].attribute("value") : nil
    }

    /// A selection form sits in its row's `<li id="row_{r}">`; its one button is named by the row title; its URL
    /// names the target state (`selects`).
    private mutating func checkSelectionForm(_ form: XMLNode, row: String, selects: Bool, buttons: [XMLNode]) {
        let title = rowTitle(row, around: form)
        guard buttons.count == 1, let button = buttons.first else {
            report(form, "selection form with \(buttons.count) buttons instead of 1")
            return
        }
        let name = button.accessibleName
        if name != title && !name.hasPrefix(title + " ") {
            report(button, "selection button named \"\(name)\" does not start with the row title \"\(title)\"")
        }
        let checked = button.attribute("aria-checked")
        if checked == "false" && !selects {
            report(button, "tapping the unselected row \"\(title)\" must select it")
        } else if checked == "true" && button.attribute("role") == "checkbox" && selects {
            report(button, "tapping the selected checkbox row \"\(title)\" must deselect it")
        }
    }

    /// A section header form sits in `<section id="section_{s}">`; its button names the state to reach.
    private mutating func checkSectionHeaderForm(_ form: XMLNode, section: String, buttons: [XMLNode]) {
        if select("ancestor::section[@id = 'section_\(section)']", from: form).isEmpty {
            report(form, "header form of section \"\(section)\" is outside <section id=\"section_\(section)\">")
        }
        guard buttons.count == 1, let button = buttons.first else {
            report(form, "section header form with \(buttons.count) buttons instead of 1")
            return
        }
        let expanded = button.attribute("aria-expanded")
        let value = hiddenValue("expanded", in: form)
        if (expanded == "true") == (value == "true") {
            report(button, "section header button must send expanded=\(expanded == "true" ? "false" : "true")")
        }
        let titles = document.elements(withID: "section_\(section)_title")
        let title = collapsedWhitespace(titles.first?.visibleText ?? "")
        let name = button.accessibleName
        if title.isEmpty || !(name == title || name.hasPrefix(title + " ")) {
            report(button, "section header named \"\(name)\" does not start with the section title \"\(title)\"")
        }
    }

    /// The title of row `row`: the `.title` text of `<li id="row_{row}">`, which must hold the form.
    mutating func rowTitle(_ row: String, around form: XMLNode) -> String {
        let items = select("ancestor::li[@id = 'row_\(row)']", from: form)
        guard let item = items.first else {
            report(form, "form of row \"\(row)\" is outside <li id=\"row_\(row)\">")
            return ""
        }
        let titles = select("descendant::*[\(Self.hasClass("title"))]", from: item)
        guard let title = titles.first else {
            report(item, "row \"\(row)\" has no element of class \"title\"")
            return ""
        }
        return collapsedWhitespace(title.visibleText)
    }

    /// The buttons carry exactly these accessible names, in this order.
    private mutating func expectNames(_ buttons: [XMLNode], _ names: [String], in form: XMLNode) {
        let actual = buttons.map(\.accessibleName)
        if actual != names {
            report(form, "buttons named \(actual) instead of \(names)")
        }
    }

}

/// A row's position picker page, `/tables/{table}/rows/{row}/position` (GET), with or without a query.
struct PickerPath: Equatable {
    let row: String
    let hasQuery: Bool

    init?(_ url: String) {
        let path = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = path[0].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].isEmpty, parts[1] == "tables", !parts[2].isEmpty, parts[3] == "rows",
              !parts[4].isEmpty, parts[5] == "position"
        else { return nil }
        row = String(parts[4])
        hasQuery = path.count == 2
    }
}

/// The POST actions of docs/DESIGN.md, read from a form's `action`.
enum FormTarget: Equatable {
    /// `selects`: the target state the URL names (`…/select` or `…/deselect`).
    case rowSelection(String, selects: Bool), rowDeletion(String), rowPosition(String), sectionExpansion(String)
    case tableExpansion, editMode, reset, undoReset, undo

    /// Parses `/tables/{table}/…`; nil for any other path.
    init?(action: String) {
        let parts = action.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "tables", !parts[2].isEmpty,
              !parts.dropFirst(3).contains(where: \.isEmpty)
        else { return nil }
        let rest = Array(parts.dropFirst(3))
        switch (rest.count, rest.first, rest.last) {
        case (1, "expansion", _): self = .tableExpansion
        case (1, "edit-mode", _): self = .editMode
        case (1, "reset", _): self = .reset
        case (1, "undo-reset", _): self = .undoReset
        case (1, "undo", _): self = .undo
        case (3, "rows", "select"): self = .rowSelection(rest[1], selects: true)
        case (3, "rows", "deselect"): self = .rowSelection(rest[1], selects: false)
        case (3, "rows", "deletion"): self = .rowDeletion(rest[1])
        case (3, "rows", "position"): self = .rowPosition(rest[1])
        case (3, "sections", "expansion"): self = .sectionExpansion(rest[1])
        default: return nil
        }
    }
}
