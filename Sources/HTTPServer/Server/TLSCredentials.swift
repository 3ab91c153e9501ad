import CGnuTLS
#if canImport(Glibc)
import Glibc
#endif

/// A certificate (chain) and its private key, both PEM, for serving HTTPS through libmicrohttpd's GnuTLS support.
///
/// Checked with GnuTLS when made — the certificate parses, is valid now and has a key of at least 2048 bits (RSA) or
/// 256 bits (elliptic curves), the key parses and is not encrypted, and the key belongs to the certificate — so
/// that a wrong file stops the start with a message saying which, rather than with libmicrohttpd's bare refusal to
/// start its daemon, or a server that browsers refuse (or, worse, accept) later.
public struct TLSCredentials: Sendable, Equatable {
    /// The certificate, followed by any intermediate certificates, in PEM.
    public let certificatePEM: [UInt8]
    /// The private key in PEM (PKCS #1, PKCS #8 or SEC 1), unencrypted.
    public let keyPEM: [UInt8]

    /// Credentials from PEM text, checked as described above; the certificate must be valid at `now` (seconds since
    /// 1970, the clock's time by default).
    public init(certificatePEM: [UInt8], keyPEM: [UInt8], now: Int = time(nil)) throws(TLSCredentialsError) {
        guard !certificatePEM.contains(0) else { throw .certificate("it contains a NUL byte") }
        guard !keyPEM.contains(0) else { throw .key("it contains a NUL byte") }
        try Self.checkCertificate(certificatePEM, now: now)
        try Self.checkKey(keyPEM)
        try Self.checkPair(certificatePEM, keyPEM)
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
    }

    /// The first certificate of `pem` (the server's own; intermediates follow it) parses, is valid at `now` and has
    /// a strong enough key.
    private static func checkCertificate(_ pem: [UInt8], now: Int) throws(TLSCredentialsError) {
        var certificate: gnutls_x509_crt_t?
        guard gnutls_x509_crt_init(&certificate) == 0 else { throw .certificate("GnuTLS could not start") }
        defer { gnutls_x509_crt_deinit(certificate) }
        let status = withDatum(pem) { gnutls_x509_crt_import(certificate, $0, GNUTLS_X509_FMT_PEM) }
        guard status == 0 else { throw .certificate("no PEM certificate in it (\(describe(status)))") }
        let activation = gnutls_x509_crt_get_activation_time(certificate)
        let expiration = gnutls_x509_crt_get_expiration_time(certificate)
        if activation != -1, now < activation { throw .certificate("it is not valid before \(date(activation))") }
        if expiration != -1, now > expiration { throw .certificate("it expired on \(date(expiration))") }
        var bits: UInt32 = 0
        let algorithm = gnutls_pk_algorithm_t(UInt32(bitPattern: gnutls_x509_crt_get_pk_algorithm(certificate, &bits)))
        switch algorithm {
        case GNUTLS_PK_RSA, GNUTLS_PK_RSA_PSS:
            guard bits >= 2048 else { throw .certificate("its RSA key has \(bits) bits; it needs at least 2048") }
        case GNUTLS_PK_ECDSA, GNUTLS_PK_EDDSA_ED25519, GNUTLS_PK_EDDSA_ED448:
            guard bits >= 256 else {
                throw .certificate("its elliptic-curve key has \(bits) bits; it needs at least 256")
            }
        default:
            let name = gnutls_pk_algorithm_get_name(algorithm).map { String(cString: $0) } ?? "unknown"
            throw .certificate("its key is of a kind (\(name)) that is not RSA or elliptic-curve")
        }
    }

    /// A time as `2026-12-05 14:03 UTC`.
    private static func date(_ time: time_t) -> String {
        var time = time, parts = tm()
        gmtime_r(&time, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: text.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func checkKey(_ pem: [UInt8]) throws(TLSCredentialsError) {
        var key: gnutls_x509_privkey_t?
        guard gnutls_x509_privkey_init(&key) == 0 else { throw .key("GnuTLS could not start") }
        defer { gnutls_x509_privkey_deinit(key) }
        let text = String(decoding: pem, as: UTF8.self)
        guard !text.contains("BEGIN ENCRYPTED PRIVATE KEY"), !text.contains("Proc-Type: 4,ENCRYPTED") else {
            throw .key("it is encrypted with a password; give the key unencrypted (readable by the server only)")
        }
        let status = withDatum(pem) { gnutls_x509_privkey_import2(key, $0, GNUTLS_X509_FMT_PEM, nil, 0) }
        guard status == 0 else { throw .key("no PEM private key in it (\(describe(status)))") }
    }

    private static func checkPair(_ certificatePEM: [UInt8], _ keyPEM: [UInt8]) throws(TLSCredentialsError) {
        var credentials: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&credentials) == 0 else { throw .pair("GnuTLS could not start") }
        defer { gnutls_certificate_free_credentials(credentials) }
        let status = withDatum(certificatePEM) { certificate in
            withDatum(keyPEM) { key in
                gnutls_certificate_set_x509_key_mem2(credentials, certificate, key, GNUTLS_X509_FMT_PEM, nil, 0)
            }
        }
        if status == GNUTLS_E_CERTIFICATE_KEY_MISMATCH { throw .mismatch }
        guard status >= 0 else { throw .pair(describe(status)) }
    }

    private static func withDatum<Result>(
        _ bytes: [UInt8], _ body: (UnsafePointer<gnutls_datum_t>) -> Result
    ) -> Result {
        var bytes = bytes
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
            return body(&datum)
        }
    }

    private static func describe(_ status: Int32) -> String {
        String(cString: gnutls_strerror(status))
    }
}

/// Why a certificate and key cannot serve HTTPS.
public enum TLSCredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The certificate does not parse.
    case certificate(String)
    /// The key does not parse, or is encrypted.
    case key(String)
    /// Both parse, but the key is not the certificate's.
    case mismatch
    /// GnuTLS refused the pair for another reason.
    case pair(String)

    public var description: String {
        switch self {
        case .certificate(let reason): "the certificate cannot be used: \(reason)"
        case .key(let reason): "the private key cannot be used: \(reason)"
        case .mismatch: "the private key does not belong to the certificate"
        case .pair(let reason): "GnuTLS refused the certificate and key: \(reason)"
        }
    }
}

/// A NUL-terminated copy of PEM text (or the TLS priority string) that stays at one address while a daemon runs,
/// wiped when freed (the key).
struct PEMString: @unchecked Sendable {  // Sendable: written once here, then only read by libmicrohttpd.
    let pointer: UnsafeMutablePointer<CChar>
    private let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count + 1
        pointer = .allocate(capacity: count)
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(pointer).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        pointer[bytes.count] = 0
    }

    func free() {
        explicit_bzero(pointer, count)
        pointer.deallocate()
    }
}
