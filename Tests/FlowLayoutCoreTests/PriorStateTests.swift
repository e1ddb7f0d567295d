import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// What a batch keeps of the state before it (``PriorState``):
/// for a batch of few items, the inverse of its edits instead of a copy, so
/// that the edit writes its section's tree in place; the state before rebuilt
/// from it gives the transitions' frames before and undoes a refused batch.
@Suite("Batch updates: the state before, rebuilt by the inverse edits")
struct PriorStateTests {
    /// One self-sizing section of `count` items, every one measured (sizes
    /// varied, so that lines re-break differently after each edit), with the
    /// visible rect in the middle.
    static func measured(_ count: Int, seed: UInt64) throws -> FlowLayoutState {
        var random = SeededRandom(seed: seed)
        var configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 80, height: 40))
        configuration.minimumLineSpacing = 6
        configuration.minimumInteritemSpacing = 4
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: count)], viewportSize: Size(width: 320, height: 480))
        let reports = (0..<count).map {
            SizeReport(
                indexPath: FlowIndexPath(item: $0, section: 0),
                size: Size(width: Double(random.int(20...150)), height: Double(random.int(10...90))))
        }
        _ = try state.reportSizes(reports)
        try state.setVisibleRect(Rect(x: 0, y: state.contentSize.height / 2, width: 320, height: 480))
        return state
    }

    @Test("a batch of one item writes its section's tree in place, not a copy")
    func editsInPlace() throws {
        var state = try Self.measured(5_000, seed: 71)
        var random = SeededRandom(seed: 72)
        for round in 0..<20 {
            // Its identity only: a reference kept here would share the node.
            let root = ObjectIdentifier(try #require(state.sections[0].store?.runs.root))
            var batch = BatchUpdate()
            let item = random.int(0..<state.totalItemCount)
            if round.isMultiple(of: 2) {
                batch.insertItems(at: [FlowIndexPath(item: item, section: 0)])
            } else {
                batch.deleteItems(at: [FlowIndexPath(item: item, section: 0)])
            }
            _ = try state.performBatchUpdates(batch)
            #expect(state.sections[0].store?.runs.root.map(ObjectIdentifier.init) == root, "round \(round): root copied")
        }
    }

    @Test("the frames before of elements that come into view are those of the state before")
    func framesBefore() throws {
        var random = SeededRandom(seed: 73)
        var rebuilt = 0
        for round in 0..<40 {
            var state = try Self.measured(400, seed: UInt64(100 + round))
            var before = state
            let visible = try #require(state.visibleRect)
            let inView = try before.layoutAttributesForElements(in: visible).filter { $0.category == .cell }
            // Delete a few items in view: those below come up into view.
            var batch = BatchUpdate()
            let first = try #require(inView.first?.indexPath.item)
            let deleted = Set((0..<random.int(1...4)).map { _ in first + random.int(0..<inView.count) })
            batch.deleteItems(at: deleted.map { FlowIndexPath(item: $0, section: 0) })
            if round.isMultiple(of: 3) { batch.insertItems(at: [FlowIndexPath(item: first + 1, section: 0)]) }
            let result = try state.performBatchUpdates(batch)
            let adjustment = result.update.contentOffsetAdjustment
            for transition in result.transitions {
                guard let frame = transition.before, let old = transition.previousIndexPath else { continue }
                let expected = try before.layoutAttributesForItem(at: old).frame
                #expect(frame.minX == expected.minX + adjustment.x && frame.minY == expected.minY + adjustment.y)
                #expect(frame.size == expected.size)
                if expected.maxY <= visible.minY || expected.minY >= visible.maxY { rebuilt += 1 }
            }
        }
        #expect(rebuilt > 0, "no element came into view from outside the rect")
    }

    /// A batch that only inserts keeps its own edits, and derives their
    /// inverse only when asked for: restoring from it gives the state before.
    @Test("insertions only: the state before, rebuilt from the state after, has every frame it had")
    func restoresInsertions() throws {
        var random = SeededRandom(seed: 79)
        for round in 0..<40 {
            var state = try Self.measured(400, seed: UInt64(200 + round))
            var before = state
            var batch = BatchUpdate()
            let inserted = Set((0..<random.int(1...6)).map { _ in random.int(0...400) })
            batch.insertItems(at: inserted.map { FlowIndexPath(item: $0, section: 0) })
            let prior = try Self.prior(of: batch, in: state)
            #expect(prior.isInverse)
            _ = try state.performBatchUpdates(batch)
            prior.restore(&state)
            #expect(try state.numberOfItems(inSection: 0) == 400)
            for item in stride(from: 0, to: 400, by: 7) {
                let path = FlowIndexPath(item: item, section: 0)
                #expect(try state.layoutAttributesForItem(at: path).frame == before.layoutAttributesForItem(at: path).frame)
            }
            #expect(state.contentSize == before.contentSize)
        }
    }

    /// What `state` keeps before `batch`.
    static func prior(of batch: BatchUpdate, in state: FlowLayoutState) throws -> PriorState {
        var state = state
        return BatchChange(try BatchPlan(batch, in: state.sections), in: state.sections).priorState(of: &state)
    }

    @Test("which batches keep their inverse, and which a copy")
    func inverseOrCopy() throws {
        let state = try BadInputTests.populatedState()
        var few = BatchUpdate()
        few.deleteItems(at: [FlowIndexPath(item: 3, section: 0)])
        few.reloadItems(at: [FlowIndexPath(item: 5, section: 3)])
        few.moveItem(at: FlowIndexPath(item: 1, section: 1), to: FlowIndexPath(item: 7, section: 0))
        few.insertItem(at: FlowIndexPath(item: 2, section: 1), size: Size(width: 300, height: 4e13))
        #expect(try Self.prior(of: few, in: state).isInverse)
        // Sections change: a copy.
        var sections = BatchUpdate()
        sections.deleteSections([2])
        #expect(try !Self.prior(of: sections, in: state).isInverse)
        // More items replaced than the inverse reads: a copy.
        var many = BatchUpdate()
        many.deleteItems(at: (0..<(PriorState.inverseItemLimit + 1)).map { FlowIndexPath(item: $0 % 40, section: $0 / 40) })
        #expect(try !Self.prior(of: many, in: state).isInverse)
        // Items that might take the content past the limit: a copy.
        var tall = BatchUpdate()
        for index in 0..<3 { tall.insertItem(at: FlowIndexPath(item: index, section: 1), size: Size(width: 300, height: 4e14)) }
        #expect(try !Self.prior(of: tall, in: state).isInverse)
    }

    @Test("a batch of few items that would pass the content limit is refused, and nothing changes")
    func refusedWhole() throws {
        var state = try BadInputTests.populatedState()
        let before = try LimitRefusalTests.observe(state)
        // Each item is allowed alone; together they pass 1e15, one a line.
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 3, section: 0)])
        for index in 0..<3 {
            batch.insertItem(at: FlowIndexPath(item: index, section: 1), size: Size(width: 300, height: 4e14))
        }
        #expect(throws: FlowLayoutError.self) { _ = try state.performBatchUpdates(batch) }
        #expect(try LimitRefusalTests.observe(state) == before)
    }

    @Test("the inverse edits give back the state before, frame for frame")
    func inverseRestores() throws {
        var random = SeededRandom(seed: 74)
        var restored = 0
        for round in 0..<30 {
            let original = try Self.measured(300, seed: UInt64(200 + round))
            var state = original
            var batch = BatchUpdate()
            for _ in 0..<random.int(1...6) {
                let item = random.int(0..<300)
                switch random.int(0..<4) {
                case 0: batch.deleteItems(at: [FlowIndexPath(item: item, section: 0)])
                case 1: batch.insertItem(at: FlowIndexPath(item: item, section: 0), size: Size(width: 33, height: 21))
                case 2: batch.reloadItems(at: [FlowIndexPath(item: item, section: 0)])
                default: batch.insertItems(at: [FlowIndexPath(item: item, section: 0)])
                }
            }
            guard let prior = try? Self.prior(of: batch, in: state) else { continue }  // an index named twice
            #expect(prior.isInverse)
            _ = try state.performBatchUpdates(batch)
            prior.restore(&state)
            var expected = original
            let all = Rect(x: 0, y: 0, width: 320, height: 1e9)
            #expect(try state.layoutAttributesForElements(in: all) == expected.layoutAttributesForElements(in: all))
            #expect(state.contentSize == expected.contentSize && state.visibleRect == expected.visibleRect)
            restored += 1
        }
        // A batch naming an item twice is skipped: most rounds must run.
        #expect(restored >= 20, "only \(restored) of 30 batches were valid")
    }
}
