import HTTPServer
import Testing
import TestSupport

/// HTTPS through libmicrohttpd's GnuTLS support, with a certificate made at test time.
@Suite struct TLSServerTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .html("<p>home</p>") }
        try router.post("/echo") { request, _ in Response(body: request.body) }
        return router
    }

    private func withTLSServer(_ body: (_ port: Int, _ tls: TestTLS) throws -> Void) throws {
        let certificate = try TestCertificate()
        let credentials = try TLSCredentials(
            certificatePEM: try certificate.bytes(certificate.certificateFile),
            keyPEM: try certificate.bytes(certificate.keyFile))
        try withLiveServer(try router(), configure: { $0.tls = credentials }) { _, port in
            try body(port, TestTLS(trustedCertificateFile: certificate.certificateFile))
        }
    }

    @Test func servesHTTPSWithTheGivenCertificate() throws {
        try withTLSServer { port, tls in
            let response = try TestClient(port: port, tls: tls).request("GET", "/")
            #expect(response.status == 200)
            #expect(response.text == "<p>home</p>")
            // HSTS on every HTTPS answer, a year, neither subdomains nor preload; none over plain HTTP.
            #expect(response.header("Strict-Transport-Security") == "max-age=31536000")
        }
        try withLiveServer(try router()) { _, port in
            let plain = try TestClient(port: port)
            #expect(try plain.request("GET", "/").header("Strict-Transport-Security") == nil)
        }
    }

    @Test func keepAliveWorksOverTLS() throws {
        try withTLSServer { port, tls in
            let client = try TestClient(port: port, tls: tls)
            for _ in 0..<5 {
                let response = try client.request("GET", "/")
                #expect(response.status == 200)
                #expect(!response.closesConnection)
            }
            let posted = try client.request("POST", "/echo", body: Array("over tls".utf8))
            #expect(posted.text == "over tls")
        }
    }

    @Test func aPlainHTTPRequestToTheTLSPortGetsNoPageAndTheServerServesOn() throws {
        try withTLSServer { port, tls in
            let plain = try TestClient(port: port)
            try plain.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(plain.waitForClose())
            #expect(try TestClient(port: port, tls: tls).request("GET", "/").status == 200)
        }
    }

    @Test func aClientThatDoesNotTrustTheCertificateFailsTheHandshake() throws {
        let other = try TestCertificate()
        try withTLSServer { port, _ in
            #expect(throws: TestClientError.self) {
                try TestClient(port: port, tls: TestTLS(trustedCertificateFile: other.certificateFile))
            }
        }
    }

    @Test func aKeyOfAnotherCertificateIsRefusedBeforeStarting() throws {
        let certificate = try TestCertificate()
        let otherKey = try certificate.makeOtherKey()
        #expect(throws: TLSCredentialsError.mismatch) {
            try TLSCredentials(certificatePEM: try certificate.bytes(certificate.certificateFile),
                               keyPEM: try certificate.bytes(otherKey))
        }
    }

    @Test func filesThatAreNotPEMAreRefusedSayingWhich() throws {
        let certificate = try TestCertificate()
        let cert = try certificate.bytes(certificate.certificateFile)
        let key = try certificate.bytes(certificate.keyFile)
        #expect {
            try TLSCredentials(certificatePEM: Array("not a certificate".utf8), keyPEM: key)
        } throws: { error in
            (error as? TLSCredentialsError).map { if case .certificate = $0 { true } else { false } } ?? false
        }
        #expect {
            try TLSCredentials(certificatePEM: cert, keyPEM: cert)
        } throws: { error in
            (error as? TLSCredentialsError).map { if case .key = $0 { true } else { false } } ?? false
        }
        let encrypted = Array("-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n".utf8)
        #expect {
            try TLSCredentials(certificatePEM: cert, keyPEM: encrypted)
        } throws: { error in
            String(describing: error).contains("encrypted")
        }
    }
}
