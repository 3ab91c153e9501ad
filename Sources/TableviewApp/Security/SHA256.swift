import CGnuTLS

/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), enough to derive CSRF tokens and session ids, from GnuTLS —
/// the library libmicrohttpd already links for HTTPS — rather than from code of the project's own.
enum SHA256 {
    /// The length of a digest in bytes.
    static let digestSize = 32

    /// The 32-byte digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: digestSize) { digest, count in
            let status = message.withUnsafeBytes { bytes in
                gnutls_hash_fast(GNUTLS_DIG_SHA256, bytes.baseAddress, bytes.count, digest.baseAddress)
            }
            // SHA-256 is always available in GnuTLS; a failure here is a broken installation, not bad input.
            precondition(status == 0, "gnutls_hash_fast failed: \(status)")
            count = digestSize
        }
    }

    /// HMAC-SHA-256 of `message` under `key`.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        HMACKey(key).authenticationCode(for: message[...])
    }
}

/// An HMAC-SHA-256 key.
struct HMACKey: Sendable {
    private let key: [UInt8]

    init(_ key: [UInt8]) {
        self.key = key
    }

    /// HMAC-SHA-256 of `message`.
    func authenticationCode(for message: ArraySlice<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: SHA256.digestSize) { digest, count in
            let status = key.withUnsafeBytes { key in
                message.withUnsafeBytes { message in
                    gnutls_hmac_fast(GNUTLS_MAC_SHA256, key.baseAddress, key.count, message.baseAddress,
                                     message.count, digest.baseAddress)
                }
            }
            precondition(status == 0, "gnutls_hmac_fast failed: \(status)")
            count = SHA256.digestSize
        }
    }
}
