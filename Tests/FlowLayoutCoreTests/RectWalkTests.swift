import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Rect queries that start partway through a run of explicit sizes: the walk
/// passes the run's lines before the rect without yielding them (a dense run
/// and a sparse one alike), so the first line it yields must be the first one
/// reaching the rect, whatever line of the run the rect starts on. Every rect
/// edge is put at a line's top and end, and one ulp either side, in sections
/// whose sizes were given (dense runs), reported for every item (dense runs
/// built by reports) and reported for some (sparse runs); the answers must
/// equal the eager reference's exactly (whole-number sizes).
@Suite("Rect walk: queries starting inside a run")
struct RectWalkTests {
    /// The three ways a section gets its runs of sizes.
    enum Sizing: CaseIterable {
        case given, allReported, someReported
    }

    @Test("rects with an edge at every line's top and end, one ulp either side", arguments: Sizing.allCases)
    func edgesAtEveryLine(sizing: Sizing) throws {
        var random = SeededRandom(seed: 1811)
        for direction in ScrollDirection.allCases {
            for _ in 0..<3 {
                let count = random.int(300...700)
                let sizes = (0..<count).map { _ in
                    Size(width: Double(random.int(10...140)), height: Double(random.int(4...60)))
                }
                var configuration = FlowLayoutConfiguration(
                    scrollDirection: direction, itemSize: Size(width: 50, height: 20))
                configuration.minimumInteritemSpacing = Double(random.int(0...12))
                configuration.minimumLineSpacing = Double(random.int(0...12))
                let viewport = Size(width: 320, height: 480)
                var section: FlowSection
                var reports: [SizeReport] = []
                switch sizing {
                case .given:
                    section = FlowSection(itemSizes: sizes)
                case .allReported, .someReported:
                    configuration.estimatedItemSize = Size(width: 50, height: 20)
                    section = FlowSection(itemCount: count)
                    for item in 0..<count where sizing == .allReported || random.chance(0.3) {
                        reports.append(SizeReport(indexPath: FlowIndexPath(item: item, section: 0), size: sizes[item]))
                    }
                }
                var state = try FlowLayoutState(configuration: configuration, sections: [section], viewportSize: viewport)
                if !reports.isEmpty { _ = try state.reportSizes(reports) }
                let reported = Dictionary(reports.map { ($0.indexPath, $0.size) }, uniquingKeysWith: { a, _ in a })
                let reference = ReferenceLayout(
                    configuration: configuration, sections: [section], viewportSize: viewport, reportedSizes: reported)
                #expect(state.exactContentSize() == reference.contentSize)
                // Every line's span across lines, from the reference's frames.
                var edges: [Double] = []
                for range in reference.lineRanges {
                    let frames = reference.attributes[range].map(\.frame)
                    let low = frames.map { direction == .vertical ? $0.minY : $0.minX }.min()!
                    let high = frames.map { direction == .vertical ? $0.maxY : $0.maxX }.max()!
                    edges += [low, high]
                }
                for edge in edges {
                    for start in [edge.nextDown, edge, edge.nextUp] {
                        let depth = [0, 1, Double(random.int(2...300))][random.int(0...2)]
                        let rect =
                            direction == .vertical
                            ? Rect(x: 0, y: start, width: viewport.width, height: depth)
                            : Rect(x: start, y: 0, width: depth, height: viewport.height)
                        let engine = try state.layoutAttributesForElements(in: rect)
                        let expected = reference.elements(in: rect)
                        let issues = LayoutComparison.rectQueryDifferences(
                            engine: engine, reference: expected, rect: rect, tolerance: 0)
                        #expect(issues.isEmpty, "\(sizing) \(direction) \(rect): \(issues.prefix(3))")
                        if !issues.isEmpty { return }
                    }
                }
            }
        }
    }
}
