import FlowLayoutCore
import FlowLayoutReference
import Testing

/// Every numeric example of `flow-layout.md`, with the expected frames worked out
/// by hand from the spec. Each runs through the engine and through the eager
/// reference.
@Suite("Spec examples")
struct SpecExampleTests {
    /// Both layouts' elements, checked equal, for one input.
    func elements(
        _ configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(), sections: [FlowSection], viewport: Size
    ) throws -> (elements: [LayoutAttributes], contentSize: Size) {
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        let size = state.exactContentSize()
        let all = try state.layoutAttributesForElements(
            in: .infinite)
        let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: viewport)
        #expect(all == reference.attributes)
        #expect(size == reference.contentSize)
        return (all, size)
    }

    func cellFrames(_ elements: [LayoutAttributes]) -> [Rect] {
        elements.filter { $0.category == .cell }.map(\.frame)
    }

    func config(_ item: Size = Size(width: 100, height: 50)) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(itemSize: item)
    }

    @Test("2.1 three 100-wide items fit a 320 line exactly")
    func exactFit() throws {
        let result = try elements(config(), sections: [FlowSection(itemCount: 4)], viewport: Size(width: 320, height: 500))
        #expect(
            cellFrames(result.elements) == [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 110, y: 0, width: 100, height: 50),
                Rect(x: 220, y: 0, width: 100, height: 50), Rect(x: 0, y: 60, width: 100, height: 50),
            ])
        #expect(result.contentSize == Size(width: 320, height: 110))
    }

    @Test("2.2 an item wider than the line sits alone at the leading inset, with a diagnostic")
    func oversize() throws {
        let sections = [
            FlowSection(
                itemSizes: [Size(width: 50, height: 20), Size(width: 400, height: 30), Size(width: 50, height: 20)],
                sectionInset: EdgeInsets(top: 0, left: 8, bottom: 0, right: 12))
        ]
        let result = try elements(sections: sections, viewport: Size(width: 320, height: 500))
        // avail 300: line 1 [50] centred (not last): 8 + 125; line 2 [400] at 8; line 3 [50] last: every
        // line holds one item, so it is laid out like a full line (3.3 (a)): centred, 8 + 125.
        #expect(
            cellFrames(result.elements) == [
                Rect(x: 133, y: 0, width: 50, height: 20), Rect(x: 8, y: 30, width: 400, height: 30),
                Rect(x: 133, y: 70, width: 50, height: 20),
            ])
        let state = try FlowLayoutState(sections: sections, viewportSize: Size(width: 320, height: 500))
        #expect(
            try state.diagnostics(inSection: 0) == [
                .itemsWiderThanLine(section: 0, items: 1...1, itemExtent: 400, available: 300)
            ])
    }

    @Test("2.3 a line is as thick as its tallest item; items are centred across it")
    func centring() throws {
        let sections = [FlowSection(itemSizes: [Size(width: 100, height: 50), Size(width: 100, height: 80)])]
        let result = try elements(sections: sections, viewport: Size(width: 320, height: 500))
        #expect(
            cellFrames(result.elements) == [
                Rect(x: 0, y: 15, width: 100, height: 50), Rect(x: 110, y: 0, width: 100, height: 80),
            ])
        #expect(result.contentSize.height == 80)
    }

    @Test("3.1 a full line is justified: viewport 330 gives gaps of 15")
    func justified() throws {
        let result = try elements(config(), sections: [FlowSection(itemCount: 3)], viewport: Size(width: 330, height: 500))
        #expect(cellFrames(result.elements).map(\.minX) == [0, 115, 230])
    }

    @Test("3.2 a lone item on a line that is not the last is centred")
    func centredSingle() throws {
        let sizes = [Size(width: 200, height: 50), Size(width: 200, height: 50), Size(width: 50, height: 50)]
        let result = try elements(sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 320, height: 500))
        #expect(cellFrames(result.elements).map(\.minX) == [60, 0, 210])
        #expect(cellFrames(result.elements).map(\.minY) == [0, 60, 60])
    }

    @Test("3.3 uniform last line sits on the columns of full lines")
    func uniformLastLine() throws {
        let five = try elements(config(), sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        #expect(cellFrames(five.elements).map(\.minX) == [0, 115, 230, 0, 115])
        let two = try elements(config(), sections: [FlowSection(itemCount: 2)], viewport: Size(width: 330, height: 500))
        #expect(cellFrames(two.elements).map(\.minX) == [0, 115])
    }

    @Test("3.3 uniform with one item per line centres every line, the last too")
    func uniformOnePerLine() throws {
        let result = try elements(config(), sections: [FlowSection(itemCount: 2)], viewport: Size(width: 150, height: 500))
        #expect(cellFrames(result.elements).map(\.minX) == [25, 25])
    }

    @Test("3.3 uniform with width plus spacing zero puts the last line at the leading inset")
    func uniformZeroWidth() throws {
        var configuration = config(Size(width: 0, height: 10))
        configuration.minimumInteritemSpacing = 0
        configuration.sectionInset = EdgeInsets(top: 0, left: 7, bottom: 0, right: 0)
        let result = try elements(configuration, sections: [FlowSection(itemCount: 3)], viewport: Size(width: 100, height: 100))
        #expect(cellFrames(result.elements).map(\.minX) == [7, 7, 7])
        #expect(result.contentSize.height == 10)
    }

    @Test("3.3 non-uniform last line is leading with the minimum spacing")
    func nonUniformLastLine() throws {
        let sizes = [Size(width: 100, height: 50), Size(width: 150, height: 50), Size(width: 200, height: 50)]
        let result = try elements(sections: [FlowSection(itemSizes: sizes)], viewport: Size(width: 320, height: 500))
        #expect(cellFrames(result.elements).map(\.minX) == [0, 170, 0])
        // Self-sizing items are not uniform either; but of one shared width, the last
        // line sits on a full line's columns (3.3); of differing widths it is leading.
        var selfSizing = config()
        selfSizing.estimatedItemSize = Size(width: 100, height: 50)
        let estimated = try elements(selfSizing, sections: [FlowSection(itemCount: 5)], viewport: Size(width: 330, height: 500))
        #expect(cellFrames(estimated.elements).map(\.minX) == [0, 115, 230, 0, 115])
        let mixed = try elements(
            selfSizing, sections: [FlowSection(itemSizes: sizes.map { Size(width: $0.width / 2, height: 50) } + sizes)],
            viewport: Size(width: 330, height: 500))
        #expect(cellFrames(mixed.elements).map(\.minX).suffix(1) == [0])
    }

    @Test("4.3 header, insets, two lines and footer")
    func sectionExample() throws {
        var configuration = config()
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.footerReferenceSize = Size(width: 0, height: 30)
        configuration.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
        let result = try elements(configuration, sections: [FlowSection(itemCount: 5)], viewport: Size(width: 320, height: 500))
        #expect(
            result.elements == [
                LayoutAttributes(
                    category: .header, indexPath: FlowIndexPath(item: 0, section: 0),
                    frame: Rect(x: 0, y: 0, width: 320, height: 40)),
                cell(0, Rect(x: 0, y: 50, width: 100, height: 50)),
                cell(1, Rect(x: 110, y: 50, width: 100, height: 50)),
                cell(2, Rect(x: 220, y: 50, width: 100, height: 50)),
                cell(3, Rect(x: 0, y: 110, width: 100, height: 50)),
                cell(4, Rect(x: 110, y: 110, width: 100, height: 50)),
                LayoutAttributes(
                    category: .footer, indexPath: FlowIndexPath(item: 0, section: 0),
                    frame: Rect(x: 0, y: 170, width: 320, height: 30)),
            ])
        #expect(result.contentSize == Size(width: 320, height: 200))
        #expect(result.elements.map(\.zIndex) == [10, 0, 0, 0, 0, 0, 10])
    }

    func cell(_ item: Int, _ frame: Rect, section: Int = 0) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: FlowIndexPath(item: item, section: section), frame: frame)
    }

    @Test("4.2 a header of zero height is omitted; its width is ignored")
    func omittedHeader() throws {
        var configuration = config()
        configuration.headerReferenceSize = Size(width: 500, height: 0)
        configuration.footerReferenceSize = Size(width: 0, height: 5)
        let result = try elements(configuration, sections: [FlowSection(itemCount: 1)], viewport: Size(width: 320, height: 500))
        #expect(result.elements.map(\.category) == [.cell, .footer])
        #expect(result.elements[1].frame == Rect(x: 0, y: 50, width: 320, height: 5))
    }

    @Test("4.4 an empty section still takes header, insets and footer; sections stack")
    func emptySection() throws {
        var configuration = config()
        configuration.headerReferenceSize = Size(width: 0, height: 20)
        configuration.footerReferenceSize = Size(width: 0, height: 5)
        configuration.sectionInset = EdgeInsets(top: 3, left: 0, bottom: 4, right: 0)
        let result = try elements(
            configuration, sections: [FlowSection(itemCount: 0), FlowSection(itemCount: 1)],
            viewport: Size(width: 320, height: 500))
        #expect(
            result.elements.map(\.frame) == [
                Rect(x: 0, y: 0, width: 320, height: 20), Rect(x: 0, y: 27, width: 320, height: 5),
                Rect(x: 0, y: 32, width: 320, height: 20), Rect(x: 0, y: 55, width: 100, height: 50),
                Rect(x: 0, y: 109, width: 320, height: 5),
            ])
        #expect(result.contentSize == Size(width: 320, height: 114))
    }

    @Test("5 horizontal scrolling is the transpose")
    func horizontal() throws {
        var configuration = config(Size(width: 50, height: 50))
        configuration.scrollDirection = .horizontal
        configuration.headerReferenceSize = Size(width: 40, height: 0)
        configuration.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        let result = try elements(configuration, sections: [FlowSection(itemCount: 6)], viewport: Size(width: 320, height: 200))
        #expect(result.elements.first?.frame == Rect(x: 0, y: 0, width: 40, height: 200))
        let cells = cellFrames(result.elements)
        #expect(cells.map(\.minY) == [0, 75, 150, 0, 75, 150])
        #expect(cells.map(\.minX) == [50, 50, 50, 110, 110, 110])
        #expect(result.contentSize == Size(width: 160, height: 200))
    }

    @Test("6.1 rect queries include touching edges and keep section order")
    func touchingEdges() throws {
        var state = try FlowLayoutState(
            configuration: config(), sections: [FlowSection(itemCount: 6)], viewportSize: Size(width: 320, height: 500))
        // Line 2 starts at y = 60; a rect ending at y = 60 touches it.
        let touching = try state.layoutAttributesForElements(in: Rect(x: 0, y: 50, width: 320, height: 10))
        #expect(touching.map(\.indexPath.item) == [0, 1, 2, 3, 4, 5])
        let between = try state.layoutAttributesForElements(in: Rect(x: 0, y: 50.5, width: 320, height: 9))
        #expect(between.isEmpty)
        let point = try state.layoutAttributesForElements(in: Rect(x: 100, y: 0, width: 0, height: 0))
        #expect(point.map(\.indexPath.item) == [0])
    }

    @Test("6.3 one item's attributes come directly")
    func singleItem() throws {
        var state = try FlowLayoutState(
            configuration: config(), sections: [FlowSection(itemCount: 5)], viewportSize: Size(width: 330, height: 500))
        #expect(
            try state.layoutAttributesForItem(at: FlowIndexPath(item: 4, section: 0)).frame == Rect(x: 115, y: 60, width: 100, height: 50))
        #expect(try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: 0)) == nil)
    }
}

/// The rules the spec leaves open, as chosen (`README.md`, behaviour choices).
@Suite("Behaviour choices")
struct BehaviourChoiceTests {
    @Test("2.1 a line holds any number of items: 65,537 zero-width items share one line")
    func unboundedLines() throws {
        // The description of issue 12: itemSize 0 × 10, spacing 0, 65,537 items.
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 0, height: 10))
        configuration.minimumInteritemSpacing = 0
        let viewport = Size(width: 390, height: 500)
        var state = try FlowLayoutState(configuration: configuration, sections: [FlowSection(itemCount: 65_537)], viewportSize: viewport)
        let all = try state.layoutAttributesForElements(in: .infinite)
        #expect(all.count == 65_537)
        #expect(all.allSatisfy { $0.frame == Rect(x: 0, y: 0, width: 0, height: 10) })
        #expect(state.exactContentSize().height == 10)
        // Per-item sizes 0.001 wide: the running sum reaches 65.536, far within 390.
        let tiny = Array(repeating: Size(width: 0.001, height: 10), count: 65_537)
        var sized = try FlowLayoutState(configuration: configuration, sections: [FlowSection(itemSizes: tiny)], viewportSize: viewport)
        #expect(sized.exactContentSize().height == 10)
        let last = try sized.layoutAttributesForItem(at: FlowIndexPath(item: 65_536, section: 0))
        #expect(last.frame.minY == 0)
        let reference = ReferenceLayout(configuration: configuration, sections: [FlowSection(itemSizes: tiny)], viewportSize: viewport)
        #expect(try sized.layoutAttributesForElements(in: .infinite) == reference.attributes)
    }

    @Test("2.1 a uniform line of 400,000 items is placed in closed form, exactly as the loop places it")
    func longUniformLines() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 0.001, height: 1))
        configuration.minimumInteritemSpacing = 0
        let viewport = Size(width: 390, height: 100)
        let sections = [FlowSection(itemCount: 1_000_000)]
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: viewport)
        #expect(state.exactContentSize() == reference.contentSize)
        for item in [0, 1, 389_999, 390_000, 390_001, 555_555, 999_999] {
            let expected = reference.attributes[item]
            #expect(try state.layoutAttributesForItem(at: FlowIndexPath(item: item, section: 0)) == expected)
        }
        // A narrow rect in the middle of a line returns just what it meets.
        let rect = Rect(x: 200, y: 5, width: 0.0005, height: 0)
        #expect(try state.layoutAttributesForElements(in: rect) == reference.elements(in: rect))
    }

    @Test("[C] tiny items fill a line exactly to the available extent")
    func tinyItems() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 0.25, height: 1))
        configuration.minimumInteritemSpacing = 0
        let sections = [
            FlowSection(itemCount: 1_000), FlowSection(itemSizes: Array(repeating: Size(width: 0.25, height: 1), count: 1_000)),
        ]
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: Size(width: 100, height: 100))
        let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: Size(width: 100, height: 100))
        #expect(try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100)) == reference.attributes)
        // 400 items a line: lines of 400, 400, and a last line of 200 on the columns, at y = 0, 11, 22.
        #expect(
            try state.layoutAttributesForItem(at: FlowIndexPath(item: 999, section: 0)).frame
                == Rect(x: 49.75, y: 22, width: 0.25, height: 1))
    }
}

/// Alignment options beyond UIKit (`flow-layout.md` 3.4), expected values worked
/// out by hand: viewport 330, items 100 wide, spacing 10, so a full line of three
/// uses 320 and leaves 10; the last line of two uses 210 and leaves 120.
@Suite("Alignment options")
struct AlignmentTests {
    func cells(_ configure: (inout FlowLayoutOptions) -> Void, sizes: [Size]? = nil) throws -> [Rect] {
        let configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50))
        var options = FlowLayoutOptions()
        configure(&options)
        let sections = [
            sizes.map { FlowSection(itemSizes: $0) } ?? FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 5))
        ]
        var state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: Size(width: 330, height: 500), options: options)
        let all = try state.layoutAttributesForElements(in: .infinite)
        let reference = ReferenceLayout(
            configuration: configuration, options: options, sections: sections, viewportSize: Size(width: 330, height: 500))
        #expect(all == reference.attributes)
        return all.map(\.frame)
    }

    @Test("lines: leading, centre, trailing pack the items the minimum spacing apart")
    func lineAlignments() throws {
        #expect(try cells { $0.lineAlignment = .leading }.prefix(3).map(\.minX) == [0, 110, 220])
        #expect(try cells { $0.lineAlignment = .center }.prefix(3).map(\.minX) == [5, 115, 225])
        #expect(try cells { $0.lineAlignment = .trailing }.prefix(3).map(\.minX) == [10, 120, 230])
        #expect(try cells { _ in }.prefix(3).map(\.minX) == [0, 115, 230])
    }

    @Test("last line: centre, trailing, justified")
    func lastLineAlignments() throws {
        #expect(try cells { $0.lastLineAlignment = .center }.suffix(2).map(\.minX) == [60, 170])
        #expect(try cells { $0.lastLineAlignment = .trailing }.suffix(2).map(\.minX) == [120, 230])
        #expect(try cells { $0.lastLineAlignment = .justified }.suffix(2).map(\.minX) == [0, 230])
        #expect(try cells { $0.lastLineAlignment = .leading }.suffix(2).map(\.minX) == [0, 110])
    }

    @Test("across the line: top and bottom")
    func crossAlignments() throws {
        let sizes = [Size(width: 100, height: 50), Size(width: 100, height: 80)]
        #expect(try cells({ $0.crossAlignment = .top }, sizes: sizes).map(\.minY) == [0, 0])
        #expect(try cells({ $0.crossAlignment = .bottom }, sizes: sizes).map(\.minY) == [30, 0])
        #expect(try cells({ _ in }, sizes: sizes).map(\.minY) == [15, 0])
    }

    @Test("an oversize item stays at the leading inset whatever the alignment")
    func oversize() throws {
        let sizes = [Size(width: 400, height: 10), Size(width: 50, height: 10)]
        #expect(
            try cells(
                {
                    $0.lineAlignment = .trailing; $0.lastLineAlignment = .trailing
                }, sizes: sizes
            ).map(\.minX) == [0, 280])
    }
}
