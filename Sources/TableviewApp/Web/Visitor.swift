import Synchronization
import TableModel
import TableRendering

/// What the server keeps for one visitor (one session cookie): only what differs from the definitions.
///
/// A visitor who has only read pages has no `Visitor` at all; one is stored on the first action that changes a
/// table or leaves a message, and removed again once every table is back at its initial state and no message
/// waits.
struct Visitor: Sendable {
    /// The states of the tables this visitor changed, by table id.
    var states: [String: TableState] = [:]
    /// The one-shot message for the next view of a table.
    var pending: PendingMessage?
    /// Where each table's page landed after the visitor's last action on it, by table id: kept until the next
    /// action (a reload lands the same way), it tells where the reader's next tap was (`Landing.after`).
    var landings: [String: Landing] = [:]
    /// Changes whenever an action touches this visitor; unique across all visitors and the process's life, so a
    /// cached page or an `ETag` made for one version can never match another state.
    private(set) var version: UInt64 = 0
    /// The session's CSRF token, kept once a form of this visitor checked out so that the next forms and pages need
    /// not compute it again. Derived, so never saved: a restored visitor computes it again once.
    var csrfToken: CSRFToken?
    /// The token of the id this visitor's state moved from (`TableSite.rotated`: the first action, a Reset): a page
    /// loaded before that action — in a second tab, say — carries it, and its forms still act for this visitor
    /// (SPEC §2 "Every tap counts"). Only with this visitor's own cookie: the old id alone reaches nothing. Kept in
    /// memory only; a restart forgets it, as it does the pages open before the first action.
    var formerToken: CSRFToken?

    /// Marks the visitor changed.
    mutating func bumpVersion() {
        version = Self.versions.add(1, ordering: .relaxed).newValue
    }

    private static let versions = Atomic<UInt64>(0)

    /// Nothing left to keep.
    var isEmpty: Bool { states.isEmpty && pending == nil && landings.isEmpty }

    /// The visitor's state of `table`, carried over to that definition if it was stored for another one (a request
    /// that began before a reload, or one served while the reload revises the sessions).
    func state(of table: TableDefinition) -> TableState {
        guard let state = states[table.id] else { return TableState(definition: table) }
        return state.definition === table ? state : state.migrated(to: table)
    }

    /// The visitor carried over to reloaded tables (``TableState/migrated(to:)``): the states and messages of tables
    /// that are gone are dropped, the others carried over; nil when nothing is left to keep.
    func migrated(to catalog: TableCatalog) -> Visitor? {
        var visitor = self
        visitor.states = [:]
        for (id, state) in states {
            guard let table = catalog.table(id: id) else { continue }
            visitor.store(state.migrated(to: table))
        }
        if let pending, catalog.table(id: pending.tableID) == nil { visitor.pending = nil }
        visitor.landings = landings.filter { catalog.table(id: $0.key) != nil }
        return visitor.isEmpty ? nil : visitor
    }

    /// Keeps `state` for its table, dropping it when it equals the initial state.
    mutating func store(_ state: TableState) {
        states[state.definition.id] = state.isInitial ? nil : state
    }
}

/// A message shown once, on the next page of `tableID` the visitor views.
struct PendingMessage: Sendable {
    let tableID: String
    let message: PageMessage?
    /// Sections the action expanded, which the page animates in.
    let justExpanded: Set<String>
    /// The action changed the table: the page shows the change with CSS animations of its own.
    let changed: Bool
}
