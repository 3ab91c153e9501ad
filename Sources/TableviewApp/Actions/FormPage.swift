import TableModel
import TableRendering

/// The page a form was submitted from, as far as an action's outcome depends on it: the table it shows, the window
/// of a long section or the search results it showed, and how the reader tapped.
struct FormPage: Sendable {
    /// The table the page shows.
    let table: TableDefinition
    /// The window of a long section the page showed (its `Referer`'s query), if any.
    var focus: WindowFocus? = nil
    /// How long sections are cut into windows.
    var windowing = RowWindowing()
    /// The page links back to the index (the site has more than one table).
    var showsIndexLink = false
    /// The form is one of the row's position picker: the page after it lands on the row's picker link.
    var fromPicker = false
    /// Where the pointer tap that sent the form landed in the window, if the browser said.
    var tap: TapPosition? = nil
    /// The search the page showed the results of (its `Referer`'s `q`), if any: the page after the action shows the
    /// same results, and its landing is planned on them.
    var find: PageFind? = nil
}
