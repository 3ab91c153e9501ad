extension PageInspection {
    /// `role="checkbox"`/`"radio"` only on buttons, with `aria-checked` true or false, and the reverse.
    mutating func checkSelectionRoles() {
        for element in select("//*[@role = 'checkbox' or @role = 'radio' or @aria-checked]") {
            let role = element.attribute("role") ?? "none"
            if element.name != "button" {
                report(element, "role \(role) on <\(element.name)> instead of a button")
            }
            if role != "checkbox" && role != "radio" {
                report(element, "aria-checked on an element with role \(role)")
            }
            let checked = element.attribute("aria-checked")
            if checked != "true" && checked != "false" {
                report(element, "role \(role) needs aria-checked=\"true\" or \"false\"")
            }
        }
    }

    /// Every radio sits inside a `role="radiogroup"` labelled (by `aria-labelledby`) with text.
    mutating func checkRadioGroups() {
        for radio in select("//*[@role = 'radio']") {
            guard let group = select("ancestor::*[@role = 'radiogroup'][1]", from: radio).first else {
                report(radio, "radio \"\(radio.accessibleName)\" outside a radiogroup")
                continue
            }
            if group.attribute("aria-labelledby") == nil || group.accessibleName.isEmpty {
                report(group, "radiogroup without a label from aria-labelledby")
            }
        }
    }

    /// `aria-expanded` only on buttons, true or false.
    mutating func checkExpandedOnButtons() {
        for element in select("//*[@aria-expanded]") {
            if element.name != "button" {
                report(element, "aria-expanded on <\(element.name)> instead of a button")
            }
            let value = element.attribute("aria-expanded")
            if value != "true" && value != "false" {
                report(element, "aria-expanded=\"\(value ?? "")\" is not true or false")
            }
        }
    }

    /// `aria-pressed` only on buttons, true or false, inside a labelled `role="group"`.
    mutating func checkPressedButtons() {
        for element in select("//*[@aria-pressed]") {
            let value = element.attribute("aria-pressed")
            if element.name != "button" || (value != "true" && value != "false") {
                report(element, "aria-pressed=\"\(value ?? "")\" on <\(element.name)>: needs a button, true or false")
            }
            if select("ancestor::*[@role = 'group']", from: element).isEmpty {
                report(element, "pressed button \"\(element.accessibleName)\" outside a role=\"group\"")
            }
        }
    }

    /// The edit-mode switch: one group labelled "Edit mode" (by `#edit-mode-label`) of buttons named
    /// Off, All, Delete only, Reorder only (Off always, the others as offered), exactly one pressed; in Japanese
    /// 編集モード, オフ, すべて, 削除のみ, 並べ替えのみ.
    mutating func checkEditModeGroups() {
        let label = names.editMode
        let groups = select("//*[@role = 'group']").filter { $0.accessibleName == label }
        let labels = document.elements(withID: "edit-mode-label")
        if groups.count > 1 {
            report(groups[1], "\(groups.count) groups labelled \"\(label)\"")
        }
        if !labels.isEmpty && groups.isEmpty {
            report(labels[0], "#edit-mode-label labels no role=\"group\"")
        }
        for group in groups {
            if group.attribute("aria-labelledby") != "edit-mode-label" {
                report(group, "the Edit mode group is not labelled by #edit-mode-label")
            }
            let buttons = select("descendant::button", from: group)
            let names = buttons.map(\.accessibleName)
            let order = self.names.editModes.map(\.name)
            if names.first != order[0] || names != order.filter(names.contains) {
                report(group, "edit-mode buttons \(names): need \(order[0]), then any of "
                    + order.dropFirst().joined(separator: ", "))
            }
            let pressed = buttons.filter { $0.attribute("aria-pressed") == "true" }
            if pressed.count != 1 {
                report(group, "\(pressed.count) edit-mode buttons pressed instead of exactly 1")
            }
            for button in buttons where button.attribute("aria-pressed") == nil {
                report(button, "edit-mode button \"\(button.accessibleName)\" without aria-pressed")
            }
        }
    }
}
