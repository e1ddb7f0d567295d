import FlowLayoutCore
import FlowLayoutReference
import Testing

/// Scrolling to an item and where scrolling comes to rest (`flow-layout.md`
/// 8.4, 8.5), worked out by hand, in both scroll directions.
@Suite("Scroll to an item, snapping")
struct ScrollingTests {
    /// A list of 100 items 320 × 50, spacing 10 (lines every 60), viewport
    /// 320 × 100, in `direction` (transposed when horizontal).
    static func list(
        _ direction: ScrollDirection, header: Double = 0, pinned: Bool = false, options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: header),
            sectionHeadersPinToVisibleBounds: pinned)
        var viewport = Size(width: 320, height: 100)
        if direction == .horizontal {
            configuration = configuration.transposed
            viewport = viewport.transposed
        }
        return try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 100)], viewportSize: viewport, options: options)
    }

    static func along(_ point: Point, _ direction: ScrollDirection) -> Double { direction == .vertical ? point.y : point.x }

    static func offset(_ value: Double, _ direction: ScrollDirection) -> Point {
        direction == .vertical ? Point(x: 0, y: value) : Point(x: value, y: 0)
    }

    @Test("8.4 top, center, bottom, nearest, clamped", arguments: ScrollDirection.allCases)
    func positions(direction: ScrollDirection) throws {
        var state = try Self.list(direction)
        func offset(_ item: Int, _ position: ScrollPosition) throws -> Double {
            Self.along(try state.contentOffset(forItemAt: FlowIndexPath(item: item, section: 0), position: position), direction)
        }
        // Item 10 spans 600 ..< 650.
        #expect(try offset(10, .top) == 600)
        #expect(try offset(10, .center) == 575)
        #expect(try offset(10, .bottom) == 550)
        #expect(try offset(10, .nearest) == 550)  // below V (0 ..< 100): the least scroll shows its bottom
        try state.setVisibleRect(Rect(origin: Self.offset(580, direction), size: state.viewportSize))
        #expect(try offset(10, .nearest) == 580)  // already whole in view: unchanged
        #expect(try offset(9, .nearest) == 540)  // above V: its top
        // Clamped to 0 ... content − viewport = 5990 − 100.
        #expect(try offset(99, .top) == 5890)
        #expect(try offset(0, .bottom) == 0)
        #expect(throws: FlowLayoutError.itemOutOfRange(path: "indexPath", indexPath: FlowIndexPath(item: 100, section: 0), itemCount: 100))
        {
            try state.contentOffset(forItemAt: FlowIndexPath(item: 100, section: 0), position: .top)
        }
    }

    @Test("8.4 top goes below the pinned header of the item's section", arguments: ScrollDirection.allCases)
    func belowPinnedHeader(direction: ScrollDirection) throws {
        var state = try Self.list(direction, header: 40, pinned: true)
        // Item 10 spans 640 ..< 690 after the 40-point header; the header covers 40.
        let top = try state.contentOffset(forItemAt: FlowIndexPath(item: 10, section: 0), position: .top)
        #expect(Self.along(top, direction) == 600)
        var unpinned = try Self.list(direction, header: 40)
        #expect(Self.along(try unpinned.contentOffset(forItemAt: FlowIndexPath(item: 10, section: 0), position: .top), direction) == 640)
    }

    @Test("8.4 right to left, scrolling horizontally: top puts the item's right edge at the visible rect's right edge")
    func rightToLeftTop() throws {
        var state = try Self.list(.horizontal, options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        // Content 5990 wide; item 10 at natural 600 ..< 650 is at 5340 ..< 5390.
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 10, section: 0)).frame.minX == 5340)
        #expect(try state.contentOffset(forItemAt: FlowIndexPath(item: 10, section: 0), position: .top).x == 5290)
        #expect(try state.contentOffset(forItemAt: FlowIndexPath(item: 10, section: 0), position: .bottom).x == 5340)
        #expect(try state.contentOffset(forItemAt: FlowIndexPath(item: 0, section: 0), position: .top).x == 5890)
    }

    @Test("8.4 after a jump into unmeasured content the item never moves on screen while its neighbours are measured")
    func holdAfterJump() throws {
        for (columns, position) in [(1, ScrollPosition.center), (3, .top), (1, .bottom), (2, .nearest)] {
            let width = 390.0 / Double(columns) - 10
            var state = try FlowLayoutState(
                configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: width, height: 60)),
                sections: [FlowSection(itemCount: 1_000_000)], viewportSize: Size(width: 390, height: 844))
            let target = FlowIndexPath(item: 500_000, section: 0)
            let origin = try state.contentOffset(forItemAt: target, position: position)
            var visible = Rect(origin: origin, size: state.viewportSize)
            var random = SeededRandom(seed: UInt64(columns * 7 + position.hashValue & 0xff))
            var measured: Set<Int> = []
            var placement: Double?
            for _ in 0..<40 {
                var reports: [SizeReport] = []
                let shown = try state.layoutAttributesForElements(in: visible)
                for element in shown where element.category == .cell && !measured.contains(element.indexPath.item) {
                    measured.insert(element.indexPath.item)
                    reports.append(
                        SizeReport(indexPath: element.indexPath, size: Size(width: width, height: random.double(20...300).rounded())))
                }
                let result = try state.performFrame(FrameRequest(visibleRect: visible, sizeReports: reports))
                visible = result.visibleRect
                let frame = try state.layoutAttributesForItem(at: target).frame
                let onScreen =
                    position == .bottom
                    ? frame.maxY - visible.maxY : position == .center ? frame.midY - visible.midY : frame.minY - visible.minY
                if let placement {
                    #expect(abs(onScreen - placement) < 1e-6, "columns \(columns), \(position): moved from \(placement) to \(onScreen)")
                } else {
                    placement = onScreen
                    if position != .nearest { #expect(abs(onScreen) < 1e-6) }
                }
                if reports.isEmpty { break }
            }
            #expect(measured.count > 3)
        }
    }

    @Test("8.4 nearest to an item exactly as long as the view holds its leading edge, as top does")
    func nearestExactFit() throws {
        // Self-sizing items 320 × 100 (the estimate) in a 320 × 100 viewport, lines every 110.
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 320, height: 100)),
            sections: [FlowSection(itemCount: 50)], viewportSize: Size(width: 320, height: 100))
        let target = FlowIndexPath(item: 10, section: 0)  // 1,100 ..< 1,200, below the view
        let offset = try state.contentOffset(forItemAt: target, position: .nearest)
        #expect(offset.y == 1_100)
        // The item shrinks to 40: its top stays at the top of the view.
        let result = try state.performFrame(
            FrameRequest(
                visibleRect: Rect(x: 0, y: offset.y, width: 320, height: 100),
                sizeReports: [SizeReport(indexPath: target, size: Size(width: 320, height: 40))]))
        let frame = try state.layoutAttributesForItem(at: target).frame
        #expect(frame.minY - result.visibleRect.minY == 0)
    }

    @Test("8.4 the hold ends when the host scrolls elsewhere")
    func holdEnds() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(itemCount: 1000)], viewportSize: Size(width: 320, height: 100))
        let origin = try state.contentOffset(forItemAt: FlowIndexPath(item: 100, section: 0), position: .center)
        try state.setVisibleRect(Rect(origin: Point(x: 0, y: origin.y - 30), size: state.viewportSize))
        // Item 99 grows above item 100: the first visible item (99, partly in view) is the anchor now.
        let update = try state.reportSize(Size(width: 320, height: 80), forItemAt: FlowIndexPath(item: 99, section: 0))
        #expect(update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 99, section: 0)))
        #expect(update.contentOffsetAdjustment == .zero)
    }

    @Test("8.5 lineStart: the example, headers as candidates, clamping", arguments: ScrollDirection.allCases)
    func lineStart(direction: ScrollDirection) throws {
        var state = try Self.list(direction, options: FlowLayoutOptions(snapping: .lineStart))
        func target(_ proposed: Double, _ velocity: Double) throws -> Double {
            Self.along(
                try state.targetContentOffset(
                    forProposedContentOffset: Self.offset(proposed, direction), velocity: Self.offset(velocity, direction)),
                direction)
        }
        // Lines every 60 from 0, viewport 100, p = 95.
        #expect(try target(95, 0) == 120)
        #expect(try target(95, -1) == 60)
        #expect(try target(95, 1) == 120)
        #expect(try target(90, 0) == 60)  // a tie: the smaller
        #expect(try target(120, 1) == 120)  // a candidate itself
        #expect(try target(-40, 0) == 0)
        #expect(try target(5960, 1) == 5890)  // past the last line: clamped
        // With headers of 40 in front of every section of 3 items, a header starts
        // a candidate too: sections are 40 + 170 long.
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40))
        if direction == .horizontal { configuration = configuration.transposed }
        state = try FlowLayoutState(
            configuration: configuration, sections: Array(repeating: FlowSection(itemCount: 3), count: 5),
            viewportSize: direction == .vertical ? Size(width: 320, height: 100) : Size(width: 100, height: 320),
            options: FlowLayoutOptions(snapping: .lineStart))
        // Candidates: 0 (header), 40, 100, 160, 210 (header), 250, 310, 370, 420 ...
        #expect(try target(200, 0) == 210)
        #expect(try target(185, -1) == 160)
        #expect(try target(165, 1) == 210)
        #expect(try target(215, -1) == 210)
        #expect(try target(20, 0) == 0)
        #expect(try target(21, 0) == 40)
    }

    @Test("8.5 itemCenter centres a carousel item; page snaps to viewport multiples")
    func itemCenterAndPage() throws {
        // A carousel: items 200 wide, spacing 20, viewport 300 wide; centres at
        // 100, 320, 540, ...: offsets −50 (clamped to 0), 170, 390, ...
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(
                scrollDirection: .horizontal, itemSize: Size(width: 200, height: 150), minimumLineSpacing: 20),
            sections: [FlowSection(itemCount: 10)], viewportSize: Size(width: 300, height: 150),
            options: FlowLayoutOptions(snapping: .itemCenter))
        func target(_ proposed: Double, _ velocity: Double) throws -> Double {
            try state.targetContentOffset(forProposedContentOffset: Point(x: proposed, y: 0), velocity: Point(x: velocity, y: 0)).x
        }
        #expect(try target(200, 0) == 170)
        #expect(try target(200, 1) == 390)
        #expect(try target(200, -1) == 170)
        #expect(try target(30, -1) == 0)
        #expect(try target(1900, 1) == 1880)  // the last centre, 2080 − 150, clamped to content − viewport: 2180 − 300
        _ = try state.setOptions(FlowLayoutOptions(snapping: .page))
        #expect(try target(130, 0) == 0)
        #expect(try target(150, 0) == 0)  // a tie: the smaller
        #expect(try target(151, 0) == 300)
        #expect(try target(130, 1) == 300)
        #expect(try target(330, -1) == 300)
        _ = try state.setOptions(FlowLayoutOptions())
        #expect(try target(123.4, 5) == 123.4)  // off: the proposal, as UIKit
        #expect(throws: FlowLayoutError.invalidValue(path: "velocity.x", value: .infinity)) {
            try state.targetContentOffset(forProposedContentOffset: .zero, velocity: Point(x: .infinity, y: 0))
        }
    }

    /// Mirrored lines present their leading edge at their items' largest right
    /// edge, each origin rounded on its own (8.3), so a line may present past
    /// the line of no extent just before it. Found by the fuzzer
    /// (`Fuzz/corpus/regression-line-start-mirrored-out-of-order*.bin`): the
    /// engine stopped at the first edge beyond a pixel of the proposal and
    /// rested half a point short.
    @Test("8.5 lineStart, right to left: a later line may present its leading edge past an earlier one's")
    func lineStartPresentedOutOfOrder() throws {
        // Horizontal, inset 50 on the left and 90.25 on the right, items aligned
        // to their line's top: line 0 holds item 0 (0 wide) at x 50, line 1
        // items 1 (10 wide) and 2 (1.5 wide) at x 50.125; content 150.375.
        // Mirrored and rounded: item 0 at 100.375 → 100, right edge 100;
        // item 1 at 90.25 → 90, right edge 100; item 2 at 98.75 → 99, right
        // edge 100.5. Viewport extent 10: candidates 90 (line 0) and 90.5 (line 1).
        let configuration = FlowLayoutConfiguration(
            scrollDirection: .horizontal, itemSize: Size(width: 1, height: 1), minimumLineSpacing: 0.125,
            minimumInteritemSpacing: 0, sectionInset: EdgeInsets(top: 0, left: 50, bottom: 0, right: 90.25))
        let section = FlowSection(itemSizes: [Size(width: 0, height: 70), Size(width: 10, height: 40), Size(width: 1.5, height: 40)])
        let (target, contentWidth) = try Self.mirroredLineStartTargets(configuration, [section], crossAlignment: .top)
        #expect(try target(95, -1) == 90.5)
        #expect(try target(95, 0) == 90.5)
        #expect(try target(90.25, 1) == 90.5)
        #expect(try target(90.25, -1) == 90)
        #expect(contentWidth() == 150.375)
    }

    /// A section's header starts where the lines of no extent ending the section
    /// before it start; mirrored, it presents its leading edge apart from theirs
    /// and must be a candidate too. Found by the fuzzer
    /// (`Fuzz/corpus/regression-line-start-header-after-empty-lines*.bin`): the
    /// engine looked for a header only in the sections up to the line's, and
    /// rested on a farther candidate.
    @Test("8.5 lineStart, right to left: a header at the edge of the line of no extent before it")
    func lineStartHeaderAtEmptyLineEdge() throws {
        // Horizontal, headers 12.5 wide, left inset 0.25: section 0's header at
        // x 0, its item (0 wide) at 12.75; section 1's header at 12.75, its item
        // (10 wide) at 25.5; content 35.5. Mirrored and rounded: header 0 at 23,
        // right edge 35.5; item 0 at 22.75 → 23, right edge 23; header 1 at
        // 10.25 → 10, right edge 22.5; item 1 at 0, right edge 10. Viewport
        // extent 10: candidates 25.5, 13, 12.5 and 0.
        let configuration = FlowLayoutConfiguration(
            scrollDirection: .horizontal, itemSize: Size(width: 1, height: 1), minimumLineSpacing: 0,
            minimumInteritemSpacing: 0, sectionInset: EdgeInsets(top: 0, left: 0.25, bottom: 0, right: 0),
            headerReferenceSize: Size(width: 12.5, height: 0))
        let sections = [
            FlowSection(itemSizes: [Size(width: 0, height: 10)]), FlowSection(itemSizes: [Size(width: 10, height: 10)]),
        ]
        let (target, contentWidth) = try Self.mirroredLineStartTargets(configuration, sections, crossAlignment: .center)
        #expect(try target(12.8, -1) == 12.5)
        #expect(try target(12.6, 1) == 13)
        #expect(try target(5, 1) == 12.5)
        #expect(try target(12.75, -1) == 12.5)
        #expect(contentWidth() == 35.5)
    }

    /// The resting offset along x that a horizontal layout of `sections`, right
    /// to left at display scale 1 in a 10 × 100 viewport, gives with lineStart
    /// snapping, as a function of the proposed offset and velocity; and its
    /// content width as laid out so far.
    static func mirroredLineStartTargets(
        _ configuration: FlowLayoutConfiguration, _ sections: [FlowSection], crossAlignment: CrossAlignment
    ) throws -> (target: (_ proposed: Double, _ velocity: Double) throws -> Double, contentWidth: () -> Double) {
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: Size(width: 10, height: 100),
            options: FlowLayoutOptions(crossAlignment: crossAlignment, layoutDirection: .rightToLeft, displayScale: 1, snapping: .lineStart)
        )
        return (
            { proposed, velocity in
                try state.targetContentOffset(forProposedContentOffset: Point(x: proposed, y: 0), velocity: Point(x: velocity, y: 0)).x
            },
            { state.contentSize.width }
        )
    }

    /// The resting offset along `direction` that a layout of `sections` (items
    /// 100 wide, `itemHeight` high by default, no line spacing; transposed when
    /// horizontal) in a 100 × 10 viewport at display scale 1 gives with
    /// itemCenter snapping, as a function of the proposed offset and velocity.
    static func itemCenterTargets(
        itemHeight: Double, sections: [FlowSection], direction: ScrollDirection
    ) throws -> (_ proposed: Double, _ velocity: Double) throws -> Double {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: itemHeight), minimumLineSpacing: 0)
        var sections = sections
        var viewport = Size(width: 100, height: 10)
        if direction == .horizontal {
            configuration = configuration.transposed
            sections = sections.map(\.transposed)
            viewport = viewport.transposed
        }
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewport,
            options: FlowLayoutOptions(displayScale: 1, snapping: .itemCenter))
        return { proposed, velocity in
            along(
                try state.targetContentOffset(
                    forProposedContentOffset: offset(proposed, direction), velocity: offset(velocity, direction)),
                direction)
        }
    }

    /// Rounding moves each origin on its own and keeps extents (8.3), so an
    /// item of an earlier line can present its centre past a later line's.
    /// Found by the fuzzer (`Fuzz/corpus/regression-item-center-zero-extent-lines.bin`):
    /// the engine looked only at the line at the viewport's centre and its two
    /// neighbours, and rested a quarter point short.
    @Test("8.5 itemCenter: an earlier line's item may present its centre past a later line's", arguments: ScrollDirection.allCases)
    func itemCenterPresentedOutOfOrder(direction: ScrollDirection) throws {
        // One item per line, from 20 (the inset): item 0 spans 20 ..< 20.75;
        // item 1 20.75 ..< 21.25, presented at 21 (round half away), centre
        // 21.25; items 2 to 4 are empty at 21.25, presented at 21, centre 21.
        // Viewport extent 10: candidates 15.375 (item 0), 16.25 (item 1), 16
        // (items 2 to 4); content 20 + 1.25 + 100, so offsets clamp to 111.25.
        let heights = [0.75, 0.5, 0, 0, 0]
        let section = FlowSection(
            itemSizes: heights.map { Size(width: 100, height: $0) }, sectionInset: EdgeInsets(top: 20, left: 0, bottom: 100, right: 0))
        let target = try Self.itemCenterTargets(itemHeight: 1, sections: [section], direction: direction)
        // The viewport's centre past every line: the last line and its neighbour
        // present 16; item 1, three lines back, presents 16.25.
        #expect(try target(50, -1) == 16.25)
        #expect(try target(50, 0) == 16.25)
        #expect(try target(16.1, 1) == 16.25)
        #expect(try target(16.1, -1) == 16)
        #expect(try target(16.2, -1) == 16)
        #expect(try target(15.9, -1) == 15.375)
    }

    /// A run of lines of no extent at one edge presents every item at the same
    /// place; the engine passes such a run by one search. Here a million of them
    /// (a section at itemSize height 0) lie between two items half a point
    /// high, each side of the run reached from the far side of it.
    @Test("8.5 itemCenter across a million lines of no extent at one edge", arguments: ScrollDirection.allCases)
    func itemCenterAcrossZeroExtentRun(direction: ScrollDirection) throws {
        // From 20 (the inset): section 0's item spans 20 ..< 20.5, presented at
        // 20, centre 20.25; section 1's million items are empty at 20.5,
        // presented at 21 (round half away), centre 21; section 2's item spans
        // 20.5 ..< 21, presented at 21, centre 21.25. Viewport extent 10:
        // candidates 15.25, 16, 16.25; content 20 + 1 + 100.
        let sections = [
            FlowSection(itemSizes: [Size(width: 100, height: 0.5)], sectionInset: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
            FlowSection(itemCount: 1_000_000, sectionInset: EdgeInsets(all: 0)),
            FlowSection(itemSizes: [Size(width: 100, height: 0.5)], sectionInset: EdgeInsets(top: 0, left: 0, bottom: 100, right: 0)),
        ]
        let target = try Self.itemCenterTargets(itemHeight: 0, sections: sections, direction: direction)
        #expect(try target(50, -1) == 16.25)  // back from past the end
        #expect(try target(16.1, -1) == 16)
        #expect(try target(16.1, 1) == 16.25)
        #expect(try target(15.5, 1) == 16)
        #expect(try target(-50, 1) == 15.25)  // forward from before the start
        #expect(try target(15.3, 1) == 16)
        #expect(try target(15.2, 1) == 15.25)
    }
}
