import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `RunBuilder` alone: what it packs reads back item for item, its runs carry
/// the lines and advance of the groups given, it closes runs only at group
/// boundaries and for the reasons it states (a full run, a span a sparse
/// buffer cannot address), and it stores sizes in the smaller buffer. Counts,
/// indexes and extents only: nothing depends on the break rule.
@Suite("Components: run builder")
struct RunBuilderTests {
    /// The sizes of runs' items checked against the builder's rules; returns
    /// the runs' items read back.
    static func checkStorage(_ runs: [Run]) -> [Size?] {
        var items: [Size?] = []
        for run in runs {
            let read = ComponentModel.items(of: run)
            #expect(read.count == run.itemCount)
            let sized = read.compactMap { $0 }
            #expect(run.sizedCount == sized.count)
            #expect(run.sums == SizeSums(sized))
            if let sizes = run.sizes {
                let sparse = run.itemCount <= Run.maximumSparseSpan && sized.count * 18 < run.itemCount * 16
                #expect(sizes.isDense == !sparse, "the smaller buffer")
                #expect(sizes.count == (sparse ? sized.count : run.itemCount))
            } else {
                #expect(sized.isEmpty)
            }
            items += read
        }
        return items
    }

    @Test("aligned: groups of a line breaker pack into runs holding their items, lines and advance")
    func aligned() {
        var random = SeededRandom(seed: 1841)
        for round in 0..<(200 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            var items = ComponentModel.randomItems(&random, count: random.int(0...400))
            if round % 10 == 0 {
                // Stretches of default items longer than a sparse buffer spans, between sized items.
                items = Array(items.prefix(40)) + [Size?](repeating: nil, count: 70_000) + Array(items.dropFirst(40))
            }
            var breaker = LineBreaker(
                PiecewiseSource(ComponentModel.segments(items), random: SeededRandom(seed: random.next())), geometry: geometry)
            var builder = RunBuilder(aligned: true, lineSpacing: geometry.lineSpacing)
            var groupStarts: [Int] = []
            var lines = 0
            var advance = Offset.zero
            var segments: [ItemSegment] = []
            while true {
                let from = segments.count
                guard let group = breaker.next(into: &segments) else { break }
                builder.append(group, segments: segments[from...])
                groupStarts.append(group.start)
                lines += group.lineCount
                advance += (Offset(group.thickness) + geometry.lineSpacingOffset) * group.lineCount
            }
            #expect(builder.itemCount == items.count)
            let runs = builder.finish()
            #expect(Self.checkStorage(runs) == items)
            #expect(runs.reduce(0) { $0 + $1.lineCount } == lines)
            #expect(runs.reduce(Offset.zero) { $0 + $1.advance } == advance)
            // Runs start at group starts, and close only when full or when the
            // next group would make a run with sizes span too far.
            var start = 0
            for (index, run) in runs.enumerated() {
                #expect(groupStarts.contains(start))
                start += run.itemCount
                guard index < runs.count - 1 else { continue }
                let nextGroupEnd = groupStarts.first { $0 > start }.map { $0 } ?? items.count
                let full = run.sizedCount >= Run.sizedCapacity
                let tooFar = run.itemCount + (nextGroupEnd - start) > Run.maximumSparseSpan
                #expect(full || tooFar, "run \(index) closed early")
            }
        }
    }

    @Test("a section's ends: its first and last lines of default items only are runs of their own")
    func sectionEnds() {
        var random = SeededRandom(seed: 1844)
        for _ in 0..<(200 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let items =
                [Size?](repeating: nil, count: random.int(0...60))
                + ComponentModel.randomItems(&random, count: random.int(0...200), defaults: random.chance(0.5) ? 0 : 0.4)
                + [Size?](repeating: nil, count: random.int(0...60))
            var breaker = LineBreaker(
                PiecewiseSource(ComponentModel.segments(items), random: SeededRandom(seed: random.next())), geometry: geometry)
            var builder = RunBuilder(aligned: true, lineSpacing: geometry.lineSpacing, startsSection: true)
            var groups: [(group: LineGroup, sized: Bool)] = []
            var lines = 0
            var advance = Offset.zero
            var segments: [ItemSegment] = []
            while true {
                let from = segments.count
                guard let group = breaker.next(into: &segments) else { break }
                builder.append(group, segments: segments[from...])
                let sized = segments[from...].contains { if case .sized = $0 { true } else { false } }
                groups.append((group, sized))
                lines += group.lineCount
                advance += (Offset(group.thickness) + geometry.lineSpacingOffset) * group.lineCount
            }
            let runs = builder.finish(endsSection: true)
            #expect(Self.checkStorage(runs) == items)
            #expect(runs.reduce(0) { $0 + $1.lineCount } == lines)
            #expect(runs.reduce(Offset.zero) { $0 + $1.advance } == advance)
            var starts: [Int] = []
            var start = 0
            for run in runs {
                #expect(groups.contains { $0.group.start == start }, "a run starts a group")
                starts.append(start)
                start += run.itemCount
            }
            guard let firstSized = groups.firstIndex(where: \.sized), let lastSized = groups.lastIndex(where: \.sized) else {
                #expect(runs.allSatisfy { $0.sizes == nil })
                continue
            }
            // The lines before the first explicit size, and after the last, are runs of their own.
            let head = groups[firstSized].group.start
            let tail = groups[lastSized].group.end
            if head > 0 { #expect(runs.first?.itemCount == head && runs.first?.sizes == nil) }
            if tail < items.count { #expect(starts.last == tail && runs.last?.sizes == nil) }
            // Every other run closes when full or before a span too far.
            for (index, run) in runs.enumerated().dropLast() where starts[index] >= head && starts[index + 1] < tail {
                let nextGroupEnd = groups.first { $0.group.start > starts[index + 1] }?.group.start ?? items.count
                let full = run.sizedCount >= Run.sizedCapacity
                let tooFar = run.itemCount + (nextGroupEnd - starts[index + 1]) > Run.maximumSparseSpan
                #expect(full || tooFar, "run \(index) closed early")
            }
        }
    }

    @Test("unaligned: items pack into runs with no lines, closed when full")
    func unaligned() {
        var random = SeededRandom(seed: 1842)
        for _ in 0..<(200 * LongRuns.factor) {
            let items = ComponentModel.randomItems(&random, count: random.int(0...400))
            var builder = RunBuilder(aligned: false, lineSpacing: 7)
            for segment in ComponentModel.segments(items) { builder.append(segment) }
            let runs = builder.finish()
            #expect(Self.checkStorage(runs) == items)
            #expect(runs.allSatisfy { $0.lineCount == 0 && $0.advance == .zero })
            #expect(runs.dropLast().allSatisfy { $0.sizedCount == Run.sizedCapacity })
        }
    }

    @Test("verbatim: a stretch of an old run joins with its lines and advance as given")
    func verbatim() {
        var random = SeededRandom(seed: 1843)
        for _ in 0..<(200 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            // Mostly default items (sparse buffers), or mostly sized ones (dense
            // buffers, some with holes: their stretches are copied entry by entry).
            let items: [Size?] =
                random.chance(0.5)
                ? ComponentModel.randomItems(&random, count: random.int(1...200), defaults: 0.7)
                : (0..<random.int(1...200)).map { _ in
                    random.chance(0.03) ? nil : Size(width: Double(random.int(1...200)), height: Double(random.int(1...120)))
                }
            let old = ComponentModel.laidOut(items, geometry: geometry)
            var builder = RunBuilder(aligned: true, lineSpacing: geometry.lineSpacing)
            var expected: [Size?] = []
            var lines = 0
            var advance = Offset.zero
            old.forEach(from: 0) { run, _ in
                let runItems = ComponentModel.items(of: run)
                let lower = random.int(0...run.itemCount)
                let upper = random.int(lower...run.itemCount)
                let take = random.int(0...9)
                builder.appendVerbatim(run, items: lower..<upper, lines: take, advance: Offset(Double(take)))
                if random.chance(0.3) {
                    builder.appendWhole(run)
                    expected += Array(runItems[lower..<upper]) + runItems
                    lines += run.lineCount
                    advance += run.advance
                } else {
                    expected += runItems[lower..<upper]
                }
                if lower < upper {
                    lines += take
                    advance += Offset(Double(take))
                }
                return true
            }
            let runs = builder.finish()
            #expect(Self.checkStorage(runs) == expected)
            #expect(runs.reduce(0) { $0 + $1.lineCount } == lines)
            #expect(runs.reduce(Offset.zero) { $0 + $1.advance } == advance)
        }
    }
}
