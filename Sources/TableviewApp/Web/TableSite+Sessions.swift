extension TableSite {
    /// A visitor's state to store under a fresh session id, with that id's CSRF token, in the same step that empties
    /// the id the visitor came with (``SessionStore/update(_:moving:)``); the answer's cookie then names the new id.
    /// The id the visitor came with holds nothing afterwards: presented again it is a
    /// fresh visitor's, and its token stops matching this visitor's forms.
    ///
    /// It runs when a visitor's first state is stored (SPEC §4), after a Reset, and when a form brings a token that
    /// is not its session's (docs/DESIGN.md "Sessions, CSRF and the caches": who can plant an id). An id that held
    /// nothing can be fetched by anybody and planted in another's browser; one that holds a state may have been
    /// planted with it. Whoever knew the old id reaches nothing stored after the move.
    ///
    /// Pages loaded before the move carry the old id's token (`visitor.csrfToken` as it comes here): the new session
    /// honours it beside its own (`Visitor.formerToken`), so a second tab's form still acts after the first tab's tap
    /// moved the id. Two first actions racing on one id (sent before either answer set the new cookie) each store a
    /// state under an id of its own; the browser keeps the cookie of the last answer, so the other's change is lost
    /// (no state is ever shared).
    func rotated(_ visitor: Visitor) -> SessionMove<Visitor> {
        let id = issuer.issue()
        var visitor = visitor
        visitor.formerToken = visitor.csrfToken
        visitor.csrfToken = tokens.token(for: id)
        return SessionMove(id: id, value: visitor)
    }
}
