import FlowLayoutCore
import Testing

/// The examples of `flow-layout.md` 8.1 to 8.3, worked out by hand, each run
/// scrolling vertically and transposed (scrolling horizontally).
@Suite("Presentation options: pinning, right to left, pixel snapping")
struct PresentationTests {
    /// A layout described vertically, run in `direction`: sizes, insets, rects
    /// and frames transposed for horizontal scrolling.
    struct Case {
        var configuration: FlowLayoutConfiguration
        var sections: [FlowSection]
        var viewport: Size
        var options = FlowLayoutOptions()

        func state(_ direction: ScrollDirection) throws -> FlowLayoutState {
            let flip = direction == .horizontal
            return try FlowLayoutState(
                configuration: flip ? configuration.transposed : configuration,
                sections: flip ? sections.map(\.transposed) : sections,
                viewportSize: flip ? viewport.transposed : viewport, options: options)
        }
    }

    /// `rect` (vertical terms) in `direction`'s terms.
    static func oriented(_ rect: Rect, _ direction: ScrollDirection) -> Rect {
        direction == .horizontal ? rect.transposed : rect
    }

    /// The elements meeting `rect` after setting the visible rect `visible`, in
    /// vertical terms.
    static func elements(
        _ state: inout FlowLayoutState, _ direction: ScrollDirection, visible: Rect, in rect: Rect
    ) throws -> [LayoutAttributes] {
        try state.setVisibleRect(oriented(visible, direction))
        let found = try state.layoutAttributesForElements(in: oriented(rect, direction))
        return direction == .horizontal ? found.map(\.transposed) : found
    }

    static func header(_ section: Int, y: Double, height: Double = 40, zIndex: Int = 10) -> LayoutAttributes {
        LayoutAttributes(
            category: .header, indexPath: FlowIndexPath(item: 0, section: section),
            frame: Rect(x: 0, y: y, width: 320, height: height), zIndex: zIndex)
    }

    /// 8.1's example: sections of a 40-point header and 4 items 320 × 50,
    /// spacing 10, no insets: each section 270 long.
    static let pinning = Case(
        configuration: FlowLayoutConfiguration(
            itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40),
            sectionHeadersPinToVisibleBounds: true),
        sections: [FlowSection(itemCount: 4), FlowSection(itemCount: 4), FlowSection(itemCount: 4)],
        viewport: Size(width: 320, height: 100))

    @Test("8.1 a header pins to the top of the visible rect and is pushed away by its section's end", arguments: ScrollDirection.allCases)
    func pinnedHeaders(direction: ScrollDirection) throws {
        var state = try Self.pinning.state(direction)
        // V.y = 100: header 0 at y 100, though its natural frame (0 ..< 40) is far above.
        let atHundred = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: 100, width: 320, height: 100), in: Rect(x: 0, y: 100, width: 320, height: 100))
        #expect(atHundred.first == Self.header(0, y: 100))
        #expect(atHundred.filter { $0.category == .header }.count == 1)
        // V.y = 250: header 0 at min(250, 270 − 40) = 230, header 1 at its natural 270.
        let pushed = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: 250, width: 320, height: 100), in: Rect(x: 0, y: 250, width: 320, height: 100))
        #expect(pushed.filter { $0.category == .header } == [Self.header(0, y: 230), Self.header(1, y: 270)])
        // A rect far below a header's natural frame still meets its pinned frame.
        let strip = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: 150, width: 320, height: 100), in: Rect(x: 0, y: 160, width: 10, height: 5))
        #expect(strip.contains(Self.header(0, y: 150)))
        // One-element queries give the pinned frame too.
        let single = try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: 0))
        #expect(single.map { direction == .horizontal ? $0.transposed : $0 } == Self.header(0, y: 150))
        // Before any visible rect, V is the viewport at the origin: natural places.
        var fresh = try Self.pinning.state(direction)
        let first = try fresh.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: 1))
        #expect(first.map { direction == .horizontal ? $0.transposed : $0 } == Self.header(1, y: 270))
    }

    @Test("8.1 a footer pins to the bottom of the visible rect, never above its section's content", arguments: ScrollDirection.allCases)
    func pinnedFooters(direction: ScrollDirection) throws {
        var pinning = Self.pinning
        pinning.configuration.footerReferenceSize = Size(width: 0, height: 30)
        pinning.configuration.sectionHeadersPinToVisibleBounds = false
        pinning.configuration.sectionFootersPinToVisibleBounds = true
        var state = try pinning.state(direction)
        // Sections are 40 + 230 + 30 = 300 long; footer 0 naturally at 270.
        // V 0 ..< 100: footer 0 at max(min(100 − 30, 270), 40) = 70.
        let top = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: 0, width: 320, height: 100), in: Rect(x: 0, y: 0, width: 320, height: 100))
        let footer = LayoutAttributes(
            category: .footer, indexPath: FlowIndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 70, width: 320, height: 30), zIndex: 10
        )
        #expect(top.last == footer)
        // V −80 ..< 20: min(−10, 270) = −10, held at the content start S = 40.
        let above = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: -80, width: 320, height: 100), in: Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(above.last?.frame == Rect(x: 0, y: 40, width: 320, height: 30))
        // V 280 ..< 380: footer 0 at its natural 270; footer 1 at 350.
        let later = try Self.elements(
            &state, direction, visible: Rect(x: 0, y: 280, width: 320, height: 100), in: Rect(x: 0, y: 280, width: 320, height: 100))
        #expect(later.filter { $0.category == .footer }.map(\.frame.minY) == [270, 350])
    }

    @Test("8.1 a pinned header is never the anchor", arguments: ScrollDirection.allCases)
    func pinnedHeaderIsNotTheAnchor(direction: ScrollDirection) throws {
        var pinning = Self.pinning
        pinning.configuration.estimatedItemSize = Size(width: 320, height: 50)
        var state = try pinning.state(direction)
        try state.setVisibleRect(Self.oriented(Rect(x: 0, y: 100, width: 320, height: 100), direction))
        // Item 1 (y 100) is the first visible cell; item 0 grows by 20 above it.
        let size = Self.oriented(Rect(x: 0, y: 0, width: 320, height: 70), direction).size
        let update = try state.reportSize(size, forItemAt: FlowIndexPath(item: 0, section: 0))
        #expect(update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 1, section: 0)))
        #expect(update.contentOffsetAdjustment == Self.oriented(Rect(x: 0, y: 20, width: 0, height: 0), direction).origin)
    }

    @Test("8.2 right to left mirrors every frame in the content width")
    func rightToLeftVertical() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)),
            sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 320, height: 500),
            options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        let frames = try state.layoutAttributesForElements(in: .infinite).map(\.frame)
        #expect(frames.map(\.minX) == [220, 110, 0, 220, 110])
        #expect(frames.map(\.minY) == [0, 0, 0, 60, 60])
        // Rect queries mirror too: the left strip meets item 2 only.
        let left = try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(left.map(\.indexPath.item) == [2])
    }

    @Test("8.2 scrolling horizontally right to left, section 0 is at the right end")
    func rightToLeftHorizontal() throws {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(
                scrollDirection: .horizontal, itemSize: Size(width: 50, height: 100),
                headerReferenceSize: Size(width: 20, height: 0)),
            sections: [FlowSection(itemCount: 5), FlowSection(itemCount: 1)], viewportSize: Size(width: 100, height: 320),
            options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        // Left to right: header 0 at x 0, columns at 20 and 80, header 1 at 130,
        // its column at 150; content 200 wide. Mirrored: x' = 200 − x − width.
        let all = try state.layoutAttributesForElements(in: .infinite)
        #expect(state.contentSize == Size(width: 200, height: 320))
        #expect(all.map(\.frame.minX) == [180, 130, 130, 130, 70, 70, 50, 0])
        #expect(all.map(\.frame.minY) == [0, 0, 110, 220, 0, 110, 0, 0])
        // Items run top to bottom in each column (lines are not mirrored across).
        let rightEdge = try state.layoutAttributesForElements(in: Rect(x: 190, y: 0, width: 10, height: 10))
        #expect(rightEdge.map(\.category) == [.header])
        // The anchor is the first visible item in reading order, right to left:
        // item 3 (x 70 ..< 120), whose right edge is kept. Item 4 growing to 70
        // widens their column to 70: item 3, centred in it, has its right edge at
        // 220 − 90 = 130 in the wider content, so the offset moves by 10.
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 100, height: 320))
        let update = try state.reportSize(Size(width: 70, height: 100), forItemAt: FlowIndexPath(item: 4, section: 0))
        #expect(update.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 3, section: 0)))
        #expect(update.contentOffsetAdjustment == Point(x: 10, y: 0))
        #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: 3, section: 0)).frame.maxX == 130)
        #expect(state.visibleRect == Rect(x: 10, y: 0, width: 100, height: 320))
    }

    @Test(
        "8.3 pixel rounding moves origins only, half away from zero; sizes and the content size stay", arguments: ScrollDirection.allCases)
    func pixelSnapping(direction: ScrollDirection) throws {
        let snapping = Case(
            configuration: FlowLayoutConfiguration(
                minimumInteritemSpacing: 0, sectionInset: EdgeInsets(top: 0, left: 10.3, bottom: 0, right: 0)),
            sections: [FlowSection(itemSizes: [Size(width: 20.4, height: 10.2), Size(width: 20.4, height: 10.1)])],
            viewport: Size(width: 320, height: 100), options: FlowLayoutOptions(displayScale: 2))
        var state = try snapping.state(direction)
        let frames = try state.layoutAttributesForElements(in: .infinite).map { direction == .horizontal ? $0.frame.transposed : $0.frame }
        // Not uniform (the heights differ): one leading line. Origins 10.3, 30.7 → 10.5,
        // 30.5 (61.4 rounds to 61), y 0.05 → 0; widths and heights as they are.
        #expect(frames == [Rect(x: 10.5, y: 0, width: 20.4, height: 10.2), Rect(x: 30.5, y: 0, width: 20.4, height: 10.1)])
        // The content size is not rounded.
        #expect(state.contentSize == Self.oriented(Rect(x: 0, y: 0, width: 320, height: 10.2), direction).size)
        // Half a pixel rounds away from zero: 10.25 at scale 2 → 10.5.
        var half = snapping
        half.configuration.sectionInset.left = 10.25
        var halfState = try half.state(direction)
        let first = try halfState.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 0)).frame
        #expect((direction == .horizontal ? first.minY : first.minX) == 10.5)
    }
}
