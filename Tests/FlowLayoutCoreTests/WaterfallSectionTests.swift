import FlowLayoutCore
import FlowLayoutReference
import Testing

/// The engine's waterfall sections (`flow-layout.md` 12) on the spec's worked
/// examples W1–W5, and the refusals of 12.6.
@Suite("Waterfall sections (12)")
struct WaterfallSectionTests {
    /// The examples' layout: vertical, viewport 320 × 400, no insets, s = ℓ = 10.
    static let viewport = Size(width: 320, height: 400)
    static let w1Sizes = ReferenceWaterfallTests.w1Sizes

    /// A state of one waterfall section of `sizes` (or `count` self-sizing
    /// items at `estimate`), `columns` columns.
    static func state(
        sizes: [Size]? = nil, count: Int = 0, estimate: Size = .zero, columns: WaterfallColumns = .count(2)
    ) throws -> FlowLayoutState {
        var configuration = ReferenceWaterfallTests.configuration
        configuration.estimatedItemSize = estimate
        configuration.waterfall = columns
        let section = sizes.map { FlowSection(itemSizes: $0) } ?? FlowSection(itemCount: count)
        var state = try FlowLayoutState(configuration: configuration, sections: [section], viewportSize: viewport)
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 320, height: 400))
        return state
    }

    /// The cells' frames in the whole content, in index order.
    static func cells(_ state: inout FlowLayoutState) throws -> [Rect] {
        try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 100_000))
            .filter { $0.category == .cell }.map(\.frame)
    }

    static func origins(_ state: inout FlowLayoutState) throws -> [Point] {
        try cells(&state).map(\.origin)
    }

    @Test("W1: given sizes fill the shortest column, ties to the left; content 200")
    func w1() throws {
        var state = try Self.state(sizes: Self.w1Sizes)
        #expect(
            try Self.origins(&state) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 60), Point(x: 0, y: 110), Point(x: 165, y: 150),
            ])
        #expect(try Self.cells(&state).map(\.height) == [100, 50, 80, 60, 50])
        #expect(try Self.cells(&state).allSatisfy { $0.width == 155 })
        #expect(state.exactContentSize() == Size(width: 320, height: 200))
    }

    @Test("W2: a report moves the items under it in its column; nothing changes column")
    func w2() throws {
        var state = try Self.state(sizes: Self.w1Sizes)
        _ = try state.reportSize(Size(width: 155, height: 90), forItemAt: FlowIndexPath(item: 1, section: 0))
        #expect(
            try Self.origins(&state) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 100), Point(x: 0, y: 110), Point(x: 165, y: 190),
            ])
        #expect(state.exactContentSize().height == 240)
    }

    @Test("W3: an insertion is assigned by the items before it; the others keep their columns")
    func w3() throws {
        var state = try Self.state(sizes: Self.w1Sizes)
        var batch = BatchUpdate()
        batch.insertItem(at: FlowIndexPath(item: 1, section: 0), size: Size(width: 155, height: 30))
        _ = try state.performBatchUpdates(batch)
        #expect(
            try Self.origins(&state) == [
                Point(x: 0, y: 0), Point(x: 165, y: 0), Point(x: 165, y: 40), Point(x: 165, y: 100), Point(x: 0, y: 110),
                Point(x: 165, y: 190),
            ])
        #expect(state.exactContentSize().height == 240)
    }

    @Test("W4: a deletion lifts the items under it in its column only")
    func w4() throws {
        var state = try Self.state(sizes: Self.w1Sizes)
        var batch = BatchUpdate()
        batch.deleteItems(at: [FlowIndexPath(item: 0, section: 0)])
        _ = try state.performBatchUpdates(batch)
        #expect(
            try Self.origins(&state) == [
                Point(x: 165, y: 0), Point(x: 165, y: 60), Point(x: 0, y: 0), Point(x: 165, y: 150),
            ])
        #expect(state.exactContentSize().height == 200)
    }

    @Test("W5: self-sizing items go round; a report lifts its column only")
    func w5() throws {
        var state = try Self.state(count: 7, estimate: Size(width: 100, height: 100), columns: .count(3))
        #expect(
            try Self.origins(&state) == [
                Point(x: 0, y: 0), Point(x: 110, y: 0), Point(x: 220, y: 0), Point(x: 0, y: 110), Point(x: 110, y: 110),
                Point(x: 220, y: 110), Point(x: 0, y: 220),
            ])
        _ = try state.reportSize(Size(width: 100, height: 50), forItemAt: FlowIndexPath(item: 0, section: 0))
        #expect(
            try Self.origins(&state) == [
                Point(x: 0, y: 0), Point(x: 110, y: 0), Point(x: 220, y: 0), Point(x: 0, y: 60), Point(x: 110, y: 110),
                Point(x: 220, y: 110), Point(x: 0, y: 170),
            ])
    }

    @Test("8.5 in a waterfall: a long item sharing its top with empty ones is an item-centre candidate, backward and forward")
    func itemCenterAmongEmptyItems() throws {
        // Four columns 72.5 wide of empty items (item size 0 × 0, spacing 10 between lines): all at the top, in a run.
        var configuration = ReferenceWaterfallTests.configuration
        configuration.itemSize = .zero
        configuration.waterfall = .count(4)
        var options = FlowLayoutOptions()
        options.snapping = .itemCenter
        var state = try FlowLayoutState(
            configuration: configuration, sections: [FlowSection(itemCount: 8)], viewportSize: Self.viewport, options: options)
        // Item 5 (column 1, below item 1) becomes 1,450 long (2,000 at width 100, scaled to 72.5) at 10: its centre at 735 rests at 535.
        _ = try state.reportSize(Size(width: 100, height: 2_000), forItemAt: FlowIndexPath(item: 5, section: 0))
        let backward = try state.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 2_000), velocity: Point(x: 0, y: -1))
        #expect(backward == Point(x: 0, y: 535))
        let forward = try state.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 10), velocity: Point(x: 0, y: 1))
        #expect(forward == Point(x: 0, y: 535))
    }

    @Test("8.5 in a waterfall: the walk past a run of empty items goes on in line order, not back to a later item above it")
    func itemCenterPastRunGoesOnInLineOrder() throws {
        // Three columns of twelve items at a zero estimate go round (12.3 b), 10 between lines:
        // column 0 holds 0, 3, 6, 9; column 1 holds 1, 4, 7, 10; column 2 holds 2, 5, 8, 11.
        var configuration = ReferenceWaterfallTests.configuration
        configuration.estimatedItemSize = Size(width: 100, height: 0)
        configuration.waterfall = .count(3)
        var options = FlowLayoutOptions()
        options.snapping = .itemCenter
        let viewport = Size(width: 320, height: 20)
        let section = FlowSection(itemCount: 12)
        var state = try FlowLayoutState(
            configuration: configuration, sections: [section], viewportSize: viewport, options: options)
        var model = ReferenceModel(configuration: configuration, options: options, sections: [section], viewportSize: viewport)
        // Items 0 and 1 report 5 high and push columns 0 and 1 down by 5; item 11 reports 100.
        // Columns keep their items, so in line order (top, then item) the later item 11, at 30 in column 2, comes
        // before the run of empty items 9 and 10 at 35, and reaches past it; nothing before it reaches past its top.
        let reports = [
            SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 100, height: 5)),
            SizeReport(indexPath: FlowIndexPath(item: 1, section: 0), size: Size(width: 100, height: 5)),
            SizeReport(indexPath: FlowIndexPath(item: 11, section: 0), size: Size(width: 100, height: 100)),
        ]
        _ = try state.reportSizes(reports)
        model.apply(reports)
        let cells = try Self.cells(&state)
        #expect(cells[11] == Rect(x: 220, y: 30, width: 100, height: 100))
        #expect(cells[9].minY == 35 && cells[10].minY == 35 && cells[9].height == 0 && cells[10].height == 0)
        // From item 11 (the middle line for a centre at 50) the walk forward reaches the run at 35, which it
        // passed by jumping to the first line reaching past 35: item 11 again, before it in line order. Taking
        // item 11 for a line after the run (item order) walked round without end; now the walk takes item 10.
        // Item 11's centre (80) rests at 70 going forward; items 9 and 10 (centre 35) at 25 going back, and at rest
        // (15 from the proposal, against 30). The reference agrees.
        let reference = model.presentation()
        let proposed = Point(x: 0, y: 40)
        for (velocity, rest) in [(1.0, 70.0), (0, 25), (-1, 25)] {
            let target = try state.targetContentOffset(forProposedContentOffset: proposed, velocity: Point(x: 0, y: velocity))
            #expect(target == Point(x: 0, y: rest), "velocity \(velocity)")
            #expect(target == reference.targetContentOffset(forProposedContentOffset: proposed, velocity: Point(x: 0, y: velocity)))
        }
    }

    @Test("12.1: minimumColumnWidth 100 across 320 with s 10 gives 3 columns 100 wide")
    func minimumWidth() throws {
        var state = try Self.state(count: 4, estimate: Size(width: 100, height: 100), columns: .minimumWidth(100))
        #expect(try Self.origins(&state).map(\.x) == [0, 110, 220, 0])
        #expect(try Self.cells(&state).allSatisfy { $0.width == 100 })
    }

    @Test("12.6: a column count outside 1…64 and a width not finite and > 0 are refused with their path")
    func refusals() throws {
        #expect(throws: FlowLayoutError.invalidColumns(path: "configuration.waterfall.columnCount", problem: .columnCount(0))) {
            _ = try Self.state(count: 1, columns: .count(0))
        }
        #expect(throws: FlowLayoutError.invalidColumns(path: "configuration.waterfall.columnCount", problem: .columnCount(65))) {
            _ = try Self.state(count: 1, columns: .count(65))
        }
        #expect(
            throws: FlowLayoutError.invalidColumns(
                path: "configuration.waterfall.minimumColumnWidth", problem: .minimumColumnWidth(.nan))
        ) {
            _ = try Self.state(count: 1, columns: .minimumWidth(.nan))
        }
        var section = FlowSection(itemCount: 3)
        section.kind = .waterfall(.count(0))
        #expect(throws: FlowLayoutError.invalidColumns(path: "sections[0].waterfall.columnCount", problem: .columnCount(0))) {
            _ = try FlowLayoutState(configuration: FlowLayoutConfiguration(), sections: [section], viewportSize: Self.viewport)
        }
        let error = FlowLayoutError.invalidColumns(path: "sections[2].waterfall.columnCount", problem: .columnCount(0))
        #expect(error.description == "sections[2].waterfall.columnCount: must be an integer from 1 to 64 (got 0)")
    }
}
