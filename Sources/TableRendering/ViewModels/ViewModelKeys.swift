import Mustache
import TableModel

/// The names the templates read (docs/HTML.md), interned once. Several view models share a name (`id`, `title`),
/// so they share one constant.
enum Keys {
    // TablePage
    static let title = MustacheKey("title")
    static let tableID = MustacheKey("tableID")
    static let csrf = MustacheKey("csrf")
    static let showsIndexLink = MustacheKey("showsIndexLink")
    static let offersEditModes = MustacheKey("offersEditModes")
    static let editModes = MustacheKey("editModes")
    static let hasCollapsibleSections = MustacheKey("hasCollapsibleSections")
    static let pageMessage = MustacheKey("pageMessage")
    static let sections = MustacheKey("sections")
    // EditModeButton
    static let mode = MustacheKey("mode")
    static let label = MustacheKey("label")
    static let ariaPressed = MustacheKey("ariaPressed")
    static let pressed = MustacheKey("pressed")
    // Message
    static let role = MustacheKey("role")
    static let text = MustacheKey("text")
    static let undoRowID = MustacheKey("undoRowID")
    // Section
    static let id = MustacheKey("id")
    static let counts = MustacheKey("counts")
    static let collapsible = MustacheKey("collapsible")
    static let collapsed = MustacheKey("collapsed")
    static let ariaExpanded = MustacheKey("ariaExpanded")
    static let expandValue = MustacheKey("expandValue")
    static let justExpanded = MustacheKey("justExpanded")
    static let single = MustacheKey("single")
    static let sectionMessage = MustacheKey("sectionMessage")
    static let hasRows = MustacheKey("hasRows")
    static let rows = MustacheKey("rows")
    static let footer = MustacheKey("footer")
    // Row
    static let detail = MustacheKey("detail")
    static let selectable = MustacheKey("selectable")
    static let selectionRole = MustacheKey("selectionRole")
    static let ariaChecked = MustacheKey("ariaChecked")
    static let selectValue = MustacheKey("selectValue")
    static let checked = MustacheKey("checked")
    static let selectionDisabled = MustacheKey("selectionDisabled")
    static let deleteControl = MustacheKey("deleteControl")
    static let deleteSpacer = MustacheKey("deleteSpacer")
    static let moveControls = MustacheKey("moveControls")
    static let moveSpacer = MustacheKey("moveSpacer")
    static let upIndex = MustacheKey("upIndex")
    static let upDisabled = MustacheKey("upDisabled")
    static let downIndex = MustacheKey("downIndex")
    static let downDisabled = MustacheKey("downDisabled")
    // IndexPage
    static let tables = MustacheKey("tables")
    // ErrorPage
    static let status = MustacheKey("status")
    static let message = MustacheKey("message")
    static let advice = MustacheKey("advice")
    static let backURL = MustacheKey("backURL")
    static let backLabel = MustacheKey("backLabel")
}

/// Fixed words the view models give as text, escaped once.
enum Words {
    static let `true` = MustacheText("true")
    static let `false` = MustacheText("false")
    static let radio = MustacheText(SelectionRole.radio.rawValue)
    static let checkbox = MustacheText(SelectionRole.checkbox.rawValue)

    /// `"true"` or `"false"`, for ARIA attributes and form values.
    static func word(_ flag: Bool) -> MustacheValue {
        .text(flag ? Words.true : Words.false)
    }
}
