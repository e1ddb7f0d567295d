import FlowLayoutCore
import FlowLayoutReference
import Testing

/// A scroll to an item at `nearest` right to left, scrolling horizontally
/// (`flow-layout.md` 8.2, 8.4, 7.2): the engine decides whether the item is
/// already whole in view on its presented frame, as the host sees it, so it
/// holds the edge the reference holds, and a size report then keeps that edge
/// still on screen. Found by `PresentationSequenceTests` at seed 911436: the
/// decision was taken in reading coordinates (`W − x`), whose rounding showed
/// an item a hair outside the visible rect as whole in view, so the engine held
/// its leading edge where the trailing one was due, and a report moved it.
@Suite("Scroll to an item: nearest, right to left")
struct NearestScrollAnchorTests {
    static let configuration = FlowLayoutConfiguration(
        scrollDirection: .horizontal, itemSize: Size(width: 29.545263743827075, height: 64.22948136086923),
        estimatedItemSize: Size(width: 80, height: 40), minimumLineSpacing: 18.563958563911697, minimumInteritemSpacing: 0,
        sectionInset: EdgeInsets(top: 35.42799566161625, left: 16.41629863179388, bottom: 33.49382683005989, right: 43.2450294833303),
        headerReferenceSize: Size(width: 29.96853748748809, height: 59.7167381909855),
        footerReferenceSize: Size(width: 16.923801463103366, height: 10.584972623862663))
    static let options = FlowLayoutOptions(layoutDirection: .rightToLeft)
    static let sections = (0..<3).map { _ in FlowSection(itemCount: 12) }
    static let viewport = Size(width: 588.763064729577, height: 509.471487652336)

    /// With the visible rect's left edge one ulp right of an item's left edge
    /// (its trailing edge, right to left: the item is not whole in view), a
    /// jump to it at `nearest` gives the reference's offset and held edge, and a
    /// report of a new size for it moves that edge by exactly the adjustment.
    @Test("nearest on an item a hair out of view holds the reference's edge through a size report")
    func nearestOnItemHairOutOfView() throws {
        var checked = 0
        for section in 0..<Self.sections.count {
            for item in 0..<Self.sections[section].itemCount {
                let indexPath = FlowIndexPath(item: item, section: section)
                var state = try FlowLayoutState(
                    configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport,
                    options: Self.options)
                var model = ReferenceModel(
                    configuration: Self.configuration, options: Self.options, sections: Self.sections,
                    viewportSize: Self.viewport)
                let element = ElementIdentifier(category: .cell, indexPath: indexPath)
                let frame = try #require(
                    model.presentation(estimatedItemSize: state.currentEstimatedItemSize).attributes(of: element)
                ).frame
                var rect = Rect(origin: Point(x: frame.minX.nextUp, y: 0), size: Self.viewport)
                try state.setVisibleRect(rect)
                model.visibleRect = rect
                let before = model.presentation(estimatedItemSize: state.currentEstimatedItemSize)
                let expected = before.contentOffset(
                    forItemAt: indexPath, position: .nearest, hostContentSize: state.contentSize)
                rect.origin = try state.contentOffset(forItemAt: indexPath, position: .nearest)
                // The clamp may differ in the last bits (the reference sums the content anew).
                #expect(
                    abs(rect.origin.x - expected.offset.x) <= 1e-9 && rect.origin.y == expected.offset.y,
                    Comment(rawValue: "\(indexPath): \(rect.origin), reference \(expected.offset)"))
                try state.setVisibleRect(rect)
                model.visibleRect = rect
                let anchored = model.presentation(estimatedItemSize: state.currentEstimatedItemSize)
                let report = SizeReport(indexPath: indexPath, size: Size(width: 20.94976307981165, height: 52.44086392067898))
                let update = try state.reportSizes([report])
                model.apply([report])
                model.visibleRect = state.visibleRect
                let after = model.presentation(estimatedItemSize: state.currentEstimatedItemSize)
                #expect(update.anchor == element)
                let old = try #require(anchored.attributes(of: element)).frame
                let new = try #require(after.attributes(of: element)).frame
                let moved = after.edge(expected.kept, of: new) - anchored.edge(expected.kept, of: old)
                #expect(
                    abs(moved - update.contentOffsetAdjustment.x) <= 1e-9,
                    Comment(rawValue: "\(indexPath): held edge moved \(moved), adjustment \(update.contentOffsetAdjustment.x)"))
                checked += 1
            }
        }
        #expect(checked == 36)
    }

    /// The sequence that found it, replayed whole.
    @Test("seed 911436 of the presentation sequences")
    func seed911436() throws {
        var sequence = try PresentationSequence(seed: 911_436)
        let issues = try sequence.run(steps: PresentationSequenceTests.steps)
        #expect(issues.isEmpty, Comment(rawValue: issues.joined(separator: "\n")))
    }
}
