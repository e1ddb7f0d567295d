/// Long randomized runs: set `FLOWLAYOUT_LONG_RUNS=N` to multiply every
/// randomized test's iteration count by N (default 1, so `swift test` stays fast).
package enum LongRuns {
    /// The multiplier from the environment, at least 1.
    package static let factor: Int = {
        guard let raw = getenv("FLOWLAYOUT_LONG_RUNS"), let value = Int(String(cString: raw)), value > 0 else { return 1 }
        return value
    }()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a randomized check once per seed and collects what failed, naming the
/// seed, which replays it: the one seed loop every randomized suite uses.
package enum Seeds {
    /// Calls `body` for `count` seeds from `first` (`body` returns the issues it
    /// found); returns one message per failing seed, stopping after `maximumFailures`.
    package static func failures(
        _ count: Int, from first: UInt64, maximumFailures: Int = 3, _ body: (UInt64) throws -> [String]
    ) rethrows -> [String] {
        var failures: [String] = []
        for seed in first..<(first + UInt64(count)) {
            let issues = try body(seed)
            if !issues.isEmpty {
                failures.append("seed \(seed): \(issues.prefix(4).joined(separator: "; "))")
                if failures.count >= maximumFailures { break }
            }
        }
        return failures
    }
}
