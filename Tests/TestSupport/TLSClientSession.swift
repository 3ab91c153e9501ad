import CGnuTLS
#if canImport(Glibc)
import Glibc
#endif

/// How a ``TestClient`` speaks TLS: the certificate it trusts (a PEM file, e.g. a ``TestCertificate``) and the
/// name it expects the server's certificate to carry.
public struct TestTLS: Sendable {
    /// The PEM file of the certificate the client trusts.
    public var trustedCertificateFile: String
    /// The host name checked against the server's certificate (and sent as SNI).
    public var serverName: String
    /// The GnuTLS priority string the client offers; nil: GnuTLS's default.
    public var priorities: String?

    public init(trustedCertificateFile: String, serverName: String = "localhost", priorities: String? = nil) {
        self.trustedCertificateFile = trustedCertificateFile
        self.serverName = serverName
        self.priorities = priorities
    }
}

/// A GnuTLS client session over a connected socket: the handshake verifies the server's certificate against
/// the trusted one, then records go through `send` and `receive`.
final class TLSClientSession {
    private var session: gnutls_session_t?
    private var credentials: gnutls_certificate_credentials_t?
    /// The expected name, in memory of its own: GnuTLS keeps the pointer `gnutls_session_set_verify_cert` gets
    /// ("must remain valid for the lifetime of the session"), and a Swift string passed as `const char *` lives
    /// only for the call — a dangling name made verification fail now and then.
    private let expectedName: UnsafeMutablePointer<CChar>

    init(descriptor: Int32, options: TestTLS) throws(TestClientError) {
        expectedName = strdup(options.serverName)
        guard gnutls_certificate_allocate_credentials(&credentials) == 0,
            gnutls_certificate_set_x509_trust_file(credentials, options.trustedCertificateFile, GNUTLS_X509_FMT_PEM)
                > 0,
            gnutls_init(&session, UInt32(GNUTLS_CLIENT)) == 0,
            (options.priorities.map { gnutls_priority_set_direct(session, $0, nil) }
                ?? gnutls_set_default_priority(session)) == 0,
            gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials)) == 0
        else {
            throw .tlsFailed("cannot set up a TLS session trusting \(options.trustedCertificateFile)")
        }
        gnutls_server_name_set(session, GNUTLS_NAME_DNS, options.serverName, options.serverName.utf8.count)
        gnutls_session_set_verify_cert(session, expectedName, 0)
        gnutls_transport_set_int2(session, descriptor, descriptor)
        while true {
            let status = gnutls_handshake(session)
            if status == 0 { break }
            if status == GNUTLS_E_AGAIN { throw .timedOut }
            if status == GNUTLS_E_CERTIFICATE_VERIFICATION_ERROR {
                throw .tlsFailed("the certificate did not verify: \(verificationStatus())")
            }
            if gnutls_error_is_fatal(status) != 0 { throw .tlsFailed(Self.describe(status)) }
        }
    }

    /// Why the server's certificate did not verify, in GnuTLS's words.
    private func verificationStatus() -> String {
        let status = gnutls_session_get_verify_cert_status(session)
        var text = gnutls_datum_t()
        guard gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &text, 0) == 0,
            let data = text.data
        else { return "status \(status)" }
        defer { free(data) }  // GnuTLS allocates with malloc unless told otherwise
        return String(cString: UnsafeRawPointer(data).assumingMemoryBound(to: CChar.self))
    }

    deinit {
        if let session { gnutls_deinit(session) }
        if let credentials { gnutls_certificate_free_credentials(credentials) }
        free(expectedName)
    }

    /// Sends some of `buffer`; returns how many bytes went.
    func send(_ buffer: UnsafeRawBufferPointer) throws(TestClientError) -> Int {
        while true {
            let sent = gnutls_record_send(session, buffer.baseAddress, buffer.count)
            if sent >= 0 { return sent }
            if sent == GNUTLS_E_INTERRUPTED { continue }
            throw .sendFailed(errno: EPIPE)
        }
    }

    /// Receives into `buffer`: the count, 0 at the end of the stream.
    func receive(_ buffer: UnsafeMutableRawBufferPointer) throws(TestClientError) -> Int {
        while true {
            let count = gnutls_record_recv(session, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            switch Int32(count) {
            case GNUTLS_E_INTERRUPTED: continue
            case GNUTLS_E_AGAIN: throw .timedOut
            // A peer that closes without a close_notify alert (as libmicrohttpd may) has still ended the stream.
            case GNUTLS_E_PREMATURE_TERMINATION, GNUTLS_E_PUSH_ERROR, GNUTLS_E_PULL_ERROR: return 0
            default: throw .tlsFailed(Self.describe(Int32(count)))
            }
        }
    }

    private static func describe(_ status: Int32) -> String {
        String(cString: gnutls_strerror(status))
    }
}
