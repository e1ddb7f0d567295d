import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// `moveItem(at:to:)`, the step of an interactive movement: the frames of a
/// one-move batch, with the visible rect left where it is.
@Suite("Moving one item")
struct MoveItemTests {
    @Test("seeded moves give the frames of a one-move batch and keep the visible rect")
    func againstBatches() throws {
        let failures = try Seeds.failures(200 * LongRuns.factor, from: 16_100) { seed in
            let input = RandomLayoutCase(seed: seed, maximumSections: 6, maximumItems: 200)
            var random = SeededRandom(seed: seed ^ 0x0316)
            var moved = try FlowLayoutState(
                configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
            let rect = Rect(origin: Point(x: 0, y: 0), size: input.viewportSize)
            try moved.setVisibleRect(rect)
            var batched = moved
            var issues: [String] = []
            for _ in 0..<10 where moved.totalItemCount > 0 {
                let paths = (0..<moved.numberOfSections).flatMap { s in
                    (0..<((try? moved.numberOfItems(inSection: s)) ?? 0)).map { FlowIndexPath(item: $0, section: s) }
                }
                let from = paths[random.int(0..<paths.count)]
                var to = paths[random.int(0..<paths.count)]
                if to.section != from.section { to.item = min(to.item + 1, (try moved.numberOfItems(inSection: to.section))) }
                let update = try moved.moveItem(at: from, to: to)
                var batch = BatchUpdate()
                batch.moveItem(at: from, to: to)
                _ = try batched.performBatchUpdates(batch)
                try batched.setVisibleRect(rect)
                if update.contentOffsetAdjustment != .zero { issues.append("moving adjusted the offset") }
                if moved.visibleRect != rect { issues.append("moving moved the visible rect") }
                let everything = Rect(x: -1, y: -1, width: 1e9, height: 1e9)
                issues += LayoutComparison.differences(
                    engine: try moved.layoutAttributesForElements(in: everything),
                    reference: try batched.layoutAttributesForElements(in: everything), tolerance: 0)
                if !issues.isEmpty { break }
            }
            return issues
        }
        #expect(failures == [])
    }

    @Test("a move out of range is refused and changes nothing")
    func refused() throws {
        var state = try FlowLayoutState(sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 100, height: 100))
        #expect(throws: FlowLayoutError.self) {
            try state.moveItem(at: FlowIndexPath(item: 5, section: 0), to: FlowIndexPath(item: 0, section: 0))
        }
        #expect(throws: FlowLayoutError.self) {
            try state.moveItem(at: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 0, section: 1))
        }
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 0)).frame.minY == 240)
    }

    @Test("the point hit test: the cell under a point, nil over a header or a gap; NaN refused")
    func hitTest() throws {
        // Width 230: items 100 × 50 with spacing 10 → two a line, justified (x 0 and 130);
        // a 20-point header above.
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50), headerReferenceSize: Size(width: 0, height: 20)),
            sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 230, height: 400))
        #expect(try state.indexPathForItem(at: Point(x: 10, y: 10)) == nil)
        #expect(try state.indexPathForItem(at: Point(x: 10, y: 30)) == FlowIndexPath(item: 0, section: 0))
        #expect(try state.indexPathForItem(at: Point(x: 115, y: 30)) == nil)
        #expect(try state.indexPathForItem(at: Point(x: 229, y: 81)) == FlowIndexPath(item: 3, section: 0))
        #expect(try state.indexPathForItem(at: Point(x: 10, y: 200)) == nil)
        #expect(throws: FlowLayoutError.invalidValue(path: "point.y", value: .nan)) {
            try state.indexPathForItem(at: Point(x: 0, y: .nan))
        }
    }
}
