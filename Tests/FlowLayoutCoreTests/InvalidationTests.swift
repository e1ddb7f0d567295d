import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// What the oracle cannot show: that an update did only the work it had to
/// (`flow-layout.md` 7.1), counted by the core's work counters.
@Suite("Minimal invalidation")
struct InvalidationTests {
    let grid = FlowLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 50))
    let viewport = Size(width: 320, height: 640)

    /// A state with every section laid out, counters zeroed.
    func laidOut(_ sections: [FlowSection], configuration: FlowLayoutConfiguration? = nil) throws -> FlowLayoutState {
        var state = try FlowLayoutState(configuration: configuration ?? grid, sections: sections, viewportSize: viewport)
        _ = state.exactContentSize()
        state.workCounters = LayoutWorkCounters()
        return state
    }

    @Test("a report in section 5 of 100 touches section 5 only")
    func touchesOneSection() throws {
        var state = try laidOut((0..<100).map { _ in FlowSection(itemCount: 100) })
        let before = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 6)).frame
        _ = try state.reportSize(Size(width: 100, height: 80), forItemAt: FlowIndexPath(item: 10, section: 5))
        #expect(state.workCounters.sectionsTouched == 1)
        #expect(state.workCounters.sectionsLaidOut == 0)
        // Every later section moved by the 30 points the line grew.
        let after = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 6)).frame
        #expect(after.minY - before.minY == 30)
    }

    @Test("a height change in a 10,000-item section re-breaks only the run that holds it")
    func heightOnlyChange() throws {
        for sections in [
            [FlowSection(itemCount: 10_000)], [FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 10_000))],
        ] {
            var state = try laidOut(sections)
            _ = try state.reportSize(Size(width: 100, height: 75), forItemAt: FlowIndexPath(item: 5_000, section: 0))
            #expect(state.workCounters.sectionsTouched == 1)
            // Among default items: the one line holding the item (the rest is closed
            // form). Among sized items: the lines of the run holding it (up to 32
            // items) and, when a line starts the next run, none more.
            let bound = sections[0].itemSizes == nil ? 1 : Run.sizedCapacity
            #expect(state.workCounters.linesBroken >= 1 && state.workCounters.linesBroken <= bound)
            let reference = ReferenceLayout(
                configuration: grid, sections: sections, viewportSize: viewport,
                reportedSizes: [FlowIndexPath(item: 5_000, section: 0): Size(width: 100, height: 75)])
            #expect(state.exactContentSize() == reference.contentSize)
        }
    }

    @Test("a width change re-breaks lines only until the breaks agree again")
    func widthChange() throws {
        // Per-item sizes of mixed widths: a wider item shifts one item to the next
        // line, and the breaks realign within a few lines.
        let widths: [Double] = [100, 150, 60, 90, 40, 120]
        let sizes = (0..<10_000).map { Size(width: widths[$0 % widths.count], height: 50) }
        var state = try laidOut([FlowSection(itemSizes: sizes)])
        _ = try state.reportSize(Size(width: 200, height: 50), forItemAt: FlowIndexPath(item: 5_000, section: 0))
        // The run holding the item (up to 32 items) and at most one more, until
        // a new line starts where an unchanged run starts.
        #expect(state.workCounters.linesBroken >= 1)
        #expect(state.workCounters.linesBroken <= 2 * Run.sizedCapacity)
        let reference = ReferenceLayout(
            configuration: grid, sections: [FlowSection(itemSizes: sizes)], viewportSize: viewport,
            reportedSizes: [FlowIndexPath(item: 5_000, section: 0): Size(width: 200, height: 50)])
        #expect(state.exactContentSize() == reference.contentSize)
        let rect = Rect(x: 0, y: reference.contentSize.height / 2 - 300, width: 320, height: 600)
        #expect(try state.layoutAttributesForElements(in: rect) == reference.elements(in: rect))
    }

    @Test("a wider item in a uniform grid shifts the rest in closed form")
    func uniformShift() throws {
        var state = try laidOut([FlowSection(itemCount: 1_000_000)])
        _ = try state.reportSize(Size(width: 200, height: 50), forItemAt: FlowIndexPath(item: 10, section: 0))
        // Every later line shifts by one item, yet only the lines around the item
        // are broken: the rest is one uniform block.
        #expect(state.workCounters.linesBroken <= 3)
        let last = try state.layoutAttributesForItem(at: FlowIndexPath(item: 999_999, section: 0))
        let reference = ReferenceLayout(
            configuration: grid, sections: [FlowSection(itemCount: 1_000)], viewportSize: viewport,
            reportedSizes: [FlowIndexPath(item: 10, section: 0): Size(width: 200, height: 50)])
        // Item 999,999 sits where the same shift puts the last item of a shorter section.
        let lastOfShort = reference.attributes.last { $0.category == .cell }!
        #expect(last.frame.minX == lastOfShort.frame.minX)
    }

    @Test("reports for a section not laid out yet are kept and used later")
    func reportsBeforeLayout() throws {
        let sections = (0..<3).map { _ in FlowSection(itemSizes: Array(repeating: Size(width: 100, height: 50), count: 50)) }
        var state = try FlowLayoutState(configuration: grid, sections: sections, viewportSize: viewport)
        #expect(state.pendingSectionCount == 3)
        let report = SizeReport(indexPath: FlowIndexPath(item: 7, section: 2), size: Size(width: 300, height: 90))
        _ = try state.reportSizes([report])
        #expect(state.pendingSectionCount == 3)
        let reference = ReferenceLayout(
            configuration: grid, sections: sections, viewportSize: viewport, reportedSizes: [report.indexPath: report.size])
        #expect(
            try state.layoutAttributesForItem(at: report.indexPath)
                == reference.attributes.first { $0.indexPath == report.indexPath && $0.category == .cell })
        #expect(state.exactContentSize() == reference.contentSize)
    }

    @Test("a width change invalidates lazily; a height change or a scroll changes nothing")
    func lazyViewportChange() throws {
        var state = try laidOut((0..<200).map { _ in FlowSection(itemCount: 100) })
        // Measure a few items in every section, so every section has lines of its own.
        _ = try state.reportSizes(
            (0..<200).map { SizeReport(indexPath: FlowIndexPath(item: 3, section: $0), size: Size(width: 120, height: 70)) })
        try state.setVisibleRect(Rect(x: 0, y: 0, width: 320, height: 640))
        state.workCounters = LayoutWorkCounters()

        _ = try state.setViewportSize(Size(width: 320, height: 900))
        try state.setVisibleRect(Rect(x: 0, y: 5_000, width: 320, height: 900))
        #expect(state.workCounters == LayoutWorkCounters())
        #expect(state.pendingSectionCount == 0)

        _ = try state.setViewportSize(Size(width: 500, height: 900))
        // Only the sections up to the anchor were laid out again.
        #expect(state.pendingSectionCount > 150)
        #expect(state.workCounters.sectionsLaidOut < 50)
        _ = try state.layoutAttributesForElements(in: Rect(x: 0, y: 5_000, width: 500, height: 900))
        #expect(state.pendingSectionCount > 150)
        let sizes = Dictionary(uniqueKeysWithValues: (0..<200).map { (FlowIndexPath(item: 3, section: $0), Size(width: 120, height: 70)) })
        let reference = ReferenceLayout(
            configuration: grid, sections: (0..<200).map { _ in FlowSection(itemCount: 100) },
            viewportSize: Size(width: 500, height: 900), reportedSizes: sizes)
        #expect(state.exactContentSize() == reference.contentSize)
        #expect(state.pendingSectionCount == 0)
    }
}
