import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Bad input never corrupts (`flow-layout.md` 9): every public entry point that
/// takes outside values refuses a bad one with an error naming it, and the state
/// afterwards is exactly what it was, frame for frame.
@Suite("Bad input")
struct BadInputTests {
    static let badNumbers: [Double] = [-1, -0.001, .nan, .infinity, -.infinity, -.greatestFiniteMagnitude]

    /// Everything observable about a state: all frames, the content size, the
    /// visible rect, the estimate, the options.
    struct Observation: Equatable {
        var elements: [LayoutAttributes]
        var contentSize: Size
        var visibleRect: Rect?
        var estimate: Size
        var configuration: FlowLayoutConfiguration
        var viewport: Size
        var pending: Int
    }

    static func observe(_ state: FlowLayoutState) throws -> Observation {
        var copy = state  // observing lays sections out; keep the original untouched
        let pending = copy.pendingSectionCount
        let size = copy.exactContentSize()
        return Observation(
            elements: try copy.layoutAttributesForElements(
                in: .infinite),
            contentSize: size, visibleRect: copy.visibleRect, estimate: copy.currentEstimatedItemSize,
            configuration: copy.configuration, viewport: copy.viewportSize, pending: pending)
    }

    /// A state with some of everything: self-sizing and per-item sections,
    /// reported sizes, a visible rect, a pending section.
    static func populatedState() throws -> FlowLayoutState {
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(estimatedItemSize: Size(width: 90, height: 60)),
            sections: [
                FlowSection(itemCount: 40),
                FlowSection(itemSizes: (0..<30).map { Size(width: Double(20 + $0 * 7 % 90), height: 40) }),
                FlowSection(itemCount: 0, headerReferenceSize: Size(width: 0, height: 30)),
                FlowSection(itemCount: 25, sectionInset: EdgeInsets(all: 6)),
            ],
            viewportSize: Size(width: 320, height: 600))
        _ = try state.reportSizes([
            SizeReport(indexPath: FlowIndexPath(item: 3, section: 0), size: Size(width: 150, height: 90)),
            SizeReport(indexPath: FlowIndexPath(item: 5, section: 3), size: Size(width: 30, height: 20)),
        ])
        try state.setVisibleRect(Rect(x: 0, y: 100, width: 320, height: 600))
        return state
    }

    /// Runs `call` on a copy of the populated state, expects it to throw
    /// `expected`, and checks that nothing observable changed. Returns the count.
    @discardableResult
    static func expectRefusal(
        _ expected: FlowLayoutError, _ call: (inout FlowLayoutState) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        var state = try populatedState()
        let before = try observe(state)
        #expect(throws: expected, sourceLocation: sourceLocation) { try call(&state) }
        #expect(try observe(state) == before, "state changed after a refused call", sourceLocation: sourceLocation)
        return 1
    }

    @Test("size reports: bad sizes, out-of-range index paths, one bad report in a batch")
    func badReports() throws {
        var tried = 0
        for value in Self.badNumbers {
            for (component, size) in [("width", Size(width: value, height: 10)), ("height", Size(width: 10, height: value))] {
                tried += try Self.expectRefusal(
                    .invalidValue(path: FieldPath("sizeReports", 1).appending("size").appending(component), value: value)
                ) {
                    _ = try $0.reportSizes([
                        SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 10, height: 10)),
                        SizeReport(indexPath: FlowIndexPath(item: 1, section: 0), size: size),
                    ])
                }
            }
        }
        func outOfRange(_ path: FieldPath) -> [(FlowIndexPath, FlowLayoutError)] {
            [
                (FlowIndexPath(item: 0, section: 4), .sectionOutOfRange(path: path, section: 4, sectionCount: 4)),
                (FlowIndexPath(item: 0, section: -1), .sectionOutOfRange(path: path, section: -1, sectionCount: 4)),
                (
                    FlowIndexPath(item: 40, section: 0),
                    .itemOutOfRange(path: path, indexPath: FlowIndexPath(item: 40, section: 0), itemCount: 40)
                ),
                (
                    FlowIndexPath(item: -1, section: 1),
                    .itemOutOfRange(path: path, indexPath: FlowIndexPath(item: -1, section: 1), itemCount: 30)
                ),
                (
                    FlowIndexPath(item: 0, section: 2),
                    .itemOutOfRange(path: path, indexPath: FlowIndexPath(item: 0, section: 2), itemCount: 0)
                ),
                (FlowIndexPath(item: .max, section: .max), .sectionOutOfRange(path: path, section: .max, sectionCount: 4)),
            ]
        }
        for (indexPath, error) in outOfRange("sizeReports[1].indexPath") {
            tried += try Self.expectRefusal(error) {
                _ = try $0.reportSizes([
                    SizeReport(indexPath: FlowIndexPath(item: 2, section: 0), size: Size(width: 10, height: 10)),
                    SizeReport(indexPath: indexPath, size: Size(width: 10, height: 10)),
                ])
            }
        }
        for (indexPath, error) in outOfRange("sizeReports[0].indexPath") {
            tried += try Self.expectRefusal(error) {
                _ = try $0.performFrame(
                    FrameRequest(
                        visibleRect: Rect(x: 0, y: 0, width: 320, height: 600),
                        sizeReports: [SizeReport(indexPath: indexPath, size: .zero)]))
            }
        }
        #expect(tried == 2 * Self.badNumbers.count + 12)
    }

    @Test("queries: bad rects and index paths")
    func badQueries() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            try Self.expectRefusal(.invalidValue(path: "rect.x", value: value)) {
                _ = try $0.layoutAttributesForElements(in: Rect(x: value, y: 0, width: 1, height: 1))
            }
            try Self.expectRefusal(.invalidValue(path: "rect.y", value: value)) {
                _ = try $0.layoutAttributesForElements(in: Rect(x: 0, y: value, width: 1, height: 1))
            }
        }
        for value in Self.badNumbers {
            try Self.expectRefusal(.invalidValue(path: "rect.width", value: value)) {
                _ = try $0.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: value, height: 1))
            }
            try Self.expectRefusal(.invalidValue(path: "visibleRect.height", value: value)) {
                try $0.setVisibleRect(Rect(x: 0, y: 0, width: 1, height: value))
            }
            try Self.expectRefusal(.invalidValue(path: "visibleRect.width", value: value)) {
                _ = try $0.performFrame(FrameRequest(visibleRect: Rect(x: 0, y: 0, width: value, height: 1)))
            }
        }
        try Self.expectRefusal(.itemOutOfRange(path: "indexPath", indexPath: FlowIndexPath(item: 30, section: 1), itemCount: 30)) {
            _ = try $0.layoutAttributesForItem(at: FlowIndexPath(item: 30, section: 1))
        }
        try Self.expectRefusal(.sectionOutOfRange(path: "indexPath.section", section: 9, sectionCount: 4)) {
            _ = try $0.layoutAttributesForSupplementaryElement(ofKind: .header, at: FlowIndexPath(item: 0, section: 9))
        }
        try Self.expectRefusal(.sectionOutOfRange(path: "section", section: -3, sectionCount: 4)) {
            _ = try $0.numberOfItems(inSection: -3)
        }
        try Self.expectRefusal(.sectionOutOfRange(path: "section", section: 4, sectionCount: 4)) {
            _ = try $0.diagnostics(inSection: 4)
        }
    }

    @Test("viewport and configuration changes with bad values")
    func badChanges() throws {
        for value in Self.badNumbers {
            try Self.expectRefusal(.invalidValue(path: "viewportSize.width", value: value)) {
                _ = try $0.setViewportSize(Size(width: value, height: 10))
            }
            let cases: [(FieldPath, (inout FlowLayoutConfiguration) -> Void)] = [
                ("itemSize.width", { $0.itemSize.width = value }),
                ("estimatedItemSize.height", { $0.estimatedItemSize.height = value }),
                ("minimumLineSpacing", { $0.minimumLineSpacing = value }),
                ("minimumInteritemSpacing", { $0.minimumInteritemSpacing = value }),
                ("sectionInset.left", { $0.sectionInset.left = value }),
                ("sectionInset.bottom", { $0.sectionInset.bottom = value }),
                ("headerReferenceSize.height", { $0.headerReferenceSize.height = value }),
                ("footerReferenceSize.width", { $0.footerReferenceSize.width = value }),
            ]
            for (path, change) in cases {
                try Self.expectRefusal(.invalidValue(path: FieldPath("configuration").appending(path), value: value)) {
                    var configuration = $0.configuration
                    change(&configuration)
                    _ = try $0.setConfiguration(configuration)
                }
            }
        }
    }

    @Test("creation refuses bad sections, counts and sizes, naming them")
    func badCreation() throws {
        let viewport = Size(width: 320, height: 480)
        func expectError(
            _ expected: FlowLayoutError, _ sections: [FlowSection], configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
            viewport: Size = viewport
        ) {
            #expect(throws: expected) {
                _ = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
            }
        }
        expectError(.invalidCount(path: "sections[1].itemCount", count: -1), [FlowSection(itemCount: 1), FlowSection(itemCount: -1)])
        expectError(.invalidCount(path: "sections[0].itemCount", count: Int.max), [FlowSection(itemCount: .max)])
        expectError(.invalidCount(path: "sections[0].itemCount", count: 1 << 31), [FlowSection(itemCount: 1 << 31)])
        var mismatched = FlowSection(itemSizes: [Size(width: 1, height: 1)])
        mismatched.itemCount = 3
        expectError(.itemSizesCountMismatch(path: "sections[0].itemSizes", itemCount: 3, sizeCount: 1), [mismatched])
        for value in Self.badNumbers {
            expectError(
                .invalidValue(path: "sections[2].itemSizes[1].height", value: value),
                [
                    FlowSection(itemCount: 2), FlowSection(itemCount: 0),
                    FlowSection(itemSizes: [Size(width: 1, height: 1), Size(width: 1, height: value)]),
                ])
            expectError(
                .invalidValue(path: "sections[0].sectionInset.right", value: value),
                [FlowSection(itemCount: 1, sectionInset: EdgeInsets(top: 0, left: 0, bottom: 0, right: value))])
            expectError(
                .invalidValue(path: "sections[0].minimumLineSpacing", value: value), [FlowSection(itemCount: 1, minimumLineSpacing: value)])
            expectError(
                .invalidValue(path: "sections[0].minimumInteritemSpacing", value: value),
                [FlowSection(itemCount: 1, minimumInteritemSpacing: value)])
            expectError(
                .invalidValue(path: "sections[0].headerReferenceSize.width", value: value),
                [FlowSection(itemCount: 1, headerReferenceSize: Size(width: value, height: 1))])
            expectError(
                .invalidValue(path: "sections[0].footerReferenceSize.height", value: value),
                [FlowSection(itemCount: 1, footerReferenceSize: Size(width: 1, height: value))])
            expectError(.invalidValue(path: "viewportSize.height", value: value), [], viewport: Size(width: 1, height: value))
            expectError(
                .invalidValue(path: "configuration.itemSize.width", value: value), [],
                configuration: FlowLayoutConfiguration(itemSize: Size(width: value, height: 1)))
        }
    }

    @Test("error messages name the value and where it came from")
    func messages() {
        #expect(
            "\(FlowLayoutError.invalidValue(path: "sections[3].itemSizes[17].width", value: -1))"
                == "sections[3].itemSizes[17].width: must be a finite number >= 0 (got -1.0)")
        #expect(
            "\(FlowLayoutError.itemOutOfRange(path: "sizeReports[3].indexPath", indexPath: FlowIndexPath(item: 9, section: 2), itemCount: 5))"
                == "sizeReports[3].indexPath: item 9 of section 2 is out of range: the section has 5 items")
        #expect(
            "\(FlowLayoutError.sectionOutOfRange(path: "indexPath.section", section: 7, sectionCount: 3))"
                == "indexPath.section: section 7 is out of range: the layout has 3 sections")
        #expect(
            "\(FlowLayoutError.itemSizesCountMismatch(path: "sections[1].itemSizes", itemCount: 4, sizeCount: 2))"
                == "sections[1].itemSizes: holds 2 sizes but the section has 4 items")
        #expect(
            "\(FlowLayoutError.invalidBatch(path: "insertItems[0].item", problem: .itemPastEnd(FlowIndexPath(item: 7, section: 0), itemCountAfter: 5)))"
                == "insertItems[0].item: 7 is past the end of section 0 (5 items after the batch)")
        #expect(
            "\(FlowLayoutError.invalidCount(path: "sections[0].itemCount", count: -2))".hasPrefix(
                "sections[0].itemCount: must be a count from 0 to 2147483647"))
        #expect(
            "\(FlowLayoutError.invalidValue(path: "viewportSize.width", value: 2e15))"
                == "viewportSize.width: must be at most 1e15 (got 2000000000000000.0)")
    }

    @Test("lengths beyond 1e15 points are refused, so no sum can overflow")
    func hugeLengths() throws {
        try Self.expectRefusal(.invalidValue(path: "sizeReports[0].size.height", value: 1e16)) {
            _ = try $0.reportSizes([SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 1, height: 1e16))])
        }
        try Self.expectRefusal(.invalidValue(path: "viewportSize.width", value: .greatestFiniteMagnitude)) {
            _ = try $0.setViewportSize(Size(width: .greatestFiniteMagnitude, height: 1))
        }
        // The largest lengths at the largest count would take the content far past
        // 1e15 points: refused, naming the first section past the limit (spec 9).
        #expect(throws: FlowLayoutError.contentTooLarge(path: "sections[0]", extent: 0x1p62)) {
            _ = try FlowLayoutState(
                configuration: FlowLayoutConfiguration(itemSize: Size(width: 1e15, height: 1e15), minimumLineSpacing: 1e15),
                sections: [FlowSection(itemCount: FlowLayoutLimits.maximumCount, sectionInset: EdgeInsets(all: 1e15))],
                viewportSize: Size(width: 1e15, height: 1e15))
        }
    }

    @Test("random garbage calls never trap and never corrupt")
    func randomGarbage() throws {
        var random = SeededRandom(seed: 99)
        var state = try Self.populatedState()
        var refused = 0
        let values: [Double] = Self.badNumbers + [0, 1, 1e300, .leastNonzeroMagnitude, 123.5]
        for _ in 0..<(2_000 * LongRuns.factor) {
            let before = try Self.observe(state)
            var candidate = state
            do {
                switch random.int(0...3) {
                case 0:
                    _ = try candidate.reportSizes([
                        SizeReport(
                            indexPath: FlowIndexPath(item: random.int(-2...45), section: random.int(-1...4)),
                            size: Size(width: random.pick(values), height: random.pick(values)))
                    ])
                case 1:
                    _ = try candidate.setViewportSize(Size(width: random.pick(values), height: random.pick(values)))
                case 2:
                    _ = try candidate.layoutAttributesForElements(
                        in: Rect(x: random.pick(values), y: random.pick(values), width: random.pick(values), height: random.pick(values)))
                default:
                    _ = try candidate.layoutAttributesForItem(at: FlowIndexPath(item: random.int(-2...45), section: random.int(-1...4)))
                }
                // Accepted: adopt it unless it made the layout absurdly large to observe.
                if candidate.viewportSize.width <= 1e6 && candidate.viewportSize.width >= 1 { state = candidate }
            } catch {
                refused += 1
                let after = try Self.observe(candidate)
                #expect(after == before)
            }
        }
        #expect(refused > 500)
    }
}
