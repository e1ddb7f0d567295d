/// A small, fast, seeded generator (SplitMix64): the only randomness the tests,
/// the benchmarks and the demo's workloads use, so every run replays from its seed.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    package init(seed: UInt64) {
        state = seed
    }

    /// A generator that depends only on `key` and `seed`: an item keyed by its
    /// index path gets the same values whatever order it is asked for in.
    package static func keyed(_ key: UInt64, seed: UInt64) -> SeededRandom {
        var random = SeededRandom(seed: key &* 0x9E37_79B9_7F4A_7C15 ^ seed)
        _ = random.next()
        return random
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform double in `range`.
    package mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// An integer in `range` (which must not be empty).
    package mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// An integer in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        int(range.lowerBound..<(range.upperBound + 1))
    }

    /// `true` with probability `p`.
    package mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A random element of a non-empty array.
    package mutating func pick<T>(_ values: [T]) -> T {
        values[int(0..<values.count)]
    }

    /// Shuffles `array` in place (Fisher–Yates), drawing from this generator.
    package mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for index in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(index, int(0...index))
        }
    }
}
