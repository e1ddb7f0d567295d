import Foundation

/// Percentiles of a set of durations, in microseconds.
struct Percentiles: Sendable {
    var mean = 0.0
    var median = 0.0
    var p99 = 0.0
    var max = 0.0
    var count = 0

    /// Nearest-rank percentiles of `samples`.
    init(_ samples: [Double]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double {
            sorted[Swift.min(sorted.count - 1, Swift.max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
        }
        mean = samples.reduce(0, +) / Double(samples.count)
        median = rank(0.5)
        p99 = rank(0.99)
        max = sorted[sorted.count - 1]
        count = samples.count
    }
}

/// Measuring time and memory.
enum Measure {
    /// Microseconds elapsed since `start`.
    static func micros(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) * 1e-12
    }

    /// The process's peak resident memory, in bytes, or 0 where unknown:
    /// Linux's `VmHWM`; on Apple's platforms, which have no `/proc`,
    /// `getrusage`'s `ru_maxrss` (in bytes there, not kilobytes).
    static func peakMemoryBytes() -> Int {
        #if canImport(Darwin)
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
        #else
        return field("VmHWM")
        #endif
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kilobytes = digits.first { return kilobytes * 1024 }
        }
        return 0
    }

    /// Bytes as a short human string: 23.4 MB.
    static func bytes(_ value: Int) -> String {
        let v = Double(value)
        if v >= 1e9 { return String(format: "%.2f GB", v / 1e9) }
        if v >= 1e6 { return String(format: "%.1f MB", v / 1e6) }
        if v >= 1e3 { return String(format: "%.1f kB", v / 1e3) }
        return "\(value) B"
    }

    /// Microseconds as a short string with a sensible precision.
    static func micros(_ value: Double) -> String {
        if value >= 1000 { return String(format: "%.2f ms", value / 1000) }
        if value >= 100 { return String(format: "%.0f µs", value) }
        return String(format: "%.1f µs", value)
    }
}
