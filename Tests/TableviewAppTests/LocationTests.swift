import HTTPServer
import Testing
@testable import TableviewApp

/// SPEC §4: a `Location` names only this server's own origin — the `Host` the request reached it by, when that is a
/// valid host, or `--origin` — never whatever the client wrote in `Host`.
@Suite struct LocationTests {
    @Test(arguments: ["[::1", "evil.example/x", "a b", "x\r\nSet-Cookie: a=b", "user@evil.example", "", "h:99999"])
    func aLocationNeverNamesAnInvalidHost(_ host: String) {
        #expect(SiteOrigin().absoluteURL("/tables/t#row_a", host: host) == "/tables/t#row_a")
    }

    @Test func aLocationNamesTheValidHostOrThePublicOrigin() {
        #expect(SiteOrigin().absoluteURL("/tables/t", host: "127.0.0.1:8080") == "http://127.0.0.1:8080/tables/t")
        #expect(SiteOrigin(servesTLS: true).absoluteURL("/t", host: "[::1]:8443") == "https://[::1]:8443/t")
        #expect(SiteOrigin(publicOrigin: "https://tables.example.lan").absoluteURL("/t", host: "other.example")
            == "https://tables.example.lan/t")
        #expect(SiteOrigin().absoluteURL("/t", host: nil) == "/t")
    }
}
