/// The one message a table page shows after an action: a status after a done action (with Undo after a
/// deletion), or an alert after a refusal. The web app keeps it for the next GET of the page.
public struct PageMessage: Sendable, Hashable {
    /// How the message is announced (`role`) and styled (CSS class).
    public enum Kind: String, Sendable, Hashable {
        /// After an action that was done: `role="status"`.
        case status
        /// After an action a rule refused: `role="alert"`.
        case alert
    }

    /// Status or alert.
    public var kind: Kind
    /// The sentence shown, e.g. `Deleted “北欧”.`
    public var text: String
    /// After a deletion, the row the Undo control restores; `nil`: no Undo control.
    public var undoRowID: String?
    /// The section acted on, under whose header the message is shown (where the redirect lands); `nil`, or an id
    /// the table does not have, shows it at the top of the page.
    public var sectionID: String?

    /// A message; see the properties.
    public init(kind: Kind, text: String, undoRowID: String? = nil, sectionID: String? = nil) {
        self.kind = kind
        self.text = text
        self.undoRowID = undoRowID
        self.sectionID = sectionID
    }

    /// A status message, shown in section `sectionID` or at the top of the page.
    public static func status(_ text: String, undoRowID: String? = nil, in sectionID: String? = nil) -> PageMessage {
        PageMessage(kind: .status, text: text, undoRowID: undoRowID, sectionID: sectionID)
    }

    /// An alert, shown in section `sectionID` or at the top of the page.
    public static func alert(_ text: String, in sectionID: String? = nil) -> PageMessage {
        PageMessage(kind: .alert, text: text, sectionID: sectionID)
    }
}
