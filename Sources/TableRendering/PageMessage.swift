import TableModel

/// The one message a table page shows after an action: a status after a done action (with Undo after a
/// deletion), or an alert after a refusal. The web app keeps it for the next GET of the page, which puts it in
/// words, in that page's language.
public struct PageMessage: Sendable, Hashable {
    /// How the message is announced (`role`) and styled (CSS class).
    public enum Kind: String, Sendable, Hashable {
        /// After an action that was done: `role="status"`.
        case status
        /// After an action a rule refused: `role="alert"`.
        case alert
    }

    /// What the message says, put in words when the page is rendered.
    public enum Content: Sendable, Hashable {
        /// What a done action did (a deletion, a restored row, a reset).
        case applied(ActionEffect)
        /// Why an action was refused.
        case refused(ActionError)
        /// A Reset that found the table as defined.
        case nothingToReset
        /// Text given as it is, in no particular language (tests, the start-up check).
        case literal(String)
    }

    /// Status or alert.
    public var kind: Kind
    /// What it says.
    public var content: Content
    /// After a deletion, the row the Undo control restores; `nil`: no Undo control.
    public var undoRowID: String?
    /// The section acted on, under whose header the message is shown (where the redirect lands); `nil`, or an id
    /// the table does not have, shows it at the top of the page.
    public var sectionID: String?

    /// A message; see the properties.
    public init(kind: Kind, content: Content, undoRowID: String? = nil, sectionID: String? = nil) {
        self.kind = kind
        self.content = content
        self.undoRowID = undoRowID
        self.sectionID = sectionID
    }

    /// A status message with literal text, shown in section `sectionID` or at the top of the page.
    public static func status(_ text: String, undoRowID: String? = nil, in sectionID: String? = nil) -> PageMessage {
        PageMessage(kind: .status, content: .literal(text), undoRowID: undoRowID, sectionID: sectionID)
    }

    /// An alert with literal text, shown in section `sectionID` or at the top of the page.
    public static func alert(_ text: String, in sectionID: String? = nil) -> PageMessage {
        PageMessage(kind: .alert, content: .literal(text), sectionID: sectionID)
    }

    /// The sentence, in the catalogue's language, e.g. `Deleted “北欧”.` or `「北欧」を削除しました。`
    public func text(in catalogue: StringCatalogue, table: TableDefinition) -> String {
        switch content {
        case .applied(let effect): catalogue.statusMessage(for: effect, in: table) ?? ""
        case .refused(let error): catalogue.message(for: error, in: table)
        case .nothingToReset: catalogue.text(.nothingToReset)
        case .literal(let text): text
        }
    }
}
