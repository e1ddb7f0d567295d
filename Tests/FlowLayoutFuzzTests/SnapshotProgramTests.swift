import FlowLayoutFuzz
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The fuzz harness's snapshot and archive programs (first byte 255), as
/// `swift test` runs them: seeded random programs, each of which must run
/// without a disagreement with the plain model, and damaged archives refused.
@Suite("Fuzz harness: snapshot and archive programs")
struct SnapshotProgramTests {
    static let programs = 400 * LongRuns.factor

    @Test("seeded random snapshot programs")
    func randomPrograms() {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.programs) {
            var random = SeededRandom(seed: seed ^ 0x5AA9)
            let bytes = [255] + (0..<random.int(8...random.pick([40, 160, 400]))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            do {
                try FuzzHarness.check(bytes)
            } catch {
                failures.append("seed \(seed): \(error)")
                if failures.count >= 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
