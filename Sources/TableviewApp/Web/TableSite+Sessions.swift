extension TableSite {
    /// Stores a visitor's first state under a fresh session id, with that id's CSRF token, and returns the id, which
    /// the answer's cookie then names (SPEC §4: the id is rotated when state is first stored).
    ///
    /// Until then the visitor's id is one the server issued but holds nothing for, which anybody can fetch and plant
    /// in another's browser (a cookie injected from a sibling host or a plain-HTTP answer): whoever knows it would
    /// reach the state stored under it. The id the form came with stays unstored, so it never reaches this state
    /// afterwards — presented again it is a fresh visitor's, and its token stops matching this visitor's forms.
    /// Pages loaded before the first action carry the old id's token (`visitor.csrfToken` as it comes here): the new
    /// session honours it beside its own (`Visitor.formerToken`), so a second tab's form still acts after the first
    /// tab's tap rotated the id. Two first actions racing on one id (sent before either answer set the new cookie)
    /// each store a state under an id of its own; the browser keeps the cookie of the last answer, so the other's
    /// change is lost (no state is ever shared).
    func storeFirstState(_ visitor: Visitor) -> SessionID {
        let id = issuer.issue()
        var visitor = visitor
        visitor.formerToken = visitor.csrfToken
        visitor.csrfToken = tokens.token(for: id)
        sessions.update(id) { $0 = visitor }
        return id
    }
}
