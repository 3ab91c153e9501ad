/// A small seeded PRNG (SplitMix64, Steele et al. 2014): the same seed gives the same sequence on every run and
/// machine, so a failing property run is reproduced from its seed alone.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0). The modulo bias is irrelevant for bounds this small.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func element<T>(_ elements: [T]) -> T {
        elements[below(elements.count)]
    }
}
