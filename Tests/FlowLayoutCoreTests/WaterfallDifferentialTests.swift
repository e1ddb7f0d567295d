import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Random sequences over layouts with waterfall sections (`flow-layout.md`
/// 12), mixed with flow sections: size reports, batches of every kind,
/// viewport changes that keep or change the columns; after every step the
/// engine's frames must equal the reference's, laid out from a model that
/// assigns columns by 12.3 read literally (``ReferenceModel/settleColumns()``).
///
/// Every value is chosen so that lengths are exact in `Double` (sizes across
/// the columns powers of two, column counts powers of two, everything else
/// multiples of 1/4): the reference sums positions one item after another,
/// the engine exactly in any order, and they must agree to the bit, ties of
/// 12.3 (a) included.
@Suite("Differential: waterfall sections")
struct WaterfallDifferentialTests {
    static let sequences = 60 * LongRuns.factor
    static let steps = 60

    @Test("random sequences of reports, batches and viewport changes against the reference")
    func randomSequences() throws {
        var failures: [String] = []
        var waterfallItems = 0
        for seed in 0..<UInt64(Self.sequences) {
            var sequence = try WaterfallSequence(seed: 9_000 + seed)
            failures += try sequence.run(steps: Self.steps).map { "seed \(9_000 + seed): \($0)" }
            waterfallItems += sequence.waterfallItemsChecked
            if failures.count > 5 { break }
        }
        for failure in failures.prefix(5) { Issue.record(Comment(rawValue: failure)) }
        // The sequences reached waterfall sections with items.
        #expect(waterfallItems > 10_000)
    }
}

/// One random sequence on an engine and its model.
struct WaterfallSequence {
    var state: FlowLayoutState
    var model: ReferenceModel
    var random: SeededRandom
    let vertical: Bool
    var log: [String] = []
    var waterfallItemsChecked = 0

    init(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        vertical = random.chance(0.7)
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = vertical ? .vertical : .horizontal
        configuration.minimumLineSpacing = Double(random.int(0...40)) / 4
        configuration.minimumInteritemSpacing = Double(random.int(0...40)) / 4
        configuration.sectionInset = EdgeInsets(
            top: Double(random.int(0...40)) / 4, left: Double(random.int(0...40)) / 4,
            bottom: Double(random.int(0...40)) / 4, right: Double(random.int(0...40)) / 4)
        if random.chance(0.3) { configuration.headerReferenceSize = Size(width: 20, height: 20) }
        if random.chance(0.2) { configuration.footerReferenceSize = Size(width: 12, height: 12) }
        if random.chance(0.5) { configuration.estimatedItemSize = Size(width: 64, height: 32) }
        configuration.itemSize = Size(width: 32, height: 16)
        let columnCounts = WaterfallValues.columnCounts
        if random.chance(0.7) { configuration.waterfall = .count(columnCounts[random.int(0...3)]) }
        var sections: [FlowSection] = []
        for _ in 0..<random.int(1...4) {
            let count = random.int(0...(random.chance(0.2) ? 400 : 60))
            var section = FlowSection(itemCount: count)
            if random.chance(0.4) {
                var sizes: [Size] = []
                for _ in 0..<count { sizes.append(Self.size(&random, vertical: vertical)) }
                section = FlowSection(itemSizes: sizes)
            }
            if random.chance(0.3) {
                section.kind = random.chance(0.3) ? .flow : .waterfall(.count(columnCounts[random.int(0...3)]))
            }
            sections.append(section)
        }
        let viewport = Size(width: Double(random.int(200...400)), height: Double(random.int(200...400)))
        state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        model = ReferenceModel(configuration: configuration, sections: sections, viewportSize: viewport)
        self.random = random
    }

    static func size(_ random: inout SeededRandom, vertical: Bool) -> Size {
        WaterfallValues.size(&random, vertical: vertical)
    }

    mutating func run(steps: Int) throws -> [String] {
        for step in 0..<steps {
            let roll = random.int(0...9)
            if roll < 4 {
                try report()
            } else if roll < 8 {
                try batch()
            } else {
                try resize()
            }
            let issues = try check()
            if !issues.isEmpty { return ["step \(step), after \(log.suffix(3)): \(issues.prefix(3))"] }
        }
        return []
    }

    mutating func report() throws {
        let paths = model.itemPaths
        guard !paths.isEmpty else { return }
        var reports: [SizeReport] = []
        for _ in 0..<random.int(1...6) {
            reports.append(SizeReport(indexPath: paths[random.int(0...(paths.count - 1))], size: Self.size(&random, vertical: vertical)))
        }
        _ = try state.reportSizes(reports)
        model.apply(reports)
        log.append("reports \(reports.map { "\($0.indexPath.section).\($0.indexPath.item)=\($0.size)" })")
    }

    mutating func batch() throws {
        let batch = WaterfallValues.exact(
            RandomBatch.valid(over: model, operations: random.int(1...6), random: &random, dyadic: true, sizedMoves: true),
            vertical: vertical)
        _ = try state.performBatchUpdates(batch)
        model.apply(batch)
        log.append("batch \(batch)")
    }

    mutating func resize() throws {
        var size = model.viewportSize
        // Half the time only the length along the scroll axis changes: columns stay.
        if random.chance(0.5) {
            if vertical { size.height = Double(random.int(150...500)) } else { size.width = Double(random.int(150...500)) }
        } else {
            if vertical { size.width = Double(random.int(150...500)) } else { size.height = Double(random.int(150...500)) }
        }
        _ = try state.setViewportSize(size)
        model.viewportSize = size
        model.settleColumns()
        log.append("viewport \(size)")
    }

    /// The engine's whole content, a random rect's elements and a few items'
    /// frames against the reference.
    mutating func check() throws -> [String] {
        let reference = model.layout()
        let content = state.exactContentSize()
        var issues: [String] = []
        if content != reference.contentSize { issues.append("content \(content) ≠ reference \(reference.contentSize)") }
        let whole = Rect(x: -1, y: -1, width: content.width + 2, height: content.height + 2)
        let engine = try state.layoutAttributesForElements(in: whole)
        issues += LayoutComparison.differences(engine: engine, reference: reference.attributes, tolerance: 0)
        let low = random.double(0...Swift.max(0, vertical ? content.height : content.width))
        let rect =
            vertical
            ? Rect(x: 0, y: low, width: model.viewportSize.width, height: random.double(0...400))
            : Rect(x: low, y: 0, width: random.double(0...400), height: model.viewportSize.height)
        let inRect = try state.layoutAttributesForElements(in: rect)
        issues += LayoutComparison.differences(
            engine: inRect, reference: reference.attributes.filter { $0.frame.touches(rect) }, tolerance: 0)
        let paths = model.itemPaths
        for _ in 0..<Swift.min(3, paths.count) {
            let path = paths[random.int(0...(paths.count - 1))]
            let frame = try state.layoutAttributesForItem(at: path).frame
            let expected = reference.attributes.first { $0.category == .cell && $0.indexPath == path }!.frame
            if frame != expected { issues.append("item \(path): \(frame) ≠ reference \(expected)") }
        }
        for (s, section) in model.sections.enumerated() where section.waterfall != nil {
            waterfallItemsChecked += section.sizes.count
            _ = s
        }
        return issues
    }
}
