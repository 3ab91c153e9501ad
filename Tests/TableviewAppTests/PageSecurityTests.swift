import EmbeddedResources
import Foundation
import Testing
@testable import TableviewApp

/// The one inline style the CSP allows: the layout's opt-in to view transitions, by its hash.
@Suite struct PageSecurityTests {
    @Test func theLayoutCarriesExactlyTheOptInThePolicyAllows() throws {
        let layout = try #require(EmbeddedResources.templates["layout.mustache"])
        let text = String(decoding: layout, as: UTF8.self)
        #expect(text.contains("<style>\(PageSecurity.viewTransitionOptIn)</style>"))
        #expect(text.components(separatedBy: "<style>").count == 2, "one inline style")
    }

    @Test func thePolicyNamesTheOptInsHash() throws {
        let digest = SHA256.hash(Array(PageSecurity.viewTransitionOptIn.utf8))
        #expect(PageSecurity.viewTransitionOptInHash == "sha256-" + Data(digest).base64EncodedString())
        let policy = try #require(PageSecurity.headers["Content-Security-Policy"])
        #expect(policy.contains("style-src 'self' '\(PageSecurity.viewTransitionOptInHash)';"))
        #expect(policy.contains("script-src") == false && policy.hasPrefix("default-src 'none';"))
    }
}
