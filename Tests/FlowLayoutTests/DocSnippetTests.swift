import FlowLayout
import FlowLayoutDescription
import FlowLayoutHosting
import FlowLayoutUIKitOnSurface
import Foundation
import Testing
import UIKitSurface

/// The code of the DocC articles (`Sources/*/*.docc`), compiled and run, so that
/// it keeps compiling against the API and the numbers the articles state stay
/// true. Each test copies one article's snippets verbatim, in order, then checks
/// the values the prose gives, worked out by hand from the spec.
@Suite("documentation snippets")
struct DocSnippetTests {
    @Test("Getting started: three items a line, the frames and size the article states")
    func gettingStarted() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 100)
        configuration.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        configuration.headerReferenceSize = Size(width: 0, height: 44)

        var state = try FlowLayoutState(
            configuration: configuration,
            sections: [FlowSection(itemCount: 100), FlowSection(itemCount: 25)],
            viewportSize: Size(width: 340, height: 600))

        let onScreen = try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 340, height: 600))
        let fifth = try state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 0))
        let header = try state.layoutAttributesForSupplementaryElement(
            ofKind: .header, at: FlowIndexPath(item: 0, section: 1))
        let size = state.contentSize

        // Header 0 (0–44), then lines at 44, 154, …, 594: six lines meet [0, 600].
        #expect(onScreen.count == 1 + 18)
        #expect(onScreen.first?.category == .header)
        #expect(onScreen.dropFirst().map(\.indexPath.item) == Array(0..<18))
        #expect(fifth.frame == Rect(x: 120, y: 154, width: 100, height: 100))
        // 44 + 34 lines × 100 + 33 × 10 = 3,774; section 1: 44 + 9 × 100 + 8 × 10.
        #expect(header?.frame.minY == 3_774)
        #expect(size == Size(width: 340, height: 4_798))

        let before = state
        do {
            _ = try state.reportSizes([
                SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 100, height: .nan))
            ])
        } catch {
            print(error)  // sizeReports[0].size.height: must be a finite number >= 0 (got nan)
        }
        let nan = FlowLayoutError.invalidValue(path: "sizeReports[0].size.height", value: .nan)
        #expect(throws: nan) {
            try state.reportSizes([SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 100, height: .nan))])
        }
        #expect("\(nan)" == "sizeReports[0].size.height: must be a finite number >= 0 (got nan)")
        #expect(state.storedSizeCount == before.storedSizeCount)
        #expect(state.contentSize == before.contentSize)
    }

    @Test("Self-sizing: the anchor stays still through a report above it and a scroll session")
    func selfSizing() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        var state = try FlowLayoutState(
            configuration: configuration,
            sections: [FlowSection(itemCount: 1_000)],
            viewportSize: Size(width: 320, height: 100))

        try state.setVisibleRect(Rect(x: 0, y: 600, width: 320, height: 100))
        let update = try state.reportSizes([
            SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 320, height: 80))
        ])
        // Item 10, at the top of the visible rect, is the anchor. Item 0 grew by 30
        // points above it, so the content offset moves down by 30 and item 10 stays put.
        let offset = 600 + update.contentOffsetAdjustment.y  // 630

        #expect(offset == 630)
        #expect(update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 10, section: 0)))
        #expect(update.previousAnchorFrame?.minY == 600)
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 10, section: 0)).frame.minY == 630)
        #expect(update.contentSizeAdjustment == Size(width: 0, height: 30))

        var visible = Rect(x: 0, y: 0, width: 320, height: 100)
        var measured: [SizeReport] = []
        for _ in 0..<100 {
            visible.origin.y += 20  // the user scrolls
            let frame = try state.performFrame(FrameRequest(visibleRect: visible, sizeReports: measured))
            visible = frame.visibleRect  // the adjustment applied
            measured = frame.elements.filter { $0.category == .cell }.map {
                SizeReport(indexPath: $0.indexPath, size: Size(width: 320, height: 40 + Double($0.indexPath.item % 5) * 10))
            }
        }
        #expect(state.storedSizeCount > 0)

        // Not in the article: the same session scrolling back up, over items
        // measured and not, where reports land above the anchor; every anchor
        // stays where it was on screen.
        var anchorMovement = 0.0
        for _ in 0..<100 {
            visible.origin.y -= 20
            let frame = try state.performFrame(FrameRequest(visibleRect: visible, sizeReports: measured))
            visible = frame.visibleRect
            measured = frame.elements.filter { $0.category == .cell }.map {
                SizeReport(indexPath: $0.indexPath, size: Size(width: 320, height: 40 + Double($0.indexPath.item % 5) * 10))
            }
            if let anchor = frame.update.anchor, let previous = frame.update.previousAnchorFrame {
                let now = try state.layoutAttributesForItem(at: anchor.indexPath).frame.minY
                anchorMovement = max(anchorMovement, abs(now - frame.update.contentOffsetAdjustment.y - previous.minY))
            }
        }
        #expect(anchorMovement == 0)
    }

    @Test("Batch updates: [a b c d e] becomes [n a e c d]; the anchor adjustments of spec 10.4")
    func batchUpdates() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 50, height: 50)),
            sections: [FlowSection(itemSizes: (1...5).map { Size(width: 50, height: Double($0)) })],
            viewportSize: Size(width: 50, height: 1_000))
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 50, height: 1_000))

        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 1, section: 0)])
        batch.insertItems(at: [FlowIndexPath(item: 0, section: 0)])
        batch.moveItem(at: FlowIndexPath(item: 4, section: 0), to: FlowIndexPath(item: 2, section: 0))
        let result = try state.performBatchUpdates(batch)

        // Heights 1…5 name a…e; the inserted n takes itemSize (50).
        let heights = try (0..<5).map { try state.layoutAttributesForItem(at: FlowIndexPath(item: $0, section: 0)).frame.height }
        #expect(heights == [50, 1, 5, 3, 4])
        // a, first in view, is the anchor: it moves to 60 and the view follows,
        // so n (at 0) is above the adjusted rect; b (at 11) disappears where it was.
        #expect(result.update.contentOffsetAdjustment.y == 60)
        #expect(result.transitions.contains { $0.after == nil && $0.indexPath.item == 1 && $0.before?.minY == 11 + 60 })
        #expect(!result.transitions.contains { $0.before == nil })

        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 320, height: 50)
        var list = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 20)],
            viewportSize: Size(width: 320, height: 100))
        try list.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))

        var insertion = BatchUpdate()
        insertion.insertItems(at: (0..<3).map { FlowIndexPath(item: $0, section: 0) })
        let inserted = try list.performBatchUpdates(insertion)
        // inserted.update.contentOffsetAdjustment.y == 180: the old item 2, now
        // item 5, is still at the top of the visible rect.
        #expect(inserted.update.contentOffsetAdjustment.y == 180)
        #expect(inserted.update.anchor?.indexPath == FlowIndexPath(item: 5, section: 0))

        var deletion = BatchUpdate()
        deletion.deleteItems(at: [FlowIndexPath(item: 2, section: 0)])
        var other = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 20)],
            viewportSize: Size(width: 320, height: 100))
        try other.setVisibleRect(Rect(x: 0, y: 120, width: 320, height: 100))
        #expect(try other.performBatchUpdates(deletion).update.contentOffsetAdjustment.y == -60)

        // The error paths the article quotes.
        var past = BatchUpdate()
        past.insertItems(at: [FlowIndexPath(item: 30, section: 0)])
        #expect(throws: FlowLayoutError.self) { try other.performBatchUpdates(past) }
        do {
            _ = try other.performBatchUpdates(past)
        } catch {
            #expect(error.path == "insertItems[0].item")
        }
        var twice = BatchUpdate()
        twice.deleteItems(at: [FlowIndexPath(item: 1, section: 0), FlowIndexPath(item: 1, section: 0)])
        #expect(throws: FlowLayoutError.invalidBatch(path: "deleteItems[1]", problem: .namedTwice(otherPath: "deleteItems[0]"))) {
            try other.performBatchUpdates(twice)
        }
    }

    @Test("Presentation options: the pinned header, scroll to an item and line-start snapping the article states")
    func presentationOptions() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 320, height: 50)
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.sectionHeadersPinToVisibleBounds = true
        var state = try FlowLayoutState(
            configuration: configuration,
            sections: [FlowSection(itemCount: 4), FlowSection(itemCount: 4)],
            viewportSize: Size(width: 320, height: 100))

        try state.setVisibleRect(Rect(x: 0, y: 250, width: 320, height: 100))
        let header = try state.layoutAttributesForSupplementaryElement(
            ofKind: .header, at: FlowIndexPath(item: 0, section: 0))
        // header?.frame.minY == 230: pushed up by the end of section 0's lines, at 270.
        #expect(header?.frame.minY == 230)
        #expect(header?.zIndex == 10)

        var list = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(itemCount: 10_000)],
            viewportSize: Size(width: 320, height: 600))
        let target = try list.contentOffset(forItemAt: FlowIndexPath(item: 5_000, section: 0), position: .center)
        try list.setVisibleRect(Rect(origin: target, size: Size(width: 320, height: 600)))
        // Item 5,000 at 5,000 × 60 = 300,000, its centre at 300,025, minus half the viewport.
        #expect(target == Point(x: 0, y: 299_725))
        // The hold: measuring the items above moves the offset, not the item on screen.
        let update = try list.reportSizes(
            (4_990..<5_000).map { SizeReport(indexPath: FlowIndexPath(item: $0, section: 0), size: Size(width: 320, height: 70)) })
        let item = try list.layoutAttributesForItem(at: FlowIndexPath(item: 5_000, section: 0)).frame
        #expect(item.midY - (target.y + update.contentOffsetAdjustment.y) == 300)

        var snapping = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(itemCount: 20)],
            viewportSize: Size(width: 320, height: 100),
            options: FlowLayoutOptions(snapping: .lineStart))
        let rest = try snapping.targetContentOffset(
            forProposedContentOffset: Point(x: 0, y: 95), velocity: Point(x: 0, y: 0))  // (0, 120)
        #expect(rest == Point(x: 0, y: 120))
        let back = try snapping.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 95), velocity: Point(x: 0, y: -1))
        let forward = try snapping.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 95), velocity: Point(x: 0, y: 1))
        #expect(back.y == 60)
        #expect(forward.y == 120)
    }

    @Test("Presentation options: right to left and pixel snapping as the article states")
    func mirroringAndPixels() throws {
        // Spec 8.2: viewport 320, items 100 × 50, spacing 10: line 1 at x = 220, 110, 0.
        var mirrored = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)),
            sections: [FlowSection(itemCount: 5)],
            viewportSize: Size(width: 320, height: 500),
            options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        let xs = try mirrored.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 500)).map(\.frame.minX)
        #expect(xs == [220, 110, 0, 220, 110])

        // Spec 8.3 at scale 2: an item at x 10.3, 20.4 wide is at x 10.5, still 20.4 wide.
        var pixels = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 0, left: 10.3, bottom: 0, right: 0)),
            sections: [FlowSection(itemSizes: [Size(width: 20.4, height: 10)])],
            viewportSize: Size(width: 320, height: 100),
            options: FlowLayoutOptions(displayScale: 2))
        let frame = try pixels.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame
        #expect(frame.minX == 10.5)
        #expect(frame.width == 20.4)
    }
    @Test("FlowLayoutCore's landing page: a million self-sizing items, the first screen")
    func coreLandingPage() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 180, height: 140)
        let sections = (0..<1_000).map { _ in FlowSection(itemCount: 1_000) }
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: Size(width: 390, height: 844))
        let visible = try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844))

        // Two estimates a line (180 + 10 + 180 ≤ 390), lines 150 apart: six lines meet 844.
        #expect(visible.count == 12)
        #expect(state.totalItemCount == 1_000_000)
    }

    @Test("FlowLayout's landing page: a scroll session through the actor, reports at or below the anchor")
    func engineLandingPage() async throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 180, height: 140)
        let engine = try FlowLayoutEngine(
            configuration: configuration,
            sections: (0..<1_000).map { _ in FlowSection(itemCount: 1_000) },
            viewportSize: Size(width: 390, height: 844))

        var visible = Rect(x: 0, y: 0, width: 390, height: 844)
        var measured: [SizeReport] = []
        for _ in 0..<60 {
            visible.origin.y += 20
            let frame = try await engine.performFrame(FrameRequest(visibleRect: visible, sizeReports: measured))
            visible = frame.visibleRect
            measured = frame.elements.filter { $0.category == .cell }.map {
                SizeReport(indexPath: $0.indexPath, size: Size(width: 180, height: 120))
            }
        }
        // Each frame reports the cells of the frame before, all at or below the
        // anchor's top edge: nothing above the anchor changes, the view never
        // moves, and every line measured is 20 shorter than its estimate.
        #expect(visible.origin.y == 60 * 20)
        let state = await engine.snapshot
        #expect(state.storedSizeCount > 0)
        #expect(await engine.contentSize.height == 1_000 * (500 * 140 + 499 * 10) - Double(state.storedSizeCount / 2) * 20)
    }

    @Test("FlowLayoutDescription's landing page: a description decoded and laid out")
    func descriptionLandingPage() throws {
        let json = #"""
            {
              "layout": { "itemSize": { "width": 100, "height": 100 }, "minimumInteritemSpacing": 10 },
              "viewport": { "width": 320, "height": 600 },
              "sections": [ { "itemCount": 7 } ]
            }
            """#
        let description = try LayoutDescription.decode(Array(json.utf8))
        var state = try FlowLayoutState(
            configuration: description.configuration, sections: description.sections,
            viewportSize: description.viewportSize, options: description.options)

        // Three a line (100 + 10 + 100 + 10 + 100 = 320), lines 110 apart: 3 lines.
        #expect(state.contentSize == Size(width: 320, height: 320))
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 6, section: 0)).frame.minY == 220)
        #expect(throws: DescriptionError.self) { try LayoutDescription.decode(Array(#"{"viewport": 1}"#.utf8)) }
    }

    @Test("FlowLayoutHosting's landing page: a cell's preferred size invalidates once, with the anchor's adjustment")
    func hostingLandingPage() throws {
        let host = try FlowLayoutHost(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 180, height: 140)),
            sections: [FlowSection(itemCount: 100_000)],
            bounds: Rect(x: 0, y: 0, width: 390, height: 844))
        host.prepare()
        let visible = try host.layoutAttributesForElements(in: host.bounds)
        var preferred = visible[0]
        preferred.frame.size = Size(width: 180, height: 96)
        if try host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: visible[0]) {
            let context = try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: visible[0])
            host.invalidateLayout(with: context)
            // UIKit adds context.contentOffsetAdjustment to the content offset.
        }

        // The first item is the anchor and stays where it was; the same size again invalidates nothing.
        #expect(try host.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame.height == 96)
        let measured = try host.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0))
        #expect(try !host.shouldInvalidateLayout(forPreferredLayoutAttributes: measured, withOriginalAttributes: measured))
    }

    @Test("Using it from UIKit: add the package, set the layout (on the UIKit surface)")
    @MainActor
    func usingItFromUIKit() {
        let collectionView = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: UICollectionViewLayout())

        let layout = FlowCollectionViewLayout()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        layout.sectionHeadersPinToVisibleBounds = true
        collectionView.collectionViewLayout = layout

        #expect(layout.collectionView === collectionView)
        layout.prepare()
        // automaticSize: self-sizing, estimated at itemSize (50 × 50).
        #expect(layout.host?.state.configuration.estimatedItemSize == Size(width: 50, height: 50))
        #expect(layout.host?.state.configuration.sectionHeadersPinToVisibleBounds == true)
    }
}
