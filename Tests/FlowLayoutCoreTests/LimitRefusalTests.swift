import FlowLayoutCore
import Testing

/// Values past the 1e15-point limit (`flow-layout.md` 9), given to every entry
/// point that takes outside values: refused with the field path, and the whole
/// observable state (frames, content size, visible rect, configuration,
/// options, pending sections) exactly as before. The negative, NaN and infinite
/// values are covered by `BadInputTests`; these are finite and too large.
@Suite("Limit refusals")
struct LimitRefusalTests {
    static let tooLong = 2e15

    /// Everything `BadInputTests.observe` sees, plus the options and the
    /// presented elements of the visible rect.
    struct Observation: Equatable {
        var base: BadInputTests.Observation
        var options: FlowLayoutOptions
        var visibleElements: [LayoutAttributes]
    }

    static func observe(_ state: FlowLayoutState) throws -> Observation {
        var copy = state
        let visible = try copy.layoutAttributesForElements(in: state.visibleRect ?? Rect(x: 0, y: 0, width: 320, height: 600))
        return Observation(base: try BadInputTests.observe(state), options: state.options, visibleElements: visible)
    }

    static func expectRefusal(
        _ expected: FlowLayoutError, _ call: (inout FlowLayoutState) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var state = try BadInputTests.populatedState()
        let before = try observe(state)
        #expect(throws: expected, sourceLocation: sourceLocation) { try call(&state) }
        #expect(try observe(state) == before, "state changed after a refused call", sourceLocation: sourceLocation)
    }

    @Test("a frame whose visible rect implies a viewport past the limit changes nothing")
    func frameAboveLimit() throws {
        try Self.expectRefusal(.invalidValue(path: "visibleRect.size.width", value: Rect.infinite.width)) {
            _ = try $0.performFrame(FrameRequest(visibleRect: .infinite))
        }
        try Self.expectRefusal(.invalidValue(path: "visibleRect.size.height", value: Self.tooLong)) {
            _ = try $0.performFrame(FrameRequest(visibleRect: Rect(x: 0, y: 0, width: 320, height: Self.tooLong)))
        }
        // A good rect with a bad report: neither the rect nor the report lands.
        try Self.expectRefusal(.invalidValue(path: "sizeReports[1].size.width", value: Self.tooLong)) {
            _ = try $0.performFrame(
                FrameRequest(
                    visibleRect: Rect(x: 0, y: 500, width: 320, height: 600),
                    sizeReports: [
                        SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 10, height: 10)),
                        SizeReport(indexPath: FlowIndexPath(item: 1, section: 0), size: Size(width: Self.tooLong, height: 10)),
                    ]))
        }
    }

    @Test("viewport, configuration and option values past the limit")
    func settingsAboveLimit() throws {
        try Self.expectRefusal(.invalidValue(path: "viewportSize.height", value: Self.tooLong)) {
            _ = try $0.setViewportSize(Size(width: 320, height: Self.tooLong))
        }
        let cases: [(FieldPath, (inout FlowLayoutConfiguration) -> Void)] = [
            ("itemSize.height", { $0.itemSize.height = Self.tooLong }),
            ("estimatedItemSize.width", { $0.estimatedItemSize.width = Self.tooLong }),
            ("minimumLineSpacing", { $0.minimumLineSpacing = Self.tooLong }),
            ("minimumInteritemSpacing", { $0.minimumInteritemSpacing = Self.tooLong }),
            ("sectionInset.top", { $0.sectionInset.top = Self.tooLong }),
            ("headerReferenceSize.height", { $0.headerReferenceSize.height = Self.tooLong }),
        ]
        for (path, change) in cases {
            try Self.expectRefusal(.invalidValue(path: FieldPath("configuration").appending(path), value: Self.tooLong)) {
                var configuration = $0.configuration
                change(&configuration)
                _ = try $0.setConfiguration(configuration)
            }
        }
        for scale in [-1, Double.nan, Double.infinity, Self.tooLong] {
            var options = FlowLayoutOptions()
            options.displayScale = scale
            #expect(throws: FlowLayoutError.self) {
                var state = try BadInputTests.populatedState()
                defer { #expect((try? Self.observe(state)) == (try? Self.observe(BadInputTests.populatedState()))) }
                _ = try state.setOptions(options)
            }
        }
    }

    @Test("a configuration whose lengths are each allowed but add up past the limit")
    func configurationContentTooLarge() throws {
        var state = try BadInputTests.populatedState()
        let before = try Self.observe(state)
        var configuration = state.configuration
        configuration.minimumLineSpacing = 9e14
        do {
            _ = try state.setConfiguration(configuration)
            Issue.record("a content extent of about 4e16 points was accepted")
        } catch {
            guard case .contentTooLarge = error else {
                Issue.record("expected contentTooLarge, got \(error)")
                return
            }
        }
        #expect(try Self.observe(state) == before)
    }

    @Test("batches carrying sizes or sections past the limit")
    func batchesAboveLimit() throws {
        try Self.expectRefusal(.invalidValue(path: "insertItems[0].size.height", value: Self.tooLong)) {
            var batch = BatchUpdate()
            batch.insertedItems = [.init(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 10, height: Self.tooLong))]
            _ = try $0.performBatchUpdates(batch)
        }
        try Self.expectRefusal(.invalidValue(path: "insertSections[0].section.minimumLineSpacing", value: Self.tooLong)) {
            var batch = BatchUpdate()
            batch.insertSection(FlowSection(itemCount: 3, minimumLineSpacing: Self.tooLong), at: 1)
            _ = try $0.performBatchUpdates(batch)
        }
        // Each inserted section is allowed alone; together they pass 1e15.
        var state = try BadInputTests.populatedState()
        let before = try Self.observe(state)
        var batch = BatchUpdate()
        for index in 0..<3 {
            batch.insertSection(FlowSection(itemCount: 1, headerReferenceSize: Size(width: 0, height: 4e14)), at: index)
        }
        do {
            _ = try state.performBatchUpdates(batch)
            Issue.record("content of 1.2e15 points was accepted")
        } catch {
            guard case .contentTooLarge = error else {
                Issue.record("expected contentTooLarge, got \(error)")
                return
            }
        }
        #expect(try Self.observe(state) == before)
    }

    @Test("the largest content under the limit is accepted and stays monotone")
    func justUnderLimit() throws {
        // Two sections of 4.9e14 points each: 9.8e14 in all, under the limit.
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 10, height: 10)),
            sections: [
                FlowSection(itemCount: 1, headerReferenceSize: Size(width: 0, height: 4.9e14)),
                FlowSection(itemCount: 1, headerReferenceSize: Size(width: 0, height: 4.9e14)),
            ],
            viewportSize: Size(width: 320, height: 600))
        let size = state.exactContentSize()
        #expect(size.height == 4.9e14 * 2 + 20)
        let second = try state.layoutAttributesForItem(at: FlowIndexPath(item: 0, section: 1))
        #expect(second.frame.minY == 4.9e14 * 2 + 10)
        let found = try state.layoutAttributesForElements(in: Rect(x: second.frame.minX, y: second.frame.minY, width: 1, height: 1))
        #expect(found.contains { $0.indexPath == second.indexPath && $0.category == .cell })
    }
}
