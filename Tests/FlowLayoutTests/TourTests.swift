import FlowLayout
import Testing

/// The README's tour, compiled and run, so that it stays true.
@Suite("README tour")
struct TourTests {
    func measureCell(at indexPath: FlowIndexPath) -> Size {
        Size(width: 170, height: Double(80 + (indexPath.item * 37) % 90))
    }

    @Test("the tour runs as written")
    func tour() async throws {
        var configuration = FlowLayoutConfiguration()
        configuration.estimatedItemSize = Size(width: 180, height: 140)
        configuration.minimumLineSpacing = 8
        configuration.minimumInteritemSpacing = 8
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerReferenceSize = Size(width: 0, height: 40)

        let sections = (0..<10_000).map { _ in FlowSection(itemCount: 1_000) }

        let engine = try FlowLayoutEngine(
            configuration: configuration, sections: sections, viewportSize: Size(width: 390, height: 844))

        var offset = 0.0
        var measured: [SizeReport] = []
        for _ in 0..<120 {
            offset += 20
            let result = try await engine.performFrame(
                FrameRequest(visibleRect: Rect(x: 0, y: offset, width: 390, height: 844), sizeReports: measured))
            offset += result.update.contentOffsetAdjustment.y
            measured = result.elements
                .filter { $0.category == .cell }
                .map { SizeReport(indexPath: $0.indexPath, size: measureCell(at: $0.indexPath)) }
        }
        #expect(await engine.contentSize.height > 1e8)

        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: Size(width: 390, height: 844))
        let visible = try state.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        let item = try state.layoutAttributesForItem(at: FlowIndexPath(item: 42, section: 7))
        let update = try state.reportSizes([SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 170, height: 96))])
        let size = state.exactContentSize()
        #expect(!visible.isEmpty)
        #expect(item.frame.minY > 0)
        #expect(update.contentSize.height == size.height)

        #expect(throws: FlowLayoutError.invalidValue(path: "sizeReports[0].size.height", value: .nan)) {
            _ = try state.reportSizes([SizeReport(indexPath: FlowIndexPath(item: 0, section: 0), size: Size(width: 1, height: .nan))])
        }
        #expect(
            "\(FlowLayoutError.invalidValue(path: "sizeReports[3].size.height", value: .nan))"
                == "sizeReports[3].size.height: must be a finite number >= 0 (got nan)")
    }
}
