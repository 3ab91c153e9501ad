import CGnuTLS
#if canImport(Glibc)
import Glibc
#endif

/// GnuTLS priority strings: which protocol versions, key exchanges and ciphers an HTTPS connection may use.
public enum TLSPriorities {
    /// TLS 1.3 and 1.2 only; in TLS 1.2, ECDHE key exchange with AES-GCM or ChaCha20-Poly1305 — the suites of
    /// Mozilla's "intermediate" configuration, which every browser of the last years speaks — all at a security
    /// level of at least 128 bits (`SECURE128`: no SHA-1 signatures, no small groups); the server's order wins.
    /// Key exchange on elliptic curves only (X25519, P-256, P-384), in TLS 1.3 as in 1.2: GnuTLS also offers the
    /// finite-field groups FFDHE2048…8192 in TLS 1.3, and one ffdhe8192 handshake costs the server about 0.5 s of
    /// CPU against 2 ms for X25519 — a client choosing it could keep a core busy with a few handshakes a second.
    /// libmicrohttpd's own default (GnuTLS's `NORMAL`) negotiates TLS 1.0 and 1.1 with CBC-SHA1 suites.
    public static let modern = "SECURE128:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-CIPHER-ALL:+AES-256-GCM"
        + ":+CHACHA20-POLY1305:+AES-128-GCM:-MAC-ALL:+AEAD:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA"
        + ":-GROUP-ALL:+GROUP-X25519:+GROUP-SECP256R1:+GROUP-SECP384R1:%SERVER_PRECEDENCE"

    /// Why GnuTLS refuses `priorities` (naming the part it stopped at), or nil when it accepts them.
    public static func problem(in priorities: String) -> String? {
        var cache: gnutls_priority_t?
        var stoppedAt: UnsafePointer<CChar>?
        let status = priorities.withCString { text in
            let status = gnutls_priority_init(&cache, text, &stoppedAt)
            if status < 0, let stopped = stoppedAt { stoppedAt = UnsafePointer(strdup(stopped)) }
            return status
        }
        if let cache { gnutls_priority_deinit(cache) }
        guard status < 0 else { return nil }
        defer { free(UnsafeMutablePointer(mutating: stoppedAt)) }
        let reason = String(cString: gnutls_strerror(status))
        return stoppedAt.map { "\(reason) at “\(String(cString: $0))”" } ?? reason
    }
}
