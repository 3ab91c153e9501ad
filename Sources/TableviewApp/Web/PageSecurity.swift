import HTTPServer

/// The Content-Security-Policy of every response: the HTTP layer's, which forbids scripts and foreign resources,
/// with one inline style allowed by its hash — the opt-in to view transitions in `templates/layout.mustache`,
/// which Chromium reads reliably only from the page itself (docs/DESIGN.md "Animated changes").
enum PageSecurity {
    /// The text of the layout's `<style>` element; a test checks that the template carries exactly this.
    static let viewTransitionOptIn = "@view-transition{navigation:auto}"
        + "@media (prefers-reduced-motion:reduce),(update:slow){@view-transition{navigation:none}}"
    /// base64 of the SHA-256 of ``viewTransitionOptIn`` (CSP Level 2 hash source); a test checks it.
    static let viewTransitionOptInHash = "sha256-VRQeiEk+KbqZR6pZelFZOMOI078ruDY+nl6Qv3KZZ6s="

    /// The HTTP layer's security headers, the policy allowing the opt-in's hash among the styles.
    static let headers: HTTPHeaders = {
        var headers = HTTPHeaders.securityHeaders
        headers["Content-Security-Policy"] = "default-src 'none'; style-src 'self' '\(viewTransitionOptInHash)'; "
            + "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        return headers
    }()
}
