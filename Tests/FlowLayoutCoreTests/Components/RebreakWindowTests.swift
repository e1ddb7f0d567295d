import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// One `Rebreak.Window` alone (steps 1–5 of `Rebreak`): where it starts, the
/// lines it produces, how many edits it reads before it is back in step, and
/// what its splice leaves: the runs before it untouched, and items and lines
/// equal to the plain model's over the items edited in place. Whole-number
/// sizes: the lines do not depend on the break rule.
@Suite("Components: re-break window")
struct RebreakWindowTests {
    @Test("step 1: the window starts at the run holding the item before the edit")
    func windowStart() {
        var random = SeededRandom(seed: 1851)
        let geometry = ComponentModel.geometry()
        let rebreak = Rebreak(geometry: geometry, isAligned: true)
        let none = rebreak.windowStart(before: 0, in: BTree())
        #expect(none.run == 0 && none.firstItem == 0 && none.element == nil)
        for _ in 0..<(100 * LongRuns.factor) {
            let items = ComponentModel.randomItems(&random, count: random.int(1...300))
            let runs = OldLinesTests.randomRuns(items, geometry: geometry, &random).runs
            let starts = OldLinesTests.runStarts(runs)
            for item in [0, 1, items.count, random.int(0...items.count)] {
                let target = min(max(item - 1, 0), items.count - 1)
                let run = starts.lastIndex { $0 <= target }!
                let found = rebreak.windowStart(before: item, in: runs)
                #expect(found.run == run && found.firstItem == starts[run], "item \(item)")
                // The run handed to the window is the run at that position.
                #expect(found.element?.sizes === runs[run].sizes && found.element?.itemCount == runs[run].itemCount)
            }
        }
    }

    @Test("steps 2-5: one window's lines, edits read and splice against the model")
    func oneWindow() {
        var random = SeededRandom(seed: 1852)
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let rebreak = Rebreak(geometry: geometry, isAligned: true)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300))
            var (runs, oldLines) = OldLinesTests.randomRuns(items, geometry: geometry, &random)
            let old = runs
            let edits = EditedStreamTests.randomEdits(&random, count: items.count, from: 0)
            guard let first = edits.first else { continue }
            let item = max(first.range.lowerBound - 1, 0)
            let start = rebreak.windowStart(before: first.range.lowerBound, in: runs)
            var window = Rebreak.Window(
                rebreak: rebreak, runs: runs, startRun: start.run, runStart: start.firstItem, item: item, edits: edits,
                stopsAtBoundaries: true)
            // Step 1: the last old line start at or before the item, in its run.
            #expect(window.firstItem == oldLines.map(\.items.lowerBound).last { $0 <= item && $0 >= start.firstItem })
            var groups: [LineGroup] = []
            while let group = window.nextGroup() { groups.append(group) }
            let outcome = window.splice(into: &runs)
            let read = window.editsRead
            #expect(read >= 1 && read <= edits.count)

            var edited = items
            for edit in edits.prefix(read).reversed() { edited.replaceSubrange(edit.range, with: ComponentModel.items(edit.replacement)) }
            let newLines = ComponentModel.lines(edited, geometry: geometry)
            runs.checkStructure()
            #expect(ComponentModel.items(of: runs) == edited)
            #expect(runs.summary.lines == newLines.count)
            #expect(runs.summary.advance == ComponentModel.advance(newLines, geometry: geometry))
            #expect(outcome.linesBroken == groups.filter { !$0.isDefaultLines }.count)
            // Each line the window broke is a line of the model, from the window's first item.
            let starts = Set(newLines.map(\.items.lowerBound))
            for group in groups where !group.isDefaultLines {
                let line = newLines.first { $0.items.lowerBound == window.firstItem + group.start }
                #expect(line?.items.count == group.itemCount && line?.thickness == group.thickness)
            }
            for group in groups { #expect(starts.contains(window.firstItem + group.start)) }
            // The runs before the window (and an underfull one it may join) are the same runs.
            for index in 0..<max(start.run - 1, 0) {
                #expect(runs[index].sizes === old[index].sizes && runs[index].itemCount == old[index].itemCount)
            }
        }
    }

    @Test("a window given its first run (found by the start's search) works as one that looks it up")
    func givenFirstRun() {
        var random = SeededRandom(seed: 1856)
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let rebreak = Rebreak(geometry: geometry, isAligned: true)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300))
            let runs = OldLinesTests.randomRuns(items, geometry: geometry, &random).runs
            let edits = EditedStreamTests.randomEdits(&random, count: items.count, from: 0)
            guard let first = edits.first else { continue }
            let item = max(first.range.lowerBound - 1, 0)
            let start = rebreak.windowStart(before: first.range.lowerBound, in: runs)
            var results: [(groups: [LineGroup], runs: BTree<Run>, read: Int, firstItem: Int)] = []
            for given in [nil, start.element] {
                var window = Rebreak.Window(
                    rebreak: rebreak, runs: runs, startRun: start.run, runStart: start.firstItem, item: item, edits: edits,
                    stopsAtBoundaries: true, first: given)
                var groups: [LineGroup] = []
                while let group = window.nextGroup() { groups.append(group) }
                var spliced = runs
                _ = window.splice(into: &spliced)
                results.append((groups, spliced, window.editsRead, window.firstItem))
            }
            #expect(results[0].groups == results[1].groups && results[0].read == results[1].read)
            #expect(results[0].firstItem == results[1].firstItem)
            #expect(ComponentModel.items(of: results[0].runs) == ComponentModel.items(of: results[1].runs))
            #expect(results[0].runs.summary.lines == results[1].runs.summary.lines)
            #expect(results[0].runs.summary.advance == results[1].runs.summary.advance)
            // The same runs, not only the same items: the windows packed alike.
            let counts = results.map { result in (0..<result.runs.count).map { result.runs[$0].itemCount } }
            #expect(counts[0] == counts[1])
        }
    }

    /// Adding the outcome's added sums to the runs' sums and removing its
    /// removed ones gives the sums of the runs after, summed afresh (what a
    /// section's store does with them).
    @Test("the runs' sums change by the outcome's removed and added sums", arguments: [true, false])
    func sums(aligned: Bool) {
        var random = SeededRandom(seed: aligned ? 1857 : 1858)
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let rebreak = Rebreak(geometry: geometry, isAligned: aligned)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300), defaults: random.chance(0.5) ? 0 : 0.4)
            var runs =
                aligned
                ? OldLinesTests.randomRuns(items, geometry: geometry, &random).runs : EditedStreamTests.randomRuns(items, &random)
            let edits = EditedStreamTests.randomEdits(&random, count: items.count, from: 0)
            guard !edits.isEmpty else { continue }
            let before = Self.sums(of: runs)
            let outcome = rebreak.apply(edits, to: &runs)
            var after = before
            after.add(outcome.added)
            after.subtract(outcome.removed)
            #expect(after == Self.sums(of: runs))
        }
    }

    /// What a batch reuses of the view before it: the lines in front of the
    /// first line broken again are the model's, unchanged, and their advance.
    @Test("the outcome's kept lines are the same lines before and after, in front of every edit and after them")
    func keptLines() {
        var random = SeededRandom(seed: 1859)
        var someKept = 0
        var someResumed = 0
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let rebreak = Rebreak(geometry: geometry, isAligned: true)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300), defaults: random.chance(0.5) ? 0 : 0.4)
            var (runs, oldLines) = OldLinesTests.randomRuns(items, geometry: geometry, &random)
            let edits = EditedStreamTests.randomEdits(&random, count: items.count, from: 0)
            guard let first = edits.first else { continue }
            let outcome = rebreak.apply(edits, to: &runs)
            let kept = outcome.kept
            var edited = items
            for edit in edits.reversed() { edited.replaceSubrange(edit.range, with: ComponentModel.items(edit.replacement)) }
            let newLines = ComponentModel.lines(edited, geometry: geometry)
            // In front of the line holding the item before the first edit.
            #expect(kept.items <= max(first.range.lowerBound - 1, 0))
            let keptOld = oldLines.filter { $0.items.lowerBound < kept.items }
            let keptNew = newLines.filter { $0.items.lowerBound < kept.items }
            #expect(keptOld.map(\.items) == keptNew.map(\.items) && keptOld.map(\.thickness) == keptNew.map(\.thickness))
            // A line starts there, before and after.
            #expect(kept.items == 0 || keptOld.last?.items.upperBound == kept.items)
            #expect(kept.advance == ComponentModel.advance(keptOld, geometry: geometry))
            if kept.items > 0 { someKept += 1 }
            // The lines kept after the changed ones: the same lines, renumbered.
            guard let resumed = outcome.resumed else { continue }
            someResumed += 1
            let delta = edited.count - items.count
            #expect(resumed.items >= edits.last!.range.upperBound)
            let tailOld = oldLines.filter { $0.items.lowerBound >= resumed.items }
            let tailNew = newLines.filter { $0.items.lowerBound >= resumed.items + delta }
            #expect(tailOld.map { $0.items.count } == tailNew.map { $0.items.count })
            #expect(tailOld.map(\.thickness) == tailNew.map(\.thickness))
            #expect(tailOld.first?.items.lowerBound ?? items.count == resumed.items)
            let frontOld = oldLines.filter { $0.items.lowerBound < resumed.items }
            #expect(resumed.advance == ComponentModel.advance(frontOld, geometry: geometry))
        }
        #expect(someKept >= 100 * LongRuns.factor)
        #expect(someResumed >= 100 * LongRuns.factor)
    }

    /// Items a chat appends or prepends, none measured: the runs of default
    /// items only at a section's ends take them in closed form, the run
    /// written in place and every other run kept, and the lines, kept lines
    /// and lines resumed are the model's.
    @Test("edits of default items inside a run of default items only: one run written, lines and outcome as the model's")
    func insideDefaults() {
        var random = SeededRandom(seed: 1860)
        var written = 0
        var resumedSome = 0
        for _ in 0..<(300 * LongRuns.factor) {
            var geometry = ComponentModel.randomGeometry(&random)
            if random.chance(0.3) {
                // One default item a line, as in a chat.
                let width = Double(random.int(160...300))
                geometry = ComponentModel.geometry(
                    viewport: width + Double(random.int(0...100)), spacing: 5, lineSpacing: Double(random.int(0...12)),
                    defaultSize: Size(width: width, height: Double(random.int(1...60))))
            }
            let rebreak = Rebreak(geometry: geometry, isAligned: true)
            let items =
                [Size?](repeating: nil, count: random.int(0...80))
                + ComponentModel.randomItems(&random, count: random.int(1...120), defaults: 0.2)
                + [Size?](repeating: nil, count: random.int(0...80))
            var runs = ComponentModel.laidOut(items, geometry: geometry)
            let oldLines = ComponentModel.lines(items, geometry: geometry)
            let old = runs
            let starts = OldLinesTests.runStarts(runs)
            // An edit in the first run or the last, of default items only.
            let index = random.chance(0.5) ? 0 : runs.count - 1
            let run = runs[index]
            let perLine = geometry.perLine
            let lower = random.int(starts[index]...starts[index + 1])
            let upper = random.int(lower...min(starts[index + 1], lower + 12))
            var inserted = random.int(0...12)
            if perLine != LineGeometry.unbounded && random.chance(0.5) {
                // Whole lines' worth of items, so that the run's last line keeps its count.
                let whole = (upper - lower + perLine - 1) / perLine + random.int(0...2)
                inserted = min(whole * perLine, 10_000) - (upper - lower)
                if inserted < 0 { inserted = 0 }
            }
            if upper == lower && inserted == 0 { inserted = 1 }
            let edit = ItemEdit(range: lower..<upper, replacement: inserted > 0 ? [.defaults(inserted)] : [])
            let outcome = rebreak.apply([edit], to: &runs)
            var edited = items
            edited.replaceSubrange(edit.range, with: [Size?](repeating: nil, count: inserted))
            let newLines = ComponentModel.lines(edited, geometry: geometry)
            runs.checkStructure()
            #expect(ComponentModel.items(of: runs) == edited)
            #expect(ComponentModel.lines(ofRuns: runs, geometry: geometry).joined().map(\.items) == newLines.map(\.items))
            #expect(runs.summary.lines == newLines.count)
            #expect(runs.summary.advance == ComponentModel.advance(newLines, geometry: geometry))
            #expect(outcome.added == .zero && outcome.removed == SizeSums(items[edit.range].compactMap { $0 }))
            // Written in place when the run holds default items only and its
            // last line keeps its count (or it is the last run).
            let delta = inserted - (upper - lower)
            let target = min(max(lower - 1, 0), items.count - 1)
            let holding = starts.lastIndex { $0 <= target }!
            let keeps = perLine == 1 || (perLine != LineGeometry.unbounded && delta % perLine == 0)
            if holding == index, run.sizes == nil, run.itemCount + delta > 0, keeps || index == old.count - 1 {
                written += 1
                #expect(runs.count == old.count && outcome.linesBroken == 0)
                for other in 0..<old.count where other != index {
                    #expect(runs[other].sizes === old[other].sizes && runs[other].itemCount == old[other].itemCount)
                }
            }
            // The kept lines and the lines resumed: the model's.
            let kept = outcome.kept
            #expect(kept.items <= max(lower - 1, 0))
            let keptOld = oldLines.filter { $0.items.lowerBound < kept.items }
            #expect(keptOld.map(\.items) == newLines.filter { $0.items.lowerBound < kept.items }.map(\.items))
            #expect(kept.items == 0 || keptOld.last?.items.upperBound == kept.items)
            #expect(kept.advance == ComponentModel.advance(keptOld, geometry: geometry))
            guard let resumed = outcome.resumed else { continue }
            resumedSome += 1
            #expect(resumed.items >= upper)
            let tailOld = oldLines.filter { $0.items.lowerBound >= resumed.items }
            let tailNew = newLines.filter { $0.items.lowerBound >= resumed.items + delta }
            #expect(tailOld.map { $0.items.count } == tailNew.map { $0.items.count })
            #expect(tailOld.map(\.thickness) == tailNew.map(\.thickness))
            #expect(tailOld.first?.items.lowerBound ?? items.count == resumed.items)
            #expect(resumed.advance == ComponentModel.advance(oldLines.filter { $0.items.lowerBound < resumed.items }, geometry: geometry))
        }
        #expect(written >= 50 * LongRuns.factor)
        #expect(resumedSome >= 20 * LongRuns.factor)
    }

    /// The sums of every run's explicit sizes.
    static func sums(of runs: BTree<Run>) -> SizeSums {
        var sums = SizeSums()
        runs.forEach(from: 0) { run, _ in
            sums.add(run.sums)
            return true
        }
        return sums
    }

    @Test("unaligned (a pending section): a window packs the edited items without lines")
    func unaligned() {
        var random = SeededRandom(seed: 1853)
        for _ in 0..<(200 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let rebreak = Rebreak(geometry: geometry, isAligned: false)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300))
            var runs = EditedStreamTests.randomRuns(items, &random)
            let edits = EditedStreamTests.randomEdits(&random, count: items.count, from: 0)
            guard !edits.isEmpty else { continue }
            _ = rebreak.apply(edits, to: &runs)
            var edited = items
            for edit in edits.reversed() { edited.replaceSubrange(edit.range, with: ComponentModel.items(edit.replacement)) }
            #expect(ComponentModel.items(of: runs) == edited)
            #expect(runs.summary.lines == 0 && runs.summary.advance == .zero)
            // Laying the pending section out gives the model's lines.
            _ = Rebreak(geometry: geometry, isAligned: true).layOut(&runs)
            let lines = ComponentModel.lines(edited, geometry: geometry)
            #expect(runs.summary.lines == lines.count)
            #expect(runs.summary.advance == ComponentModel.advance(lines, geometry: geometry))
            #expect(ComponentModel.lines(ofRuns: runs, geometry: geometry).joined().map(\.items) == lines.map(\.items))
        }
    }

    @Test("the splice edits a tree no one else keeps in place, and leaves a kept copy as it was")
    func inPlace() throws {
        var random = SeededRandom(seed: 1854)
        let geometry = ComponentModel.geometry()
        let rebreak = Rebreak(geometry: geometry, isAligned: true)
        let items: [Size?] = (0..<3_000).map { _ in Size(width: Double(random.int(1...200)), height: Double(random.int(1...120))) }
        var runs = ComponentModel.laidOut(items, geometry: geometry)
        #expect(runs.root?.isLeaf == false, "a tree of several leaves")
        for round in 0..<20 {
            let item = random.int(0..<items.count)
            let edit = ItemEdit(range: item..<(item + 1), replacement: [.sized(Size(width: Double(random.int(1...200)), height: 9))])
            // Its identity only: a reference kept here would share the node.
            // (A copy is made while the old node lives, so its address differs.)
            let root = ObjectIdentifier(try #require(runs.root))
            if round.isMultiple(of: 2) {
                // Alone: the window lets go of its copies before the splice, so
                // the nodes are written where they are, not copied.
                _ = rebreak.apply([edit], to: &runs)
                #expect(runs.root.map(ObjectIdentifier.init) == root)
            } else {
                let kept = runs
                let before = kept.elements.map(\.summary)
                _ = rebreak.apply([edit], to: &runs)
                #expect(runs.root.map(ObjectIdentifier.init) != root)
                #expect(kept.root.map(ObjectIdentifier.init) == root && kept.elements.map(\.summary) == before)
            }
            runs.checkStructure()
        }
    }
}
