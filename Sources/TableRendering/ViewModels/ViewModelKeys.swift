import Mustache
import TableModel

/// The names the templates read (docs/HTML.md), interned once. Several view models share a name (`id`, `title`),
/// so they share one constant.
///
/// One value holds them all: a lookup reads `Keys.shared` once, where separate `static let`s would each pass
/// through the lazy-initialisation check (`swift_once`) in every `case` a lookup tries — measured at 9 % of a
/// page render.
struct Keys: Sendable {
    static let shared = Keys()

    // TablePage
    let title = MustacheKey("title")
    let tableID = MustacheKey("tableID")
    let csrf = MustacheKey("csrf")
    let showsIndexLink = MustacheKey("showsIndexLink")
    let offersEditModes = MustacheKey("offersEditModes")
    let editModes = MustacheKey("editModes")
    let hasCollapsibleSections = MustacheKey("hasCollapsibleSections")
    let pageMessage = MustacheKey("pageMessage")
    let sections = MustacheKey("sections")
    // EditModeButton
    let mode = MustacheKey("mode")
    let label = MustacheKey("label")
    let ariaPressed = MustacheKey("ariaPressed")
    let pressed = MustacheKey("pressed")
    // Message
    let role = MustacheKey("role")
    let text = MustacheKey("text")
    let undoRowID = MustacheKey("undoRowID")
    // Section
    let id = MustacheKey("id")
    let counts = MustacheKey("counts")
    let collapsible = MustacheKey("collapsible")
    let collapsed = MustacheKey("collapsed")
    let ariaExpanded = MustacheKey("ariaExpanded")
    let expandValue = MustacheKey("expandValue")
    let justExpanded = MustacheKey("justExpanded")
    let single = MustacheKey("single")
    let sectionMessage = MustacheKey("sectionMessage")
    let hasRows = MustacheKey("hasRows")
    let rows = MustacheKey("rows")
    let footer = MustacheKey("footer")
    // Row
    let detail = MustacheKey("detail")
    let selectable = MustacheKey("selectable")
    let selectionRole = MustacheKey("selectionRole")
    let ariaChecked = MustacheKey("ariaChecked")
    let selectValue = MustacheKey("selectValue")
    let checked = MustacheKey("checked")
    let selectionDisabled = MustacheKey("selectionDisabled")
    let deleteControl = MustacheKey("deleteControl")
    let deleteSpacer = MustacheKey("deleteSpacer")
    let moveControls = MustacheKey("moveControls")
    let moveSpacer = MustacheKey("moveSpacer")
    let upIndex = MustacheKey("upIndex")
    let upDisabled = MustacheKey("upDisabled")
    let downIndex = MustacheKey("downIndex")
    let downDisabled = MustacheKey("downDisabled")
    // IndexPage
    let tables = MustacheKey("tables")
    // ErrorPage
    let status = MustacheKey("status")
    let message = MustacheKey("message")
    let advice = MustacheKey("advice")
    let backURL = MustacheKey("backURL")
    let backLabel = MustacheKey("backLabel")
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
