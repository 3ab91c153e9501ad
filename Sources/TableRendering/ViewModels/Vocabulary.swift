import Mustache
import TableModel

/// The names the templates read (docs/HTML.md), interned once, and the fixed words the view models give as text.
/// Several view models share a name (`id`, `title`), so they share one constant.
///
/// One object holds them all, and the view models rendered many times per page (rows, sections) reach it through
/// their prepared texts: a global (`shared`, or separate `static let`s) passes through its lazy-initialisation
/// check (`swift_once`) on every access, which rows and sections would pay for every key they render.
final class Vocabulary: Sendable {
    static let shared = Vocabulary()

    // TablePage
    let title = MustacheKey("title")
    let tableID = MustacheKey("tableID")
    let csrf = MustacheKey("csrf")
    let showsIndexLink = MustacheKey("showsIndexLink")
    let toolbar = MustacheKey("toolbar")
    let pageMessage = MustacheKey("pageMessage")
    let sections = MustacheKey("sections")
    let landing = MustacheKey("landing")
    let textLanguage = MustacheKey("textLanguage")
    let reportsTaps = MustacheKey("reportsTaps")
    let toolbarUndo = MustacheKey("toolbarUndo")
    let toolbarUndoReset = MustacheKey("toolbarUndoReset")
    let lightForms = MustacheKey("lightForms")
    // Toolbar
    let offersEditModes = MustacheKey("offersEditModes")
    let editModes = MustacheKey("editModes")
    let hasCollapsibleSections = MustacheKey("hasCollapsibleSections")
    // EditModeButton
    let mode = MustacheKey("mode")
    let label = MustacheKey("label")
    let ariaPressed = MustacheKey("ariaPressed")
    let pressed = MustacheKey("pressed")
    // Notice
    let kind = MustacheKey("kind")
    let placement = MustacheKey("placement")
    let role = MustacheKey("role")
    let text = MustacheKey("text")
    let undoReset = MustacheKey("undoReset")
    // UndoPlaceholder
    let announced = MustacheKey("announced")
    let rowID = MustacheKey("rowID")
    // SectionHeader (also title)
    let selects = MustacheKey("selects")
    let collapsible = MustacheKey("collapsible")
    let collapsed = MustacheKey("collapsed")
    let ariaExpanded = MustacheKey("ariaExpanded")
    let expandValue = MustacheKey("expandValue")
    let justExpanded = MustacheKey("justExpanded")
    // Section (also id in SectionHeader)
    let id = MustacheKey("id")
    let header = MustacheKey("header")
    let rowCount = MustacheKey("rowCount")
    let selectedCount = MustacheKey("selectedCount")
    let single = MustacheKey("single")
    let sectionMessage = MustacheKey("sectionMessage")
    let hasList = MustacheKey("hasList")
    let hasRowsBefore = MustacheKey("hasRowsBefore")
    let rowsBefore = MustacheKey("rowsBefore")
    let undo = MustacheKey("undo")
    let hasRowsAfter = MustacheKey("hasRowsAfter")
    let rowsAfter = MustacheKey("rowsAfter")
    let showsEmptyNote = MustacheKey("showsEmptyNote")
    let footer = MustacheKey("footer")
    // Row
    let shownTitle = MustacheKey("shownTitle")
    let detail = MustacheKey("detail")
    let selectable = MustacheKey("selectable")
    let selectionRole = MustacheKey("selectionRole")
    let ariaChecked = MustacheKey("ariaChecked")
    let selectAction = MustacheKey("selectAction")
    let isolateTitle = MustacheKey("isolateTitle")
    let isolateDetail = MustacheKey("isolateDetail")
    let checked = MustacheKey("checked")
    let selectionDisabled = MustacheKey("selectionDisabled")
    let deleteControl = MustacheKey("deleteControl")
    let deleteSpacer = MustacheKey("deleteSpacer")
    let moveControls = MustacheKey("moveControls")
    let index = MustacheKey("index")
    let upIndex = MustacheKey("upIndex")
    let upDisabled = MustacheKey("upDisabled")
    let downIndex = MustacheKey("downIndex")
    let downDisabled = MustacheKey("downDisabled")
    let pickerLink = MustacheKey("pickerLink")
    // PickerPage (also title, tableID, csrf, textLanguage, rowID, backURL, index)
    let section = MustacheKey("section")
    let position = MustacheKey("position")
    let count = MustacheKey("count")
    let first = MustacheKey("first")
    let last = MustacheKey("last")
    let hasPosition = MustacheKey("hasPosition")
    let hasRun = MustacheKey("hasRun")
    let runIsLimited = MustacheKey("runIsLimited")
    let reason = MustacheKey("reason")
    let jump = MustacheKey("jump")
    let allPlacesURL = MustacheKey("allPlacesURL")
    let hasGroups = MustacheKey("hasGroups")
    let groups = MustacheKey("groups")
    let hasPlaces = MustacheKey("hasPlaces")
    let places = MustacheKey("places")
    let from = MustacheKey("from")
    let topIndex = MustacheKey("topIndex")
    let toTop = MustacheKey("toTop")
    let bottomIndex = MustacheKey("bottomIndex")
    let toBottom = MustacheKey("toBottom")
    // WindowNavigation (also first, last, count, section), Section
    let window = MustacheKey("window")
    let elsewhere = MustacheKey("elsewhere")
    let indexTitle = MustacheKey("indexTitle")
    let windows = MustacheKey("windows")
    let previous = MustacheKey("previous")
    let next = MustacheKey("next")
    // PlaceGroup, Place
    let href = MustacheKey("href")
    let current = MustacheKey("current")
    let before = MustacheKey("before")
    let neighbour = MustacheKey("neighbour")
    // IndexPage
    let tables = MustacheKey("tables")
    // TablePage's find bar and section index
    let find = MustacheKey("find")
    let findQuery = MustacheKey("findQuery")
    let findQueryURL = MustacheKey("findQueryURL")
    let sectionIndex = MustacheKey("sectionIndex")
    let query = MustacheKey("query")
    let capped = MustacheKey("capped")
    let none = MustacheKey("none")
    let results = MustacheKey("results")
    let clearHref = MustacheKey("clearHref")
    let links = MustacheKey("links")
    // ErrorPageView
    let status = MustacheKey("status")
    let message = MustacheKey("message")
    let advice = MustacheKey("advice")
    let backURL = MustacheKey("backURL")
    let backLabel = MustacheKey("backLabel")

    // Words
    let trueText = MustacheText("true")
    let falseText = MustacheText("false")
    let selectWord = MustacheText("select")
    let deselectWord = MustacheText("deselect")
    let radio = MustacheText(SelectionRole.radio.rawValue)
    let checkbox = MustacheText(SelectionRole.checkbox.rawValue)
    let statusWord = MustacheText("status")
    let alertWord = MustacheText("alert")
    let noticeWord = MustacheText("notice")
    let topWord = MustacheText("top")
    let bottomWord = MustacheText("bottom")

    /// The names of the view models rendered most, each to its case: a lookup is one array read (see `KeyMap`).
    let pageFields: KeyMap<TablePage.Field>
    let sectionFields: KeyMap<Section.Field>
    let rowFields: KeyMap<Row.Field>

    private init() {
        pageFields = KeyMap([
            (tableID, .tableID), (csrf, .csrf), (title, .title), (sections, .sections),
            (showsIndexLink, .showsIndexLink), (toolbar, .toolbar), (landing, .landing),
            (textLanguage, .textLanguage), (pageMessage, .pageMessage), (reportsTaps, .reportsTaps),
            (toolbarUndo, .toolbarUndo), (toolbarUndoReset, .toolbarUndoReset), (lightForms, .lightForms),
            (find, .find), (findQuery, .findQuery), (findQueryURL, .findQueryURL), (sectionIndex, .sectionIndex),
        ])
        sectionFields = KeyMap([
            (id, .id), (header, .header), (rowCount, .rowCount), (selectedCount, .selectedCount), (single, .single),
            (sectionMessage, .sectionMessage), (hasList, .hasList),
            (hasRowsBefore, .hasRowsBefore), (rowsBefore, .rowsBefore), (undo, .undo),
            (hasRowsAfter, .hasRowsAfter), (rowsAfter, .rowsAfter), (showsEmptyNote, .showsEmptyNote),
            (footer, .footer), (window, .window), (elsewhere, .elsewhere),
        ])
        rowFields = KeyMap([
            (tableID, .tableID), (id, .id), (title, .title), (shownTitle, .shownTitle), (detail, .detail),
            (selectable, .selectable),
            (selectionRole, .selectionRole), (ariaChecked, .ariaChecked), (selectAction, .selectAction),
            (isolateTitle, .isolateTitle), (isolateDetail, .isolateDetail),
            (checked, .checked), (selectionDisabled, .selectionDisabled), (deleteControl, .deleteControl),
            (deleteSpacer, .deleteSpacer), (moveControls, .moveControls),
            (index, .index), (upIndex, .upIndex), (upDisabled, .upDisabled), (downIndex, .downIndex),
            (downDisabled, .downDisabled), (pickerLink, .pickerLink),
        ])
    }

    /// `"true"` or `"false"`, for ARIA attributes and form values.
    func word(_ flag: Bool) -> MustacheValue {
        .borrowing(flag ? trueText : falseText)
    }
}
