import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Random operation sequences — size reports (single and in batches), viewport
/// changes, scrolls and queries — applied to the engine; after every step its
/// answers must equal the eager reference laid out with the same sizes, and every
/// update must keep its anchor still.
@Suite("Differential: operation sequences")
struct SelfSizingDifferentialTests {
    /// Short sequences: many configurations.
    static let shortSequences = 60 * LongRuns.factor
    static let shortSteps = 200
    /// One long sequence over one configuration.
    static let longSteps = 10_000 * LongRuns.factor

    @Test("many short random sequences")
    func shortRandomSequences() throws {
        var failures = 0
        for seed in 0..<UInt64(Self.shortSequences) {
            let issues = try Self.run(seed: 1_000 + seed, steps: Self.shortSteps, maximumItems: 300)
            if !issues.isEmpty {
                failures += 1
                Issue.record("sequence seed \(1_000 + seed): \(issues.prefix(4).joined(separator: "; "))")
                if failures >= 3 { break }
            }
        }
    }

    @Test("one long random sequence of 10,000 steps")
    func longRandomSequence() throws {
        let issues = try Self.run(seed: 77, steps: Self.longSteps, maximumItems: 200, fullCheckEvery: 50)
        #expect(issues.isEmpty, "\(issues.prefix(4))")
    }

    /// Runs one random sequence and returns what went wrong.
    static func run(seed: UInt64, steps: Int, maximumItems: Int, fullCheckEvery: Int = 10) throws -> [String] {
        var input = RandomLayoutCase(seed: seed, maximumSections: 12, maximumItems: maximumItems)
        var random = SeededRandom(seed: seed ^ 0x5EED)
        if random.chance(0.7) { input.configuration.estimatedItemSize = Size(width: 80, height: 40) }
        if input.sections.isEmpty { input.sections = [FlowSection(itemCount: 30)] }
        var options = FlowLayoutOptions()
        if random.chance(0.3) { options.scrollAnchor = .lastVisibleItem }
        if random.chance(0.2) { options.estimateRefinement = .meanOfReportedSizes }
        // A mean of reported sizes is no longer a small multiple of 1/4.
        let dyadic = input.isDyadic && options.estimateRefinement == .off
        var state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
            options: options)
        var model = ReferenceModel(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize)
        let items: [FlowIndexPath] = input.sections.enumerated().flatMap { s, section in
            (0..<section.itemCount).map { FlowIndexPath(item: $0, section: s) }
        }
        var issues: [String] = []
        func length(_ range: ClosedRange<Double>) -> Double {
            let value = random.double(range)
            return dyadic ? (value * 4).rounded(.down) / 4 : value
        }
        func randomReport() -> SizeReport {
            let indexPath = items[random.int(0...(items.count - 1))]
            let size: Size
            switch random.int(0...5) {
            case 0: size = state.configuration.isSelfSizing ? state.currentEstimatedItemSize : state.configuration.itemSize
            case 1: size = input.sections[indexPath.section].itemSizes?[indexPath.item] ?? Size(width: 80, height: length(10...90))
            case 2: size = Size(width: 80, height: length(10...90))  // height only, when vertical
            case 3: size = Size(width: length(0...(random.chance(0.1) ? 900 : 200)), height: 40)
            default: size = Size(width: length(0...200), height: length(0...120))
            }
            return SizeReport(indexPath: indexPath, size: size)
        }

        for step in 0..<steps {
            var tolerance = 0.0
            func check(_ label: String, full: Bool) throws {
                let reference = model.layout(estimatedItemSize: state.currentEstimatedItemSize)
                tolerance = dyadic ? 0 : LayoutComparison.tolerance(contentSize: reference.contentSize)
                let extent = max(reference.contentSize.width, reference.contentSize.height)
                let rect = DifferentialTests.randomRect(&random, contentSize: reference.contentSize, extent: extent)
                issues += LayoutComparison.rectQueryDifferences(
                    engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect),
                    rect: rect, tolerance: tolerance
                ).map { "step \(step) \(label): \($0)" }
                if !items.isEmpty {
                    let indexPath = items[random.int(0...(items.count - 1))]
                    let actual = try state.layoutAttributesForItem(at: indexPath)
                    let expected = reference.attributes.first { $0.category == .cell && $0.indexPath == indexPath }!
                    if !LayoutComparison.same(actual, expected, tolerance: tolerance) {
                        issues.append("step \(step) \(label): item \(actual) ≠ reference \(expected)")
                    }
                }
                if full {
                    let size = state.exactContentSize()
                    if !LayoutComparison.close(size.width, reference.contentSize.width, tolerance)
                        || !LayoutComparison.close(size.height, reference.contentSize.height, tolerance)
                    {
                        issues.append("step \(step) \(label): content size \(size) ≠ \(reference.contentSize)")
                    }
                    issues += LayoutComparison.differences(
                        engine: try state.layoutAttributesForElements(in: .infinite),
                        reference: reference.attributes, tolerance: tolerance
                    ).map { "step \(step) \(label): \($0)" }
                }
            }
            /// Checks that an update kept its anchor still: the anchor's edge moved
            /// by exactly the adjustment.
            func checkAnchor(_ update: LayoutUpdate, before: [ElementIdentifier: Rect], label: String) throws {
                guard let anchor = update.anchor, let old = before[anchor] else { return }
                let new: Rect
                if anchor.category == .cell {
                    new = try state.layoutAttributesForItem(at: anchor.indexPath).frame
                } else {
                    new = try state.layoutAttributesForSupplementaryElement(ofKind: anchor.category == .header ? .header : .footer, at: anchor.indexPath)!.frame
                }
                let direction = state.configuration.scrollDirection
                let leading = options.scrollAnchor == .firstVisibleItem
                let oldEdge = leading ? direction == .vertical ? old.minY : old.minX : direction == .vertical ? old.maxY : old.maxX
                let newEdge = leading ? direction == .vertical ? new.minY : new.minX : direction == .vertical ? new.maxY : new.maxX
                let moved = newEdge - oldEdge
                let adjustment = direction == .vertical ? update.contentOffsetAdjustment.y : update.contentOffsetAdjustment.x
                if abs(moved - adjustment) > max(1e-9, tolerance) {
                    issues.append("step \(step) \(label): anchor \(anchor) moved \(moved), adjustment \(adjustment)")
                }
            }
            func visibleFrames() throws -> [ElementIdentifier: Rect] {
                guard let rect = state.visibleRect else { return [:] }
                return Dictionary(
                    try state.layoutAttributesForElements(in: rect).map { ($0.identifier, $0.frame) },
                    uniquingKeysWith: { a, _ in a })
            }

            switch random.int(0...9) {
            case 0...3 where !items.isEmpty:
                let reports = (0..<(random.chance(0.3) ? 20 : 1)).map { _ in randomReport() }
                let before = try visibleFrames()
                let update = try state.reportSizes(reports)
                model.apply(reports)
                try checkAnchor(update, before: before, label: "reports")
            case 4:
                let direction = state.configuration.scrollDirection
                let main = length(20...700)
                let cross = length(20...900)
                let size = direction == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
                let before = try visibleFrames()
                let update = try state.setViewportSize(size)
                model.viewportSize = size
                if var rect = state.visibleRect {
                    rect.size = size
                    try state.setVisibleRect(rect)
                }
                try checkAnchor(update, before: before, label: "viewport")
            case 5, 6:
                let size = state.exactContentSize()
                let rect = Rect(
                    x: random.double(-50...(size.width + 50)), y: random.double(-50...(size.height + 50)),
                    width: state.viewportSize.width, height: state.viewportSize.height)
                try state.setVisibleRect(rect)
            case 7 where !items.isEmpty:
                // A whole frame: scroll a little and report what became visible.
                guard let rect = state.visibleRect else { break }
                let reports = (0..<random.int(0...5)).map { _ in randomReport() }
                let moved = Rect(
                    x: rect.minX + length(-30...30), y: rect.minY + length(-30...30), width: rect.width,
                    height: rect.height)
                try state.setVisibleRect(moved)
                let beforeMoved = try visibleFrames()
                let result = try state.performFrame(FrameRequest(visibleRect: moved, sizeReports: reports))
                model.apply(reports)
                try checkAnchor(result.update, before: beforeMoved, label: "frame")
                let expected = try state.layoutAttributesForElements(in: result.visibleRect)
                if expected != result.elements { issues.append("step \(step) frame: elements differ from a rect query") }
            default:
                break
            }
            try check("after op", full: step % fullCheckEvery == 0)
            if !issues.isEmpty { return issues }
        }
        return issues
    }
}
