import Foundation
import HTTPServer
import TestSupport
import Testing
@testable import TableviewApp

/// SPEC §11: HTTPS of its own (`--tls-cert`, `--tls-key`) and a public origin behind a TLS-terminating proxy
/// (`--origin`): the cookie is `Secure`, the `Origin` check and the redirects' URLs follow the origin.
@Suite struct WebHTTPSTests {
    private func credentials(_ certificate: TestCertificate) throws -> TLSCredentials {
        try TLSCredentials(certificatePEM: try certificate.bytes(certificate.certificateFile),
                           keyPEM: try certificate.bytes(certificate.keyFile))
    }

    @Test func overHTTPSTheCookieIsSecureAndFormsRedirectToHTTPS() throws {
        let certificate = try TestCertificate()
        try withLiveSite(tables: Fixtures.tables, tls: try credentials(certificate)) { port, _ in
            let browser = Browser(port: port, tls: TestTLS(trustedCertificateFile: certificate.certificateFile))
            let page = try browser.get("/tables/picks")
            #expect(try #require(page.header("Set-Cookie")).contains("; Secure"))
            let answer = try browser.press("Cherry")
            #expect(answer.status == 303)
            #expect(answer.header("Location")?.hasPrefix("https://127.0.0.1:\(port)/tables/picks#") == true)
            #expect(try browser.nodes("//button[@aria-checked='true']").map(\.accessibleName).contains("Cherry"))
        }
    }

    @Test func overPlainHTTPTheCookieIsNotSecure() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let cookie = try #require(try Browser(port: port).get("/tables/picks").header("Set-Cookie"))
            #expect(!cookie.contains("Secure"))
        }
    }

    @Test func anHTTPOriginIsRefusedByAnHTTPSServer() throws {
        let certificate = try TestCertificate()
        try withLiveSite(tables: Fixtures.tables, tls: try credentials(certificate)) { port, _ in
            let browser = Browser(port: port, tls: TestTLS(trustedCertificateFile: certificate.certificateFile))
            try browser.get("/tables/picks")
            browser.origin = "http://127.0.0.1:\(port)"
            #expect(try browser.press("Cherry").status == 403)
        }
    }

    @Test func behindAProxyThePublicOriginPassesAndRedirectsGoToIt() throws {
        try withLiveSite(tables: Fixtures.tables, publicOrigin: "https://tables.example.lan") { port, _ in
            let browser = Browser(port: port)
            browser.origin = "https://tables.example.lan"
            let page = try browser.get("/tables/picks")
            #expect(try #require(page.header("Set-Cookie")).contains("; Secure"))
            let answer = try browser.press("Cherry")
            #expect(answer.status == 303)
            #expect(answer.header("Location")?.hasPrefix("https://tables.example.lan/tables/picks#") == true)
            #expect(try browser.nodes("//button[@aria-checked='true']").map(\.accessibleName).contains("Cherry"))
        }
    }

    @Test(arguments: ["http://tables.example.lan", "https://tables.example.lan:8443", "https://evil.example", "null"])
    func behindAProxyOtherOriginsAreRefused(_ origin: String) throws {
        try withLiveSite(tables: Fixtures.tables, publicOrigin: "https://tables.example.lan") { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            browser.origin = origin
            #expect(try browser.press("Cherry").status == 403)
        }
    }

    @Test func behindAProxyAVisitorWhoComesDirectlyStillPasses() throws {
        try withLiveSite(tables: Fixtures.tables, publicOrigin: "https://tables.example.lan") { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            #expect(try browser.press("Cherry").status == 303)
        }
    }

    @Test(arguments: [
        ("https://Tables.Example.LAN/", "https://tables.example.lan"),
        ("https://tables.example.lan:443", "https://tables.example.lan"),
        ("http://tables.example.lan:80", "http://tables.example.lan"),
        ("http://192.0.2.7:8080", "http://192.0.2.7:8080"),
        ("https://[fd00::2]:8443", "https://[fd00::2]:8443"),
        ("https://[fd00::2]", "https://[fd00::2]"),
    ])
    func originsAreNormalizedAsBrowsersWriteThem(_ given: String, _ expected: String) {
        #expect(SiteOrigin.normalized(given) == expected)
    }

    @Test(arguments: ["tables.example.lan", "ftp://x", "https://", "https://x/path", "https://x?q", "https://u@x",
                      "https://x:0", "https://x:99999", "https://x:abc", "https://fd00::2"])
    func malformedOriginsAreRefused(_ given: String) {
        #expect(SiteOrigin.normalized(given) == nil)
    }

    @Test func theRealBinaryServesHTTPSAndRefusesAKeyOfAnotherCertificate() throws {
        let certificate = try TestCertificate()
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        options.database = nil
        let arguments = options.commandLine
        let server = try ServerProcess(
            arguments: arguments + ["--tls-cert", certificate.certificateFile, "--tls-key", certificate.keyFile])
        #expect(server.firstLine.hasPrefix("listening on https://127.0.0.1:"))
        let tls = TestTLS(trustedCertificateFile: certificate.certificateFile)
        #expect(try TestClient(port: server.port, tls: tls).request("GET", "/tables/picks").status == 200)
        #expect(server.stop(with: SIGTERM) == 0)

        let otherKey = try certificate.makeOtherKey()
        let refused = try ServerProcess.run(
            arguments + ["--tls-cert", certificate.certificateFile, "--tls-key", otherKey])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("does not belong to the certificate \(certificate.certificateFile)"))
    }
}
