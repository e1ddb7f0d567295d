import FlowLayoutCore
import Testing

/// Following the end (`flow-layout.md` 7.4) and content at the end (8.6): the
/// spec's examples, in both scroll directions, with pinned headers, through
/// batches, snapshots and frames.
@Suite struct EndOfContentTests {
    /// Viewport 320 × 100, self-sizing items estimated 320 × 50, one a line,
    /// spacing 10: 7.4's example (10 items, extent 590).
    func chat(items: Int = 10, horizontal: Bool = false, options: FlowLayoutOptions) throws -> FlowLayoutState {
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = horizontal ? .horizontal : .vertical
        configuration.estimatedItemSize = horizontal ? Size(width: 50, height: 320) : Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        let viewport = horizontal ? Size(width: 100, height: 320) : Size(width: 320, height: 100)
        return try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport, options: options)
    }

    func append(_ state: inout FlowLayoutState) throws -> LayoutUpdate {
        var batch = BatchUpdate()
        batch.insertItems(at: [FlowIndexPath(item: state.totalItemCount, section: 0)])
        return try state.performBatchUpdates(batch).update
    }

    @Test("7.4: V.y = 490 at the end; an append gives +60 (V.y = 550), item 9 growing to 80 then +30")
    func followsAppendAndGrowth() throws {
        var state = try chat(options: FlowLayoutOptions(followsEnd: true))
        try state.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let appended = try append(&state)
        #expect(appended.contentOffsetAdjustment == Point(x: 0, y: 60))
        #expect(appended.anchor == nil)
        #expect(state.visibleRect?.minY == 550)
        let grown = try state.reportSize(Size(width: 320, height: 80), forItemAt: FlowIndexPath(item: 9, section: 0))
        #expect(grown.contentOffsetAdjustment == Point(x: 0, y: 30))
        #expect(grown.anchor == nil)
        #expect(state.visibleRect?.maxY == state.contentSize.height)
    }

    @Test("7.4 with 8.6: a taller viewport that the content no longer fills, V at the end: the change of the content size, +110")
    func tallerViewportAtTheEnd() throws {
        // Extent 590, V.y = 490 at the end; a viewport 700 high leaves the
        // content shorter than it: the content size clamps to 700 (8.6), and
        // following the end moves V by the change, as a width change would.
        var state = try chat(options: FlowLayoutOptions(followsEnd: true, contentAlignment: .end))
        try state.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let update = try state.setViewportSize(Size(width: 320, height: 700))
        #expect(update.previousContentSize == Size(width: 320, height: 590))
        #expect(update.contentSize == Size(width: 320, height: 700))
        #expect(update.contentOffsetAdjustment == Point(x: 0, y: 110))
        #expect(update.anchor == nil)
        #expect(state.visibleRect?.minY == 600)
        // Without following, content at the end keeps V where it is; without
        // either option, a new height changes nothing at all.
        var fixed = try chat(options: FlowLayoutOptions(contentAlignment: .end))
        try fixed.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let kept = try fixed.setViewportSize(Size(width: 320, height: 700))
        #expect(kept.contentOffsetAdjustment == .zero && kept.anchor == nil)
        #expect(kept.previousContentSize.height == 590 && kept.contentSize.height == 700)
        var plain = try chat(options: FlowLayoutOptions())
        try plain.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let unchanged = try plain.setViewportSize(Size(width: 320, height: 700))
        #expect(
            unchanged
                == LayoutUpdate(
                    contentOffsetAdjustment: .zero, previousContentSize: Size(width: 320, height: 590),
                    contentSize: Size(width: 320, height: 590), anchor: nil))
    }

    @Test("7.4: V.y = 300, away from the end: the same append gives 0 (item 5 anchors)")
    func awayFromTheEndTheAnchorHolds() throws {
        var state = try chat(options: FlowLayoutOptions(followsEnd: true))
        try state.setVisibleRect(Rect(x: 0, y: 300, width: 320, height: 100))
        let appended = try append(&state)
        #expect(appended.contentOffsetAdjustment == .zero)
        #expect(appended.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 5, section: 0)))
    }

    @Test("7.4: within half a point of the end counts as at the end; further away does not")
    func halfAPoint() throws {
        var near = try chat(options: FlowLayoutOptions(followsEnd: true))
        try near.setVisibleRect(Rect(x: 0, y: 489.5, width: 320, height: 100))
        #expect(try append(&near).contentOffsetAdjustment == Point(x: 0, y: 60))
        var far = try chat(options: FlowLayoutOptions(followsEnd: true))
        try far.setVisibleRect(Rect(x: 0, y: 489.25, width: 320, height: 100))
        #expect(try append(&far).anchor != nil)
    }

    @Test("7.4 off (the default): the anchor holds at the end too")
    func offByDefault() throws {
        var state = try chat(options: FlowLayoutOptions())
        try state.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let appended = try append(&state)
        #expect(appended.contentOffsetAdjustment == .zero)
        #expect(appended.anchor != nil)
    }

    @Test("7.4 scrolling horizontally: the same numbers along x")
    func followsHorizontally() throws {
        var state = try chat(horizontal: true, options: FlowLayoutOptions(followsEnd: true))
        try state.setVisibleRect(Rect(x: 490, y: 0, width: 100, height: 320))
        #expect(try append(&state).contentOffsetAdjustment == Point(x: 60, y: 0))
        #expect(state.visibleRect?.minX == 550)
    }

    @Test("7.4 with pinned headers: following ignores the pinned header")
    func followsWithPinnedHeaders() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        configuration.headerReferenceSize = Size(width: 320, height: 20)
        configuration.sectionHeadersPinToVisibleBounds = true
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 10)], viewportSize: Size(width: 320, height: 100),
            options: FlowLayoutOptions(followsEnd: true))
        try state.setVisibleRect(Rect(x: 0, y: 510, width: 320, height: 100))
        let appended = try append(&state)
        #expect(appended.contentOffsetAdjustment == Point(x: 0, y: 60))
        #expect(state.visibleRect?.maxY == state.contentSize.height)
    }

    @Test("7.4: a snapshot that appends, and a frame whose report grows the last item, keep V at the end")
    func followsSnapshotsAndFrames() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        let items = (1...10).map { FlowIdentifier(UInt64($0)) }
        var state = try FlowLayoutState(
            configuration: configuration, snapshot: FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items)]),
            viewportSize: Size(width: 320, height: 100), options: FlowLayoutOptions(followsEnd: true))
        try state.setVisibleRect(Rect(x: 0, y: 490, width: 320, height: 100))
        let applied = try state.apply(FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: items + [FlowIdentifier(11)])]))
        #expect(applied.result.update.contentOffsetAdjustment == Point(x: 0, y: 60))
        let frame = try state.performFrame(
            FrameRequest(
                visibleRect: Rect(x: 0, y: 550, width: 320, height: 100),
                sizeReports: [SizeReport(indexPath: FlowIndexPath(item: 10, section: 0), size: Size(width: 320, height: 90))]))
        #expect(frame.update.contentOffsetAdjustment == Point(x: 0, y: 40))
        #expect(frame.visibleRect.maxY == state.contentSize.height)
    }

    @Test("8.6: viewport 320 × 400, 3 items 320 × 50: at y 230, 290, 350, content 400; a fourth moves them to 170 ... 350")
    func contentAtTheEnd() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 320, height: 50)
        configuration.minimumLineSpacing = 10
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 3)], viewportSize: Size(width: 320, height: 400),
            options: FlowLayoutOptions(contentAlignment: .end))
        func tops(_ state: inout FlowLayoutState) throws -> [Double] {
            try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 400)).map(\.frame.minY)
        }
        #expect(try tops(&state) == [230, 290, 350])
        #expect(state.contentSize == Size(width: 320, height: 400))
        let appended = try append(&state)
        #expect(appended.contentOffsetAdjustment == .zero)
        #expect(appended.anchor == nil)
        #expect(try tops(&state) == [170, 230, 290, 350])
        // As long as the viewport, and longer: nothing moves.
        for _ in 0..<5 { _ = try append(&state) }
        #expect(try tops(&state).first == 0)
        #expect(state.contentSize.height == 530)
    }

    @Test("8.6 scrolling horizontally, with a pinned header, and right to left")
    func contentAtTheEndHorizontally() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        configuration.itemSize = Size(width: 50, height: 320)
        configuration.minimumLineSpacing = 10
        configuration.headerReferenceSize = Size(width: 20, height: 320)
        configuration.sectionHeadersPinToVisibleBounds = true
        let viewport = Size(width: 400, height: 320)
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 3)], viewportSize: viewport,
            options: FlowLayoutOptions(contentAlignment: .end))
        // Header 20 + 3 × 50 + 2 × 10 = 190: everything moves 210 along x.
        let elements = try state.layoutAttributesForElements(in: Rect(origin: .zero, size: viewport))
        #expect(elements.map(\.frame.minX) == [210, 230, 290, 350])
        #expect(state.contentSize.width == 400)
        var mirrored = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 3)], viewportSize: viewport,
            options: FlowLayoutOptions(layoutDirection: .rightToLeft, contentAlignment: .end))
        // Right to left the content's end is the left edge: the header at the right of it.
        let rightToLeft = try mirrored.layoutAttributesForElements(in: Rect(origin: .zero, size: viewport))
        #expect(rightToLeft.map(\.frame.minX) == [170, 120, 60, 0])
    }
}
