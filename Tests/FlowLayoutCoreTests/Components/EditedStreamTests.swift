import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `EditedStream` alone: the items it reads are the old items with the edits
/// applied (an array edited in place), and the run boundaries it records are
/// exactly the old runs' starts that no edit touches, renumbered. No line is
/// broken here: nothing depends on the break rule.
@Suite("Components: edited stream")
struct EditedStreamTests {
    /// `items` split into runs at random places (packed without lines, as in a
    /// pending section): the boundaries a stream may meet.
    static func randomRuns(_ items: [Size?], _ random: inout SeededRandom) -> BTree<Run> {
        var runs: [Run] = []
        var start = 0
        while start < items.count {
            let end = min(items.count, start + random.int(1...(random.chance(0.3) ? 3 : 60)))
            var builder = RunBuilder(aligned: false, lineSpacing: 0)
            for item in items[start..<end] { builder.append(item.map { .sized($0) } ?? .defaults(1)) }
            runs += builder.finish()
            start = end
        }
        return BTree(runs)
    }

    /// Sorted, separated edits at or after `first`, in the old numbering.
    static func randomEdits(_ random: inout SeededRandom, count: Int, from first: Int) -> [ItemEdit] {
        var edits: [ItemEdit] = []
        var cursor = first
        while cursor <= count, edits.count < 5, random.chance(0.8) {
            let lower = random.int(cursor...min(count, cursor + 40))
            let upper = random.int(lower...min(count, lower + 8))
            let replacement = ComponentModel.segments(ComponentModel.randomItems(&random, count: random.int((upper == lower ? 1 : 0)...6)))
            edits.append(ItemEdit(range: lower..<upper, replacement: replacement))
            cursor = upper + 1
        }
        return edits
    }

    @Test("the stream reads the edited items, and records a boundary at every untouched run start after its first")
    func againstModel() {
        var random = SeededRandom(seed: 1821)
        for _ in 0..<(400 * LongRuns.factor) {
            let items = ComponentModel.randomItems(&random, count: random.int(1...200))
            let runs = Self.randomRuns(items, &random)
            let startRun = random.int(0..<runs.count)
            var runStarts: [Int] = []
            runs.forEach(from: 0) { _, before in
                runStarts.append(before.items)
                return true
            }
            let offset = random.int(0..<runs[startRun].itemCount)
            let first = runStarts[startRun] + offset
            let edits = Self.randomEdits(&random, count: items.count, from: first)

            var edited = items
            for edit in edits.reversed() { edited.replaceSubrange(edit.range, with: ComponentModel.items(edit.replacement)) }

            let stream = EditedStream(runs: runs, from: startRun, offset: offset, firstItem: first, edits: edits)
            var read: [ItemSegment] = []
            while true {
                if random.chance(0.5) {
                    guard let segment = stream.next() else { break }
                    read.append(segment)
                } else if !stream.fill(&read) {
                    break
                }
            }
            #expect(ComponentModel.items(read) == Array(edited[first...]))
            #expect(stream.hasReadEveryEdit)
            #expect(stream.editsRead == edits.count)
            #expect(stream.totalDelta == edited.count - items.count)
            #expect(stream.editsEnd == (edits.last?.range.upperBound ?? 0))

            // The model's boundaries: the starts of the runs after the first
            // that no edit replaces (an insertion at a run start precedes it).
            let expected = runStarts.indices.dropFirst(startRun + 1).compactMap { run -> RunBoundary? in
                let start = runStarts[run]
                guard !edits.contains(where: { $0.range.contains(start) }) else { return nil }
                let before = edits.filter { $0.range.lowerBound <= start }
                return RunBoundary(
                    newItem: start + before.reduce(0) { $0 + $1.delta }, oldItem: start, run: run, editsBefore: before.count,
                    removedBefore: SizeSums(before.flatMap { items[$0.range] }.compactMap { $0 }))
            }
            #expect(stream.boundaries == expected)
        }
    }

    @Test("edge cases: an insertion at the stream's first item and at the end, a deletion of whole runs")
    func edges() {
        let a = Size(width: 1, height: 1)
        let b = Size(width: 2, height: 2)
        // Runs [a, nil] [nil, nil, b] [a]: starts 0, 2, 5.
        var runs: [Run] = []
        for chunk: [Size?] in [[a, nil], [nil, nil, b], [a]] {
            var builder = RunBuilder(aligned: false, lineSpacing: 0)
            for item in chunk { builder.append(item.map { .sized($0) } ?? .defaults(1)) }
            runs += builder.finish()
        }
        let tree = BTree(runs)
        // Insert b at 0, delete items 2..<5 (the whole second run), insert a at the end.
        let edits = [
            ItemEdit(range: 0..<0, replacement: [.sized(b)]), ItemEdit(range: 2..<5, replacement: []),
            ItemEdit(range: 6..<6, replacement: [.sized(a)]),
        ]
        let stream = EditedStream(runs: tree, from: 0, firstItem: 0, edits: edits)
        var read: [ItemSegment] = []
        while let segment = stream.next() { read.append(segment) }
        #expect(ComponentModel.items(read) == [b, a, nil, a, a])
        // Run 1 is deleted whole: no boundary. Run 2 starts at old 5, new 5 + 1 − 3 = 3, after two edits.
        // The second edit replaces b, the only explicit size it removes.
        #expect(
            stream.boundaries == [
                RunBoundary(newItem: 3, oldItem: 5, run: 2, editsBefore: 2, removedBefore: SizeSums([b]))
            ])
        #expect(stream.removed == SizeSums([b]))
        #expect(stream.totalDelta == -1)
        // No edits: the runs themselves, a boundary at every later run.
        let plain = EditedStream(runs: tree, from: 1, offset: 1, firstItem: 3, edits: [])
        var rest: [ItemSegment] = []
        while plain.fill(&rest) {}
        #expect(ComponentModel.items(rest) == [nil, b, a])
        #expect(plain.boundaries == [RunBoundary(newItem: 5, oldItem: 5, run: 2, editsBefore: 0)])
    }
}
