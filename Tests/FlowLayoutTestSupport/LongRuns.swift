/// Long randomized runs: set `FLOWLAYOUT_LONG_RUNS=N` to multiply every
/// randomized test's iteration count by N (default 1, so `swift test` stays fast).
public enum LongRuns {
    /// The multiplier from the environment, at least 1.
    public static let factor: Int = {
        guard let raw = getenv("FLOWLAYOUT_LONG_RUNS"), let value = Int(String(cString: raw)), value > 0 else { return 1 }
        return value
    }()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
