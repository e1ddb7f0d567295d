import FlowLayoutCore
import FlowLayoutReference
import Testing

/// The reference's waterfall sections (`flow-layout.md` 12) against the
/// spec's worked examples W1–W5, worked out by hand: the oracle the engine's
/// waterfall kind is to be checked against must first agree with the spec.
@Suite("Reference: waterfall sections (12)")
struct ReferenceWaterfallTests {
    /// The examples' layout: vertical, viewport 320 × 400, no insets, s = ℓ = 10.
    static var configuration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = 10
        configuration.minimumLineSpacing = 10
        return configuration
    }
    static let viewport = Size(width: 320, height: 400)
    /// W1's sizes: heights 100, 50, 80, 60 and 50 in columns 155 wide.
    static let w1Sizes = [
        Size(width: 155, height: 100), Size(width: 155, height: 50), Size(width: 155, height: 80), Size(width: 155, height: 60),
        Size(width: 310, height: 100),
    ]

    /// A layout of one waterfall section of `sizes`, with `itemColumns` when given.
    static func layout(
        _ sizes: [Size?], columns: ReferenceWaterfall.Columns = .count(2), itemColumns: [Int]? = nil,
        configuration: FlowLayoutConfiguration = configuration, viewport: Size = viewport
    ) -> ReferenceLayout {
        let section = ReferenceLayout.Section(
            section: FlowSection(itemCount: sizes.count), sizes: sizes, hasItemSizes: sizes.allSatisfy { $0 != nil },
            waterfall: ReferenceWaterfall(columns: columns, itemColumns: itemColumns))
        return ReferenceLayout(configuration: configuration, sections: [section], viewportSize: viewport)
    }

    /// The cells' origins, in index order.
    static func origins(_ layout: ReferenceLayout) -> [Point] {
        layout.attributes.filter { $0.category == .cell }.map(\.frame.origin)
    }

    @Test("12.1: avail 320, s 10, m 100 gives n = 3, w = 100; columnCount and the bounds 1…64")
    func columnCountAndWidth() {
        #expect(ReferenceWaterfall.resolve(.minimumWidth(100), available: 320, spacing: 10) == (3, 100))
        #expect(ReferenceWaterfall.resolve(.count(2), available: 320, spacing: 10) == (2, 155))
        #expect(ReferenceWaterfall.resolve(.minimumWidth(400), available: 320, spacing: 10).count == 1)
        #expect(ReferenceWaterfall.resolve(.minimumWidth(1), available: 10_000, spacing: 0).count == 64)
        #expect(ReferenceWaterfall.resolve(.count(4), available: 20, spacing: 10).width == 0)
    }

    @Test("W1: given sizes fill the shortest column, ties to the left; content 200")
    func w1() {
        let layout = Self.layout(Self.w1Sizes)
        #expect(layout.waterfallColumns[0] == [0, 1, 1, 0, 1])
        #expect(
            Self.origins(layout) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 60), Point(x: 0, y: 110), Point(x: 165, y: 150),
            ])
        #expect(layout.attributes.allSatisfy { $0.frame.width == 155 })
        #expect(layout.attributes.map(\.frame.height) == [100, 50, 80, 60, 50])
        #expect(layout.contentSize == Size(width: 320, height: 200))
    }

    @Test("W2: item 1 reports 155 × 90; items 2 and 4 move down 40, item 3 stays in its column")
    func w2() {
        let columns = Self.layout(Self.w1Sizes).waterfallColumns[0]!
        var sizes = Self.w1Sizes
        sizes[1] = Size(width: 155, height: 90)
        let layout = Self.layout(sizes, itemColumns: columns)
        #expect(
            Self.origins(layout) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 100), Point(x: 0, y: 110), Point(x: 165, y: 190),
            ])
        #expect(layout.contentSize.height == 240)
        // Assigned afresh, item 4 would go to column 0, now the shorter: 12.3 keeps it in column 1.
        #expect(Self.layout(sizes).waterfallColumns[0] == [0, 1, 1, 0, 0])
    }

    @Test("W3: an item 155 × 30 inserted at 1 goes to column 1 (next starts 110 and 0); content 240")
    func w3() {
        let old = Self.layout(Self.w1Sizes).waterfallColumns[0]!
        var sizes = Self.w1Sizes
        sizes.insert(Size(width: 155, height: 30), at: 1)
        let lengths = sizes.map { ReferenceWaterfall.length(of: $0, columnWidth: 155, vertical: true) }
        var kept: [Int?] = old
        kept.insert(nil, at: 1)
        let columns = ReferenceWaterfall.assignArrivals(kept, lengths: lengths, count: 2, lineSpacing: 10)
        #expect(columns == [0, 1, 1, 1, 0, 1])
        let layout = Self.layout(sizes, itemColumns: columns)
        #expect(
            Self.origins(layout) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 40), Point(x: 165, y: 100), Point(x: 0, y: 110),
                Point(x: 165, y: 190),
            ])
        #expect(layout.contentSize.height == 240)
    }

    @Test("W4: deleting item 0 raises the old item 3 to (0, 0); the others keep their frames; content 200")
    func w4() {
        var columns = Self.layout(Self.w1Sizes).waterfallColumns[0]!
        var sizes = Self.w1Sizes
        columns.remove(at: 0)
        sizes.remove(at: 0)
        let layout = Self.layout(sizes, itemColumns: columns)
        #expect(Self.origins(layout) == [Point(x: 165, y: 0), Point(x: 165, y: 60), Point(x: 0, y: 0), Point(x: 165, y: 150)])
        #expect(layout.contentSize.height == 200)
    }

    @Test("W5: estimated items go round the three columns; item 0's report raises items 3 and 6 by 50")
    func w5() {
        var configuration = Self.configuration
        configuration.estimatedItemSize = Size(width: 100, height: 100)
        let unmeasured = [Size?](repeating: nil, count: 7)
        let first = Self.layout(unmeasured, columns: .count(3), configuration: configuration)
        let columns = first.waterfallColumns[0]!
        #expect(columns == [0, 1, 2, 0, 1, 2, 0])
        #expect(Self.origins(first).map(\.x) == [0, 110, 220, 0, 110, 220, 0])
        #expect(Self.origins(first).map(\.y) == [0, 0, 0, 110, 110, 110, 220])
        var reported = unmeasured
        reported[0] = Size(width: 100, height: 50)
        let after = Self.layout(reported, columns: .count(3), itemColumns: columns, configuration: configuration)
        #expect(Self.origins(after).map(\.y) == [0, 0, 0, 60, 110, 110, 170])
        // With no length and no spacing every next start is 0: all in column 0 (12.3 b).
        #expect(ReferenceWaterfall.assignAll(lengths: [0, 0, 0], count: 3, lineSpacing: 0) == [0, 0, 0])
    }

    @Test("12.1, 12.2 scrolling horizontally: columns become rows, lengths scale by w / height")
    func horizontal() {
        var configuration = Self.configuration
        configuration.scrollDirection = .horizontal
        let sizes: [Size?] = [Size(width: 100, height: 155), Size(width: 50, height: 155), Size(width: 80, height: 310)]
        let layout = Self.layout(sizes, configuration: configuration, viewport: Size(width: 400, height: 320))
        // Rows 155 high at y 0 and 165; the third item is 40 long (80 × 155 / 310), in row 1 (next starts 110 and 60).
        #expect(
            layout.attributes.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 155), Rect(x: 0, y: 165, width: 50, height: 155),
                Rect(x: 60, y: 165, width: 40, height: 155),
            ])
        #expect(layout.contentSize == Size(width: 100, height: 320))
    }

    @Test("a waterfall section between flow sections: header, insets and footer as for any section")
    func mixedWithFlow() {
        var configuration = Self.configuration
        configuration.itemSize = Size(width: 100, height: 20)
        configuration.headerReferenceSize = Size(width: 0, height: 30)
        configuration.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
        let flow = ReferenceLayout.Section(section: FlowSection(itemCount: 1), sizes: [nil], hasItemSizes: false)
        let waterfall = ReferenceLayout.Section(
            section: FlowSection(itemCount: 3), sizes: [Size(width: 145, height: 50), nil, nil], hasItemSizes: false,
            waterfall: ReferenceWaterfall(columns: .count(2)))
        let layout = ReferenceLayout(configuration: configuration, sections: [flow, waterfall, flow], viewportSize: Self.viewport)
        // Section 0: header 0–30, inset 5, one line 20 high, inset 7: ends at 62. Section 1's
        // header 62–92, lines from 97; avail 300, w = 145, columns at x 10 and 165. Items: 50
        // (column 0), 100 × 20 scaled to 145 × 29 (column 1), then column 1 again (next starts
        // 60 and 39) at 39; the lines' extent 68, so the section ends at 97 + 68 + 7 = 172.
        let cells = layout.attributes.filter { $0.category == .cell && $0.indexPath.section == 1 }
        #expect(
            cells.map(\.frame) == [
                Rect(x: 10, y: 97, width: 145, height: 50), Rect(x: 165, y: 97, width: 145, height: 29),
                Rect(x: 165, y: 136, width: 145, height: 29),
            ])
        let header2 = layout.attributes.first { $0.category == .header && $0.indexPath.section == 2 }
        #expect(header2?.frame.minY == 172)
    }
}
