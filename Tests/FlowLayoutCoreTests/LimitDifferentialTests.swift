import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The engine against the eager reference at the edges issue 12 found
/// (`flow-layout.md` 2.1, 3.3, 9): lines of more than 65,536 items (zero-wide
/// and 0.001-wide, uniform and explicit, self-sizing too), and content extents
/// just under the 10¹⁵-point limit (accepted and identical to the reference) and
/// just over it (refused naming the field, the state unchanged). Comparisons are
/// exact where the arithmetic is (multiples of 1/8 below 2⁵⁰ add exactly), else
/// within 1e-9 of the content extent.
@Suite("Differential: long lines and the content limit")
struct LimitDifferentialTests {
    // MARK: Lines of more than 65,536 items

    /// One long-line case: every frame, the content size, rects at cells' own
    /// corners, and lines broken where the reference breaks them.
    static func compareLongLine(
        _ configuration: FlowLayoutConfiguration, _ sections: [FlowSection], viewport: Size, tolerance: Double,
        expectedLines: Int? = nil, seed: UInt64
    ) throws -> [String] {
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        let reference = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: viewport)
        var random = SeededRandom(seed: seed)
        var issues: [String] = []
        if let expectedLines, reference.lineRanges.count != expectedLines {
            issues.append("reference has \(reference.lineRanges.count) lines, expected \(expectedLines)")
        }
        // Item and corner queries on the fresh, lazily laid-out state.
        let cells = reference.attributes.filter { $0.category == .cell }
        for _ in 0..<12 where !cells.isEmpty {
            let expected = cells[random.int(0..<cells.count)]
            let actual = try state.layoutAttributesForItem(at: expected.indexPath)
            if !LayoutComparison.same(actual, expected, tolerance: tolerance) {
                issues.append("item: engine \(actual) ≠ reference \(expected)")
            }
            let corner = Rect(x: expected.frame.maxX, y: expected.frame.maxY, width: 0, height: 0)
            if tolerance == 0, try !state.layoutAttributesForElements(in: corner).contains(where: { $0.identifier == expected.identifier })
            {
                issues.append("a rect at \(expected)'s own corner misses it")
            }
        }
        let size = state.exactContentSize()
        if !LayoutComparison.close(size.width, reference.contentSize.width, tolerance)
            || !LayoutComparison.close(size.height, reference.contentSize.height, tolerance)
        {
            issues.append("content size: engine \(size) ≠ reference \(reference.contentSize)")
        }
        issues += LayoutComparison.differences(
            engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes, tolerance: tolerance)
        for _ in 0..<4 {
            let rect = PresentationComparison.randomRect(&random, contentSize: reference.contentSize)
            issues += LayoutComparison.rectQueryDifferences(
                engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect), rect: rect,
                tolerance: tolerance)
        }
        return issues
    }

    @Test("the issue's example: 65,537 zero-wide items make one line at x 0", arguments: ScrollDirection.allCases)
    func zeroWideExample(direction: ScrollDirection) throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 0, height: 10), minimumInteritemSpacing: 0)
        var viewport = Size(width: 390, height: 500)
        if direction == .horizontal {
            configuration = configuration.transposed
            viewport = viewport.transposed
        }
        let issues = try Self.compareLongLine(
            configuration, [FlowSection(itemCount: 65_537)], viewport: viewport, tolerance: 0, expectedLines: 1, seed: 1)
        #expect(issues.isEmpty, "\(issues.prefix(4))")
    }

    @Test("long lines: uniform and explicit, zero-wide, 0.001-wide and 2⁻¹⁰-wide, breaking past 65,536 items, both directions")
    func longLines() throws {
        // (item width, count, spacing, viewport width, lines the reference must find).
        let shapes: [(Double, Int, Double, Double, Int?)] = [
            (0, 70_000, 0, 390, 1),
            (0, 70_000, 0, 0, 1),  // 0 + 0 fits a zero-wide line: still one line
            (0.001, 65_537, 0, 390, 1),
            (0.0009765625, 150_000, 0, 70, 3),  // 71,680 items a line (2⁻¹⁰ × 71,680 = 70)
            (0.0009765625, 140_000, 0.0009765625, 100, 3),  // 51,200 a line
            (0.001, 150_000, 0, 70, 3),
        ]
        var failures: [String] = []
        for (index, shape) in shapes.enumerated() {
            let (width, count, spacing, viewport, lines) = shape
            for direction in [index % 2 == 0 ? ScrollDirection.vertical : .horizontal] {
                for explicit in [false, true] {
                    var configuration = FlowLayoutConfiguration(itemSize: Size(width: width, height: 10), minimumInteritemSpacing: spacing)
                    var section =
                        explicit
                        ? FlowSection(itemSizes: Array(repeating: Size(width: width, height: 10), count: count))
                        : FlowSection(itemCount: count)
                    var size = Size(width: viewport, height: 300)
                    if direction == .horizontal {
                        configuration = configuration.transposed
                        section = section.transposed
                        size = size.transposed
                    }
                    // 0.001 is no multiple of a power of two: sums round, identically if
                    // the engine adds in the order 2.1 says; compared within 1e-9 anyway.
                    let tolerance = width == 0.001 ? 1e-9 * max(viewport, 300) : 0
                    let issues = try Self.compareLongLine(
                        configuration, [FlowSection(itemCount: 3), section, FlowSection(itemCount: 2)], viewport: size,
                        tolerance: tolerance, expectedLines: lines.map { $0 + 2 }, seed: UInt64(index))
                    if !issues.isEmpty { failures.append("shape \(index) \(direction) explicit \(explicit): \(issues.prefix(3))") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(4))")
    }

    @Test("a self-sizing line of 70,000 zero-wide estimates measured to 0.001 and 2⁻¹⁰ wide")
    func selfSizingLongLine() throws {
        let configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 0, height: 10), minimumInteritemSpacing: 0)
        let viewport = Size(width: 20, height: 300)
        var state = try FlowLayoutState(configuration: configuration, sections: [FlowSection(itemCount: 70_000)], viewportSize: viewport)
        var reported: [FlowIndexPath: Size] = [:]
        var random = SeededRandom(seed: 12)
        for round in 0..<3 {
            let reports = (0..<2_000).map { _ in
                SizeReport(
                    indexPath: FlowIndexPath(item: random.int(0..<70_000), section: 0),
                    size: Size(width: round == 1 ? 0.001 : 0.0009765625 * Double(random.int(1...40)), height: 10))
            }
            _ = try state.reportSizes(reports)
            for report in reports { reported[report.indexPath] = report.size }
            let reference = ReferenceLayout(
                configuration: configuration, sections: [FlowSection(itemCount: 70_000)], viewportSize: viewport,
                reportedSizes: reported)
            let tolerance = round == 1 ? 1e-9 * 300 : 0
            let issues = LayoutComparison.differences(
                engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes, tolerance: tolerance)
            #expect(issues.isEmpty, "round \(round): \(issues.prefix(3))")
            #expect(reference.lineRanges.count > 1)
        }
    }

    @Test("one line of 70,000 zero-wide items keeps sizes reported past its 65,536th item (stored dense)")
    func sizesOnOneLongLine() throws {
        // itemSize 0 × 0: every item fits on the first line, and zero-wide
        // reports keep it one line, which runs may not split.
        var configuration = FlowLayoutConfiguration(itemSize: .zero, minimumInteritemSpacing: 0)
        configuration.minimumLineSpacing = 0
        let sections = [FlowSection(itemCount: 70_000), FlowSection(itemCount: 1)]
        let viewport = Size(width: 1, height: 100)
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        _ = try state.layoutAttributesForElements(in: .infinite)
        var reported: [FlowIndexPath: Size] = [:]
        for item in [3, 40_000, 65_535, 65_536, 65_537, 69_999] {
            let report = SizeReport(indexPath: FlowIndexPath(item: item, section: 0), size: Size(width: 0, height: Double(item % 7 + 1)))
            _ = try state.reportSizes([report])
            reported[report.indexPath] = report.size
        }
        let reference = ReferenceLayout(
            configuration: configuration, sections: sections, viewportSize: viewport, reportedSizes: reported)
        #expect(reference.lineRanges.count == 2)
        let issues = LayoutComparison.differences(
            engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes, tolerance: 0)
        #expect(issues.isEmpty, "\(issues.prefix(3))")
        #expect(try state.ownSize(ofItemAt: FlowIndexPath(item: 65_537, section: 0)) == Size(width: 0, height: 4))
    }

    // MARK: Content near 10¹⁵ points

    /// A random dyadic layout with two more sections holding one item each, one
    /// 2,000 points long, one whose
    /// length brings the content extent to exactly `1e15 − under` (negative
    /// `under`: past the limit); the huge section goes first or last.
    static func nearLimit(seed: UInt64, under: Double) -> (RandomLayoutCase, hugeIndex: Int) {
        var input = RandomLayoutCase(seed: seed, maximumSections: 6, maximumItems: 80)
        var random = SeededRandom(seed: seed ^ 0x1E15)
        while !input.isDyadic { input = RandomLayoutCase(seed: random.next(), maximumSections: 6, maximumItems: 80) }
        input.configuration.estimatedItemSize = .zero
        let vertical = input.configuration.scrollDirection == .vertical
        func huge(_ length: Double) -> FlowSection {
            FlowSection(itemSizes: [vertical ? Size(width: 10, height: length) : Size(width: length, height: 10)])
        }
        // A filler section keeps the huge item's length within 1e15 when the
        // content passes the limit by up to 1,000 points.
        var sections = input.sections + [huge(2_000)]
        let hugeIndex = random.chance(0.5) ? 0 : sections.count
        sections.insert(huge(0), at: hugeIndex)
        let base = ReferenceLayout(configuration: input.configuration, sections: sections, viewportSize: input.viewportSize)
        let extent = vertical ? base.contentSize.height : base.contentSize.width
        sections[hugeIndex] = huge(1e15 - under - extent)
        input.sections = sections
        return (input, hugeIndex)
    }

    @Test("content just under 1e15 points: accepted, every frame as the reference's, exactly")
    func justUnderTheLimit() throws {
        let failures = try Seeds.failures(150 * LongRuns.factor, from: 1_500_000) { seed in
            var random = SeededRandom(seed: seed)
            let under: Double = random.pick([0, 0.125, 0.25, 1, 1000.5])
            let (input, _) = Self.nearLimit(seed: seed, under: under)
            let reference = ReferenceLayout(
                configuration: input.configuration, options: input.options, sections: input.sections,
                viewportSize: input.viewportSize)
            let extent = max(reference.contentSize.width, reference.contentSize.height)
            var issues = extent == 1e15 - under ? [] : ["the reference's extent is \(extent), not 1e15 − \(under)"]
            issues += try DifferentialTests.compare(
                configuration: input.configuration, options: input.options, sections: input.sections,
                viewport: input.viewportSize, tolerance: 0, seed: seed, reference: reference)
            issues += try Self.compareCorners(input, reference: reference, random: &random)
            return issues
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// Rects at the corners of random cells (past the huge one, far along the
    /// scroll axis) return those cells; presented with snapping and mirroring too.
    static func compareCorners(_ input: RandomLayoutCase, reference: ReferenceLayout, random: inout SeededRandom) throws -> [String] {
        var options = input.options
        options.displayScale = random.pick([0, 1, 2])
        options.layoutDirection = random.chance(0.5) ? .rightToLeft : .leftToRight
        var state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize, options: options)
        let presented = ReferencePresentation(
            natural: reference, configuration: input.configuration, options: options, viewportSize: input.viewportSize)
        var issues: [String] = []
        let cells = presented.attributes.filter { $0.category == .cell }
        for _ in 0..<min(cells.count, 6) {
            let cell = cells[random.int(0..<cells.count)]
            let corner = Rect(x: cell.frame.maxX, y: cell.frame.maxY, width: 0, height: 0)
            let found = try state.layoutAttributesForElements(in: corner)
            if found != presented.elements(in: corner) { issues.append("corner of \(cell): engine \(found) ≠ reference") }
        }
        let all = try state.layoutAttributesForElements(in: .infinite)
        issues += LayoutComparison.differences(engine: all, reference: presented.attributes, tolerance: 0)
        return issues
    }

    @Test("content just over 1e15 points: refused naming the section, by every entry point, state unchanged")
    func justOverTheLimit() throws {
        let failures = try Seeds.failures(100 * LongRuns.factor, from: 1_600_000) { seed in
            var random = SeededRandom(seed: seed)
            let over: Double = random.pick([0.125, 0.25, 1, 1e3])
            var issues: [String] = []
            // At creation: the first section whose end passes 1e15 is named.
            let (input, _) = Self.nearLimit(seed: seed, under: -over)
            let reference = ReferenceLayout(
                configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
            let spans = reference.sectionSpans
            let total = max(reference.contentSize.width, reference.contentSize.height)
            let ends = spans.indices.map { $0 + 1 < spans.count ? spans[$0 + 1].start : total }
            let named = ends.firstIndex { $0 > 1e15 } ?? -1
            do {
                _ = try FlowLayoutState(configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
                issues.append("a description \(over) past the limit was accepted")
            } catch let error as FlowLayoutError {
                if case .contentTooLarge(let path, _) = error, path == FieldPath("sections", named) {
                } else {
                    issues.append("creation refused with \(error), expected contentTooLarge at sections[\(named)]")
                }
            }
            // By updates, from a state just under the limit.
            let (under, hugeIndex) = Self.nearLimit(seed: seed, under: 0)
            var state = try FlowLayoutState(configuration: under.configuration, sections: under.sections, viewportSize: under.viewportSize)
            issues += try Self.refusedUpdates(&state, under, hugeIndex: hugeIndex, over: over)
            return issues
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// A size report, a batch and a frame that would pass the limit by `over`:
    /// each refused with a content-limit error naming its input; nothing changes.
    static func refusedUpdates(_ state: inout FlowLayoutState, _ input: RandomLayoutCase, hugeIndex: Int, over: Double) throws -> [String] {
        var issues: [String] = []
        let vertical = input.configuration.scrollDirection == .vertical
        let hugePath = FlowIndexPath(item: 0, section: hugeIndex)
        let huge = try state.layoutAttributesForItem(at: hugePath).frame
        let grown = vertical ? Size(width: huge.width, height: huge.height + over) : Size(width: huge.width + over, height: huge.height)
        let visible = Rect(origin: vertical ? Point(x: 0, y: huge.maxY) : Point(x: huge.maxX, y: 0), size: input.viewportSize)
        try state.setVisibleRect(visible)
        func observe(_ state: inout FlowLayoutState) throws -> [LayoutAttributes] {
            try state.layoutAttributesForElements(in: .infinite)
        }
        let before = try observe(&state)
        let beforeState = (state.contentSize, state.visibleRect, state.viewportSize)
        var batch = BatchUpdate()
        batch.reloadItem(at: hugePath, size: grown)
        let report = [SizeReport(indexPath: hugePath, size: grown)]
        for (path, kind): (FieldPath, Int) in [("sizeReports", 0), ("", 1), ("sizeReports", 2)] {
            let attempt = { (state: inout FlowLayoutState) throws(FlowLayoutError) -> Void in
                switch kind {
                case 0: _ = try state.reportSizes(report)
                case 1: _ = try state.performBatchUpdates(batch)
                default: _ = try state.performFrame(FrameRequest(visibleRect: visible, sizeReports: report))
                }
            }
            do {
                try attempt(&state)
                issues.append("an update \(over) past the limit (\(path)) was accepted")
            } catch {
                if case .contentTooLarge(let named, _) = error, named == path {
                } else {
                    issues.append("refused with \(error), expected contentTooLarge at '\(path)'")
                }
            }
            if try observe(&state) != before || state.contentSize != beforeState.0 || state.visibleRect != beforeState.1
                || state.viewportSize != beforeState.2
            {
                issues.append("a refused update (\(path)) changed the state")
            }
        }
        return issues
    }

    @Test("a narrower viewport that would break lines past 1e15 points is refused, state unchanged", arguments: ScrollDirection.allCases)
    func viewportPastTheLimit(direction: ScrollDirection) throws {
        // Three items 100 × 4e14 fit one line at width 320 (4e14 long); at width
        // 100 they take three lines: 1.2e15 + 20, past the limit.
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 4e14))
        var viewport = Size(width: 320, height: 500)
        var narrow = Size(width: 100, height: 500)
        if direction == .horizontal {
            configuration = configuration.transposed
            viewport = viewport.transposed
            narrow = narrow.transposed
        }
        var state = try FlowLayoutState(configuration: configuration, sections: [FlowSection(itemCount: 3)], viewportSize: viewport)
        let before = try state.layoutAttributesForElements(in: .infinite)
        #expect(throws: FlowLayoutError.contentTooLarge(path: "viewportSize", extent: 1.2e15 + 20)) {
            try state.setViewportSize(narrow)
        }
        #expect(throws: FlowLayoutError.contentTooLarge(path: "visibleRect.size", extent: 1.2e15 + 20)) {
            try state.performFrame(FrameRequest(visibleRect: Rect(origin: .zero, size: narrow)))
        }
        #expect(try state.layoutAttributesForElements(in: .infinite) == before)
        #expect(state.viewportSize == viewport)
        #expect(state.visibleRect == nil)
        // Just wide enough for two a line: 8e14 + 10, accepted, as the reference lays it out.
        var two = Size(width: 210, height: 500)
        if direction == .horizontal { two = two.transposed }
        _ = try state.setViewportSize(two)
        let reference = ReferenceLayout(configuration: configuration, sections: [FlowSection(itemCount: 3)], viewportSize: two)
        #expect(try state.layoutAttributesForElements(in: .infinite) == reference.attributes)
        #expect(state.contentSize == reference.contentSize)
    }
}
