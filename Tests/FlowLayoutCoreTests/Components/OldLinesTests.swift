import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `OldLines` alone: walking the lines of laid-out runs, it stands where the
/// plain model's lines say (the last line start at or before an item, the
/// first at or after one), with the lines and advance of its run before that
/// point. Whole-number sizes: the lines do not depend on the break rule.
@Suite("Components: old lines")
struct OldLinesTests {
    /// Laid-out runs of `items` split at random line starts, and the model's lines.
    static func randomRuns(
        _ items: [Size?], geometry: LineGeometry, _ random: inout SeededRandom
    ) -> (runs: BTree<Run>, lines: [ComponentModel.Line]) {
        let lines = ComponentModel.lines(items, geometry: geometry)
        let segments = items.map { item -> ItemSegment in item.map { .sized($0) } ?? .defaults(1) }
        var runs: [Run] = []
        var builder = RunBuilder(aligned: true, lineSpacing: geometry.lineSpacing)
        for line in lines {
            let group = LineGroup(
                start: line.items.lowerBound, itemCount: line.items.count, lineCount: 1, thickness: line.thickness, isDefaultLines: false)
            builder.append(group, segments: segments[line.items])
            if random.chance(0.15) {
                runs += builder.finish()
                builder = RunBuilder(aligned: true, lineSpacing: geometry.lineSpacing)
            }
        }
        runs += builder.finish()
        return (BTree(runs), lines)
    }

    /// The first item of each run, and one past the last item.
    static func runStarts(_ runs: BTree<Run>) -> [Int] {
        var starts: [Int] = []
        runs.forEach(from: 0) { _, before in
            starts.append(before.items)
            return true
        }
        return starts + [runs.summary.items]
    }

    /// What the walker should report standing at `position` in run `run`.
    static func expectState(
        _ walker: OldLines, position: Int, run: Int, starts: [Int], lines: [ComponentModel.Line], geometry: LineGeometry
    ) {
        #expect(walker.position == position)
        #expect(walker.run == run)
        #expect(walker.runStart == starts[run])
        let before = lines.filter { $0.items.lowerBound >= starts[run] && $0.items.lowerBound < position }
        #expect(walker.lines == before.count)
        #expect(walker.advance == ComponentModel.advance(before, geometry: geometry))
    }

    /// With no default items, every run is a dense buffer of sizes only, whose
    /// lines the walker reads straight from the buffer (not through a breaker).
    @Test(
        "standing at line starts found from an item, moving forward across runs",
        arguments: [0.4, 0.0])
    func againstModel(defaults: Double) {
        var random = SeededRandom(seed: 1831)
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300), defaults: defaults)
            let (runs, lines) = Self.randomRuns(items, geometry: geometry, &random)
            let starts = Self.runStarts(runs)
            if defaults == 0 {
                runs.forEach(from: 0) { run, _ in
                    #expect(run.sizes?.isDense == true && run.sizedCount == run.itemCount)
                    return true
                }
            }
            let lineStarts = lines.map(\.items.lowerBound)
            // The runs keep the model's lines.
            #expect(runs.summary.lines == lines.count)
            #expect(runs.summary.advance == ComponentModel.advance(lines, geometry: geometry))

            let startRun = random.int(0..<runs.count)
            var walker = OldLines(runs: runs, geometry: geometry, from: startRun, firstItem: starts[startRun])
            var run = startRun
            if random.chance(0.6) {
                let item = random.int(starts[startRun]..<starts[startRun + 1])
                walker.advance(toLineAtOrBefore: item)
                let position = lineStarts.last { $0 <= item }!
                Self.expectState(walker, position: position, run: run, starts: starts, lines: lines, geometry: geometry)
            }
            var item = walker.position
            for _ in 0..<6 {
                item = random.int(item...min(items.count + 2, item + 60))
                let found = walker.advance(to: item)
                let position = lineStarts.first { $0 >= item } ?? items.count
                // The walker moves on to a later run only while short of the item.
                run = (run..<runs.count).first { starts[$0 + 1] >= position }!
                #expect(found == (position == item))
                Self.expectState(walker, position: position, run: run, starts: starts, lines: lines, geometry: geometry)
            }
        }
    }

    @Test("edge cases: a run of default lines entered in its middle, and an item past the end")
    func edges() {
        // Three default items a line (100 + 10 + 100 + 10 + 100 = 320), 10 items: lines at 0, 3, 6, 9.
        let geometry = ComponentModel.geometry(viewport: 320, spacing: 10, lineSpacing: 10, defaultSize: Size(width: 100, height: 50))
        let runs = Rebreak(geometry: geometry, isAligned: true).defaultRuns(itemCount: 10)
        var walker = OldLines(runs: runs, geometry: geometry, from: 0, firstItem: 0)
        walker.advance(toLineAtOrBefore: 7)
        #expect(walker.position == 6)
        #expect(walker.lines == 2)
        #expect(walker.advance == Offset(120))
        #expect(walker.advance(to: 8) == false)
        #expect(walker.position == 9)
        #expect(walker.advance(to: 9) == true)
        #expect(walker.advance(to: 12) == false)
        #expect(walker.position == 10)
        #expect(walker.lines == 4)
    }
}
