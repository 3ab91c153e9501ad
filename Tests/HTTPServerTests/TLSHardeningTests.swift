@testable import HTTPServer
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SPEC §4: TLS 1.2 and 1.3 only, with modern cipher suites; a handshake that does not finish is closed like an idle
/// connection.
@Suite struct TLSHardeningTests {
    private func withTLSServer(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (_ port: Int, _ certificate: TestCertificate) throws -> Void
    ) throws {
        let certificate = try TestCertificate()
        let credentials = try TLSCredentials(
            certificatePEM: try certificate.bytes(certificate.certificateFile),
            keyPEM: try certificate.bytes(certificate.keyFile))
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try withLiveServer(router, configure: { $0.tls = credentials; configure(&$0) }) { _, port in
            try body(port, certificate)
        }
    }

    /// Without a priority string libmicrohttpd negotiates TLS 1.0 and 1.1 with CBC-SHA1 suites; the server's own
    /// string refuses them.
    @Test(arguments: [
        ("TLS 1.0", "NORMAL:-VERS-ALL:+VERS-TLS1.0"),
        ("TLS 1.1", "NORMAL:-VERS-ALL:+VERS-TLS1.1"),
        ("TLS 1.2 with CBC", "NORMAL:-VERS-ALL:+VERS-TLS1.2:-CIPHER-ALL:+AES-128-CBC:+AES-256-CBC"),
        ("TLS 1.2 with a static RSA key exchange", "NORMAL:-VERS-ALL:+VERS-TLS1.2:-KX-ALL:+RSA"),
        ("TLS 1.3 with ffdhe8192", "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-FFDHE8192"),
        ("TLS 1.3 with ffdhe2048", "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-FFDHE2048"),
        ("TLS 1.2 with a finite-field key exchange", "NORMAL:-VERS-ALL:+VERS-TLS1.2:-KX-ALL:+DHE-RSA:+DHE-ECDSA"),
    ])
    func oldProtocolsAndSuitesAreRefused(_ what: String, _ priorities: String) throws {
        try withTLSServer { port, certificate in
            let tls = TestTLS(trustedCertificateFile: certificate.certificateFile, priorities: priorities)
            #expect(throws: TestClientError.self, "\(what) was negotiated") {
                try TestClient(port: port, timeout: .seconds(3), tls: tls).request("GET", "/")
            }
        }
    }

    @Test(arguments: [
        "NORMAL:-VERS-ALL:+VERS-TLS1.3",
        "NORMAL:-VERS-ALL:+VERS-TLS1.2:-CIPHER-ALL:+AES-128-GCM",
        "NORMAL:-VERS-ALL:+VERS-TLS1.2:-CIPHER-ALL:+CHACHA20-POLY1305",
        "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-X25519",
        "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-SECP256R1",
        "NORMAL:-VERS-ALL:+VERS-TLS1.3:-GROUP-ALL:+GROUP-SECP384R1",
        "NORMAL:-VERS-ALL:+VERS-TLS1.2:-GROUP-ALL:+GROUP-SECP384R1",
    ])
    func tls12And13WithAEADSuitesAreServed(_ priorities: String) throws {
        try withTLSServer { port, certificate in
            let tls = TestTLS(trustedCertificateFile: certificate.certificateFile, priorities: priorities)
            let response = try TestClient(port: port, timeout: .seconds(3), tls: tls).request("GET", "/")
            #expect(response.status == 200)
        }
    }

    @Test func thePriorityStringCanBeChangedAndABadOneIsAStartError() throws {
        try withTLSServer(configure: { $0.tlsPriorities = "NORMAL:-VERS-ALL:+VERS-TLS1.2" }) { port, certificate in
            let tls13 = TestTLS(trustedCertificateFile: certificate.certificateFile,
                                priorities: "NORMAL:-VERS-ALL:+VERS-TLS1.3")
            #expect(throws: TestClientError.self) { try TestClient(port: port, timeout: .seconds(3), tls: tls13) }
        }
        let certificate = try TestCertificate()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.tls = try TLSCredentials(
            certificatePEM: try certificate.bytes(certificate.certificateFile),
            keyPEM: try certificate.bytes(certificate.keyFile))
        configuration.tlsPriorities = "NORMAL:+NO-SUCH-THING"
        #expect {
            try HTTPServer(configuration: configuration, responder: Router()).start()
        } throws: { error in
            String(describing: error).contains("NO-SUCH-THING")
        }
    }

    /// A connection that never finishes its handshake must not stay open. libmicrohttpd's own idle timeout closes
    /// every variant tried here (nothing sent, half a ClientHello, a whole one never followed up, bytes trickled),
    /// so this holds with or without the watchdog's rule, which makes it hold whatever libmicrohttpd does.
    @Test(arguments: [[UInt8](), [0x16, 0x03, 0x01, 0x02, 0x00, 0x01]])
    func aHandshakeThatDoesNotFinishIsClosedAfterTheIdleTimeout(_ sent: [UInt8]) throws {
        try withTLSServer(configure: { $0.idleTimeout = .seconds(1) }) { port, _ in
            let client = try TestClient(port: port, timeout: .seconds(6))
            if !sent.isEmpty { try client.send(sent) }
            let started = ContinuousClock.now
            #expect(client.waitForClose(timeout: .seconds(6)))
            #expect(ContinuousClock.now - started < .seconds(4), "closed after \(ContinuousClock.now - started)")
        }
    }

    @Test func aPlainConnectionThatSendsNothingIsClosedAfterTheIdleTimeoutToo() throws {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try withLiveServer(router, configure: { $0.idleTimeout = .seconds(1) }) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(6))
            let started = ContinuousClock.now
            #expect(client.waitForClose(timeout: .seconds(6)))
            #expect(ContinuousClock.now - started < .seconds(4))
            // A connection that has served a request and waits for the next is left to the idle timeout alone.
            let kept = try TestClient(port: port, timeout: .seconds(6))
            #expect(try kept.request("GET", "/").status == 200)
            #expect(!kept.isClosedByServer)
        }
    }
}
