/// Bytes from the system's cryptographically secure generator.
///
/// The standard library's `SystemRandomNumberGenerator` reads `getrandom(2)` on Linux (the kernel's CSPRNG),
/// which is what session ids and the CSRF secret need.
enum SecureRandom {
    /// `count` random bytes.
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var result: [UInt8] = []
        result.reserveCapacity(count + 7)
        while result.count < count {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { result.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(result.prefix(count))
    }
}
