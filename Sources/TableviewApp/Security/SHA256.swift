/// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), enough to derive CSRF tokens from session ids.
///
/// The toolchain on Linux ships no CryptoKit and no outside package can be fetched, so the project carries
/// this small, test-vector-checked implementation. Tokens are computed on every page, so the hot path avoids
/// allocation: the state is eight words on the stack and blocks are compressed in place.
struct SHA256 {
    /// The eight working words after the blocks absorbed so far.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes absorbed so far (whole blocks only; the tail is padded by `finish`).
    private var absorbed = 0

    /// The 32-byte digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        return hasher.finish(message[...])
    }

    /// HMAC-SHA-256 of `message` under `key`.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        HMACKey(key).authenticationCode(for: message[...])
    }

    /// Absorbs `message` (any length, after the whole blocks given before) with the final padding, and returns
    /// the digest.
    mutating func finish(_ message: ArraySlice<UInt8>) -> [UInt8] {
        let total = absorbed + message.count
        var tail = message
        while tail.count >= 64 {
            compress(tail.prefix(64))
            tail = tail.dropFirst(64)
        }
        var last = [UInt8](tail)
        last.append(0x80)
        let padTo = last.count <= 56 ? 56 : 120
        last.append(contentsOf: repeatElement(0, count: padTo - last.count))
        let bitLength = UInt64(total) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { last.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        compress(last[0..<64])
        if last.count == 128 { compress(last[64..<128]) }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        var digest = [UInt8]()
        digest.reserveCapacity(32)
        for word in words {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Absorbs one 64-byte block.
    mutating func compress(_ block: ArraySlice<UInt8>) {
        precondition(block.count == 64)
        absorbed += 64
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            block.withUnsafeBufferPointer { bytes in
                for i in 0..<16 {
                    w[i] = UInt32(bytes[i * 4]) << 24 | UInt32(bytes[i * 4 + 1]) << 16
                        | UInt32(bytes[i * 4 + 2]) << 8 | UInt32(bytes[i * 4 + 3])
                }
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.roundConstants.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ s0 &+ majority)
                }
            }
            state = (
                state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
            )
        }
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

/// An HMAC-SHA-256 key with its inner and outer pads absorbed once, so each code costs only the message's
/// blocks plus one block for the outer hash.
struct HMACKey: Sendable {
    private let inner: SHA256
    private let outer: SHA256

    init(_ key: [UInt8]) {
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.compress(block.map { $0 ^ 0x36 }[...])
        var outer = SHA256()
        outer.compress(block.map { $0 ^ 0x5c }[...])
        self.inner = inner
        self.outer = outer
    }

    /// HMAC-SHA-256 of `message`.
    func authenticationCode(for message: ArraySlice<UInt8>) -> [UInt8] {
        var innerHash = inner
        let innerDigest = innerHash.finish(message)
        var outerHash = outer
        return outerHash.finish(innerDigest[...])
    }
}

extension SHA256: Sendable {}
