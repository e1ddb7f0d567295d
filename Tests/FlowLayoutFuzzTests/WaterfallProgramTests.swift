import FlowLayoutFuzz
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Waterfall programs (`flow-layout.md` 12; input byte 254, then a binary
/// program): seeded random ones run without a disagreement with the
/// reference, and reach waterfall sections, batches and column changes.
@Suite("Fuzz harness: waterfall programs")
struct WaterfallProgramTests {
    static let programs = 600 * LongRuns.factor

    @Test("seeded random waterfall programs")
    func randomPrograms() {
        let failures = Seeds.failures(Self.programs, from: 0) { seed in
            var random = SeededRandom(seed: seed ^ 0x3A7E_2F00)
            let bytes = [254] + (0..<random.int(0...random.pick([24, 120, 400]))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            do {
                try FuzzHarness.check(bytes)
                return []
            } catch {
                return ["input \(CorpusTests.hex(bytes)): \(error)"]
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("random waterfall programs compare frames with waterfall sections, and perform and anchor batches")
    func reach() throws {
        var total = ProgramStatistics()
        for seed in 0..<UInt64(150) {
            var random = SeededRandom(seed: seed ^ 0x3A7E_F022)
            let bytes = (0..<random.int(200...1_200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let statistics = try FuzzHarness.checkProgram(bytes, waterfall: true)
            total.comparisons += statistics.comparisons
            total.waterfallComparisons += statistics.waterfallComparisons
            total.acceptedBatches += statistics.acceptedBatches
            total.anchoredBatches += statistics.anchoredBatches
        }
        #expect(total.waterfallComparisons > total.comparisons / 3)
        #expect(total.acceptedBatches > 300)
        #expect(total.anchoredBatches > 100)
    }
}
