import FlowLayoutCore
import FlowLayoutReference
import Testing

/// The oracle checked by hand: the examples of `flow-layout.md` 8.1 to 8.5
/// worked out from the spec and run through ``ReferencePresentation`` (not the
/// engine), so that the differential tests compare the engine with something
/// known to be right.
@Suite("Reference presentation: the spec's examples")
struct ReferencePresentationTests {
    static func present(
        _ configuration: FlowLayoutConfiguration, _ sections: [FlowSection], viewport: Size,
        options: FlowLayoutOptions = FlowLayoutOptions(), visible: Rect? = nil
    ) -> ReferencePresentation {
        let natural = ReferenceLayout(configuration: configuration, options: options, sections: sections, viewportSize: viewport)
        return ReferencePresentation(
            natural: natural, configuration: configuration, options: options, viewportSize: viewport, visibleRect: visible)
    }

    static func frame(_ presentation: ReferencePresentation, _ category: ElementCategory, _ section: Int, _ item: Int = 0) -> Rect? {
        presentation.attributes(of: ElementIdentifier(category: category, indexPath: FlowIndexPath(item: item, section: section)))?.frame
    }

    /// 8.1's sections: a 40-point header, 4 items 320 × 50, spacing 10: 270 long.
    static let pinned = FlowLayoutConfiguration(
        itemSize: Size(width: 320, height: 50), headerReferenceSize: Size(width: 0, height: 40),
        footerReferenceSize: Size(width: 0, height: 0), sectionHeadersPinToVisibleBounds: true)

    @Test("8.1: headers pin at V's top, pushed by their section's end; footers at its bottom")
    func pinning() {
        let sections = [FlowSection(itemCount: 4), FlowSection(itemCount: 4)]
        let viewport = Size(width: 320, height: 100)
        let at100 = Self.present(Self.pinned, sections, viewport: viewport, visible: Rect(x: 0, y: 100, width: 320, height: 100))
        #expect(Self.frame(at100, .header, 0) == Rect(x: 0, y: 100, width: 320, height: 40))
        #expect(at100.attributes(of: ElementIdentifier(category: .header, indexPath: FlowIndexPath(item: 0, section: 0)))?.zIndex == 10)
        let at250 = Self.present(Self.pinned, sections, viewport: viewport, visible: Rect(x: 0, y: 250, width: 320, height: 100))
        #expect(Self.frame(at250, .header, 0)?.minY == 230)
        #expect(Self.frame(at250, .header, 1)?.minY == 270)
        #expect(at250.anchorElement()?.identifier == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: 3, section: 0)))
        var footers = Self.pinned
        footers.sectionHeadersPinToVisibleBounds = false
        footers.sectionFootersPinToVisibleBounds = true
        footers.footerReferenceSize = Size(width: 0, height: 30)
        // Footer 0 naturally at 270: V 0 ..< 100 puts it at 70; V −80 ..< 20 at S = 40.
        let top = Self.present(footers, sections, viewport: viewport, visible: Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(Self.frame(top, .footer, 0)?.minY == 70)
        let above = Self.present(footers, sections, viewport: viewport, visible: Rect(x: 0, y: -80, width: 320, height: 100))
        #expect(Self.frame(above, .footer, 0)?.minY == 40)
    }

    @Test("8.1 and 8.2: right to left, scrolling horizontally, a header pins at V's right edge")
    func pinningRightToLeft() {
        // Sections 270 wide, content 540: header 0 at x' = 500, header 1 at 230.
        let configuration = Self.pinned.transposed
        let sections = [FlowSection(itemCount: 4), FlowSection(itemCount: 4)]
        let viewport = Size(width: 100, height: 320)
        let options = FlowLayoutOptions(layoutDirection: .rightToLeft)
        let natural = Self.present(
            configuration, sections, viewport: viewport, options: options, visible: Rect(x: 440, y: 0, width: 100, height: 320))
        #expect(Self.frame(natural, .header, 0)?.minX == 500)
        let scrolled = Self.present(
            configuration, sections, viewport: viewport, options: options, visible: Rect(x: 340, y: 0, width: 100, height: 320))
        #expect(Self.frame(scrolled, .header, 0)?.minX == 400)
        // V.maxX 290: pushed to its section's mirrored end, 540 − 270 = 270.
        let pushed = Self.present(
            configuration, sections, viewport: viewport, options: options, visible: Rect(x: 190, y: 0, width: 100, height: 320))
        #expect(Self.frame(pushed, .header, 0)?.minX == 270)
        #expect(Self.frame(pushed, .header, 1)?.minX == 230)
    }

    @Test("8.2: five uniform items 100 wide at viewport 320 mirror to 220, 110, 0 and 220, 110")
    func rightToLeft() {
        let presentation = Self.present(
            FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50)), [FlowSection(itemCount: 5)],
            viewport: Size(width: 320, height: 500), options: FlowLayoutOptions(layoutDirection: .rightToLeft))
        #expect(presentation.attributes.map(\.frame.minX) == [220, 110, 0, 220, 110])
    }

    @Test("8.3: at scale 2, x 10.3 and width 20.4 become 10.5 and 20.4; the content size is not rounded")
    func snapping() {
        let presentation = Self.present(
            FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 0, left: 10.3, bottom: 0, right: 0)),
            [FlowSection(itemSizes: [Size(width: 20.4, height: 10.2)])], viewport: Size(width: 320, height: 100),
            options: FlowLayoutOptions(displayScale: 2))
        #expect(presentation.attributes.first?.frame == Rect(x: 10.5, y: 0, width: 20.4, height: 10.2))
        #expect(presentation.contentSize == Size(width: 320, height: 10.2))
    }

    @Test("8.4: top, center, bottom and nearest for item 10 of a list, clamped")
    func scrollToItem() {
        let configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        let list = [FlowSection(itemCount: 100)]
        let viewport = Size(width: 320, height: 100)
        let presentation = Self.present(configuration, list, viewport: viewport)
        func offset(_ item: Int, _ position: ScrollPosition, _ p: ReferencePresentation = presentation) -> Double {
            p.contentOffset(forItemAt: FlowIndexPath(item: item, section: 0), position: position).offset.y
        }
        #expect(offset(10, .top) == 600)
        #expect(offset(10, .center) == 575)
        #expect(offset(10, .bottom) == 550)
        #expect(offset(10, .nearest) == 550)
        #expect(offset(99, .top) == 5890)
        let there = Self.present(configuration, list, viewport: viewport, visible: Rect(x: 0, y: 580, width: 320, height: 100))
        #expect(offset(10, .nearest, there) == 580)
        #expect(offset(9, .nearest, there) == 540)
    }

    @Test("8.5: lineStart's example; a page and an item centre")
    func restingOffsets() {
        let list = Self.present(
            FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50)), [FlowSection(itemCount: 100)],
            viewport: Size(width: 320, height: 100), options: FlowLayoutOptions(snapping: .lineStart))
        func rest(_ p: ReferencePresentation, _ proposed: Double, _ velocity: Double) -> Double {
            p.targetContentOffset(forProposedContentOffset: Point(x: 0, y: proposed), velocity: Point(x: 0, y: velocity)).y
        }
        #expect(rest(list, 95, 0) == 120)
        #expect(rest(list, 95, -1) == 60)
        #expect(rest(list, 95, 1) == 120)
        #expect(rest(list, 90, 0) == 60)
        let carousel = FlowLayoutConfiguration(
            scrollDirection: .horizontal, itemSize: Size(width: 200, height: 150), minimumLineSpacing: 20)
        let centred = Self.present(
            carousel, [FlowSection(itemCount: 10)], viewport: Size(width: 300, height: 150),
            options: FlowLayoutOptions(snapping: .itemCenter))
        #expect(centred.targetContentOffset(forProposedContentOffset: Point(x: 200, y: 0), velocity: .zero).x == 170)
        let paged = Self.present(
            carousel, [FlowSection(itemCount: 10)], viewport: Size(width: 300, height: 150),
            options: FlowLayoutOptions(snapping: .page))
        #expect(paged.targetContentOffset(forProposedContentOffset: Point(x: 151, y: 0), velocity: .zero).x == 300)
        #expect(paged.targetContentOffset(forProposedContentOffset: Point(x: 150, y: 0), velocity: .zero).x == 0)
    }
}
