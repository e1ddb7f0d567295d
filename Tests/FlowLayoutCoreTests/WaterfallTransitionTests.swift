import FlowLayoutCore
import FlowLayoutReference
import Testing

/// Transitions of batches in waterfall sections (`flow-layout.md` 10.5, 12.4):
/// the frame before of every element in view before or after, as the state
/// before the batch had it, moved by the anchor's adjustment.
@Suite("Waterfall transitions")
struct WaterfallTransitionTests {
    /// Every transition's frame before equals the state before's, moved by the
    /// adjustment; returns how many cells came into view from outside it.
    static func checkBefore(_ result: BatchUpdateResult, against before: inout FlowLayoutState) throws -> Int {
        let adjustment = result.update.contentOffsetAdjustment
        let visible = try #require(before.visibleRect)
        var entering = 0
        for transition in result.transitions where transition.category == .cell {
            guard let old = transition.previousIndexPath, let frame = transition.before else { continue }
            let was = try before.layoutAttributesForItem(at: old).frame
            #expect(frame == Rect(x: was.minX + adjustment.x, y: was.minY + adjustment.y, width: was.width, height: was.height))
            if !was.touches(visible) { entering += 1 }
        }
        return entering
    }

    @Test(
        "items inserted above the view into both columns: cells that come into view had their frames before, each column moved by its own insertions, mirrored and snapped too"
    )
    func insertionsIntoBothColumns() throws {
        var configuration = ReferenceWaterfallTests.configuration
        configuration.waterfall = .count(2)
        var mirrored = FlowLayoutOptions()
        mirrored.layoutDirection = .rightToLeft
        mirrored.displayScale = 3
        for vertical in [true, false] {
            for options in [FlowLayoutOptions(), mirrored] {
                configuration.scrollDirection = vertical ? .vertical : .horizontal
                let sizes = (0..<200).map { j -> Size in
                    let along = Double(40 + (j * 53) % 120)
                    return vertical ? Size(width: 155, height: along) : Size(width: along, height: 195)
                }
                var state = try FlowLayoutState(
                    configuration: configuration, sections: [FlowSection(itemSizes: sizes)], viewportSize: Size(width: 320, height: 400),
                    options: options)
                let middle = try state.layoutAttributesForItem(at: FlowIndexPath(item: 100, section: 0)).frame
                try state.setVisibleRect(
                    Rect(x: vertical ? 0 : middle.minX, y: vertical ? middle.minY : 0, width: 320, height: 400))
                var before = state
                // A long item and a short one at the top: into columns 0 and 1 (12.3 a), which move apart.
                var batch = BatchUpdate()
                batch.insertItem(
                    at: FlowIndexPath(item: 0, section: 0), size: vertical ? Size(width: 155, height: 300) : Size(width: 300, height: 195))
                batch.insertItem(
                    at: FlowIndexPath(item: 1, section: 0), size: vertical ? Size(width: 155, height: 20) : Size(width: 20, height: 195))
                let result = try state.performBatchUpdates(batch)
                #expect(try Self.checkBefore(result, against: &before) > 0)
            }
        }
    }
}
