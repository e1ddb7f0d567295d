import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `SparseLines` alone: a sparse run's lines broken straight from its buffer,
/// against the plain model breaking one item at a time, and group for group
/// against `LineBreaker` over the run's items (the groups `RunLines` and
/// `OldLines` step through, whichever reads the run). Whole-number sizes: the
/// lines do not depend on the break rule.
@Suite("Components: sparse lines")
struct SparseLinesTests {
    /// A run of `items` whose explicit sizes are in a sparse buffer (no lines:
    /// only its items are read).
    static func sparseRun(_ items: [Size?]) -> Run {
        let sized = items.enumerated().compactMap { index, size in size.map { (index, $0) } }
        let sizes = sized.map(\.1)
        let offsets = sized.map { UInt16($0.0) }
        let buffer = sizes.withUnsafeBufferPointer { sizes in
            offsets.withUnsafeBufferPointer { SizeBuffer.sparse(sizes, offsets: $0) }
        }
        return Run(itemCount: items.count, lineCount: 0, advance: .zero, sizes: buffer, sizedCount: sized.count)
    }

    /// Every group of `run`, collecting its items.
    static func groups(_ run: Run, geometry: LineGeometry) -> (groups: [LineGroup], collected: [ItemSegment]) {
        var lines = SparseLines(run.sizes!, itemCount: run.itemCount)
        var groups: [LineGroup] = []
        var collected: [ItemSegment] = []
        while let group = lines.next(in: geometry, into: &collected, collecting: true) { groups.append(group) }
        #expect(lines.isAtEnd)
        return (groups, collected)
    }

    @Test("groups, line by line, are the plain model's lines, and the line breaker's groups; collected items are the items")
    func againstModel() {
        var random = SeededRandom(seed: 1901)
        for _ in 0..<(400 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            // Mostly default items, as in a run measured one item in ten; sometimes denser.
            let items = ComponentModel.randomItems(&random, count: random.int(1...400), defaults: [0.5, 0.9, 0.98][random.int(0...2)])
            let run = Self.sparseRun(items)
            let (groups, collected) = Self.groups(run, geometry: geometry)
            #expect(LineBreakerTests.lines(groups, geometry: geometry) == ComponentModel.lines(items, geometry: geometry))
            #expect(ComponentModel.items(collected) == items)

            var breaker = LineBreaker(RunReader(run), geometry: geometry)
            var expected: [LineGroup] = []
            while let group = breaker.next() { expected.append(group) }
            #expect(groups == expected)

            // Without collecting: the same groups, nothing appended.
            var lines = SparseLines(run.sizes!, itemCount: run.itemCount)
            var uncollected: [LineGroup] = []
            while let group = lines.next(in: geometry) { uncollected.append(group) }
            #expect(uncollected == groups)
        }
    }

    @Test("edge cases: sized first and last, every item sized, an item wider than the line, one default item")
    func edges() {
        let geometry = ComponentModel.geometry(viewport: 100, spacing: 10, defaultSize: Size(width: 30, height: 20))
        let cases: [[Size?]] = [
            [Size(width: 10, height: 5)],
            [Size(width: 10, height: 5), nil, nil, nil, nil, Size(width: 60, height: 30)],
            [nil, Size(width: 150, height: 5), nil],
            [Size(width: 20, height: 5), Size(width: 20, height: 5), Size(width: 20, height: 5), Size(width: 20, height: 5)],
            [nil, nil, nil, nil, nil, nil, nil, Size(width: 1, height: 1)],
            [Size(width: 1, height: 1), nil],
        ]
        for items in cases {
            let (groups, collected) = Self.groups(Self.sparseRun(items), geometry: geometry)
            #expect(LineBreakerTests.lines(groups, geometry: geometry) == ComponentModel.lines(items, geometry: geometry))
            #expect(ComponentModel.items(collected) == items)
        }
    }
}
