import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// `partitionPoint(in:where:)` alone, the one binary search every sorted
/// lookup goes through, against a linear scan.
@Suite("Components: partition point")
struct PartitionPointTests {
    @Test("the first index where the test holds, over ranges of every length and start, the test switching anywhere")
    func againstLinearScan() {
        var random = SeededRandom(seed: 17)
        for _ in 0..<2_000 {
            let start = random.int(-50...50)
            let range = start..<(start + random.int(0...40))
            let switchAt = random.int((range.lowerBound - 2)...(range.upperBound + 2))
            var calls = 0
            let found = partitionPoint(in: range) { index in
                #expect(range.contains(index), "asked about \(index), outside \(range)")
                calls += 1
                return index >= switchAt
            }
            let expected = range.first { $0 >= switchAt } ?? range.upperBound
            #expect(found == expected, "\(range), switching at \(switchAt)")
            // ⌈log₂(n + 1)⌉ tests at most.
            var bound = 0
            while (1 << bound) < range.count + 1 { bound += 1 }
            #expect(calls <= bound, "\(calls) tests over \(range.count) indexes")
        }
    }

    @Test("sorted keys: the number below a value, with repeats")
    func sortedKeys() {
        var random = SeededRandom(seed: 18)
        for _ in 0..<500 {
            let keys = (0..<random.int(0...30)).map { _ in random.int(0...20) }.sorted()
            let value = random.int(-1...21)
            #expect(partitionPoint(in: keys.indices) { keys[$0] >= value } == keys.filter { $0 < value }.count)
        }
    }
}
