@testable import HTTPServer
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SPEC §4: a certificate that is expired, not yet valid or weak is refused at start.
/// The certificate checks made before a server starts.
@Suite struct TLSCertificateCheckTests {
    private func credentials(_ certificate: TestCertificate, now: Int = time(nil)) throws -> TLSCredentials {
        try TLSCredentials(certificatePEM: try certificate.bytes(certificate.certificateFile),
                           keyPEM: try certificate.bytes(certificate.keyFile), now: now)
    }

    private func refusal(_ body: () throws -> TLSCredentials) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// An expired or not yet valid certificate stops the start rather than serving silently. (The test
    /// certificates are valid from now for two days.)
    @Test func aCertificateOutsideItsValidityIsRefused() throws {
        let certificate = try TestCertificate()
        let now = time(nil)
        #expect(refusal { try credentials(certificate, now: now) } == nil)
        let expired = refusal { try credentials(certificate, now: now + 3 * 86_400) }
        #expect(expired?.contains("the certificate cannot be used: it expired on ") == true, "\(expired ?? "accepted")")
        let early = refusal { try credentials(certificate, now: now - 86_400) }
        #expect(early?.contains("it is not valid before ") == true, "\(early ?? "accepted")")
    }

    /// A key too weak for browsers (RSA under 2048 bits, an elliptic curve under 256) stops the start.
    @Test(arguments: [
        (TestCertificate.Key.rsa(bits: 1024), "its RSA key has 1024 bits; it needs at least 2048"),
        (.ec(curve: "secp224r1"), "its elliptic-curve key has 224 bits; it needs at least 256"),
        (.rsa(bits: 2048), String?.none),
        (.ec(curve: "secp384r1"), String?.none),
    ] as [(TestCertificate.Key, String?)])
    func aWeakKeyIsRefused(_ key: TestCertificate.Key, _ reason: String?) throws {
        let certificate = try TestCertificate(key: key)
        let refused = refusal { try credentials(certificate) }
        if let reason {
            #expect(refused?.contains(reason) == true, "\(refused ?? "accepted")")
        } else {
            #expect(refused == nil)
        }
    }
}
