import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Random operation sequences — size reports (single and in batches), batch
/// updates of every kind (and broken ones, refused), viewport changes, scrolls,
/// frames and queries — applied to the engine; after every step its answers
/// must equal the eager reference laid out from the same data, every update
/// must keep its anchor still, a batch's anchor must be the one `flow-layout.md`
/// 10.4 names, and its transitions must hold the frames before and after.
@Suite("Differential: operation sequences")
struct SelfSizingDifferentialTests {
    /// Short sequences: many configurations.
    static let shortSequences = 70 * LongRuns.factor
    static let shortSteps = 200
    /// One long sequence over one configuration.
    static let longSteps = 10_000 * LongRuns.factor

    @Test("many short random sequences, with batches")
    func shortRandomSequences() throws {
        let failures = try Seeds.failures(Self.shortSequences, from: 1_000) { seed in
            var sequence = try OperationSequence(seed: seed, maximumItems: 300)
            return try sequence.run(steps: Self.shortSteps)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("one long random sequence of 10,000 steps, with batches")
    func longRandomSequence() throws {
        var sequence = try OperationSequence(seed: 77, maximumItems: 200)
        let issues = try sequence.run(steps: Self.longSteps, fullCheckEvery: 50)
        #expect(issues.isEmpty, "\(issues.prefix(4))")
    }
}

/// One random sequence of operations on an engine and its reference model.
struct OperationSequence {
    var state: FlowLayoutState
    var model: ReferenceModel
    var random: SeededRandom
    let options: FlowLayoutOptions
    /// Whether every value is a small multiple of 1/4, so frames compare exactly.
    let dyadic: Bool
    var issues: [String] = []
    var step = 0
    /// The operations applied, for a failure's report.
    var log: [String] = []
    /// Batches applied, and refused.
    private(set) var batches = 0
    private(set) var refusals = 0

    init(seed: UInt64, maximumItems: Int) throws {
        var input = RandomLayoutCase(seed: seed, maximumSections: 12, maximumItems: maximumItems)
        var random = SeededRandom(seed: seed ^ 0x5EED)
        if random.chance(0.7) { input.configuration.estimatedItemSize = Size(width: 80, height: 40) }
        if input.sections.isEmpty { input.sections = [FlowSection(itemCount: 30)] }
        var options = input.options
        if random.chance(0.3) { options.scrollAnchor = .lastVisibleItem }
        if random.chance(0.2) { options.estimateRefinement = .meanOfReportedSizes }
        self.options = options
        // A mean of reported sizes is no longer a small multiple of 1/4.
        dyadic = input.isDyadic && options.estimateRefinement == .off
        state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
            options: options)
        model = ReferenceModel(
            configuration: input.configuration, options: options, sections: input.sections,
            viewportSize: input.viewportSize)
        self.random = random
    }

    mutating func length(_ range: ClosedRange<Double>) -> Double {
        let value = random.double(range)
        return dyadic ? (value * 4).rounded(.down) / 4 : value
    }

    /// The tolerance of frame comparisons: 0 for dyadic values, else 1e-9 of the
    /// content extent (the engine's, which agrees with the reference's to far
    /// better than that).
    var tolerance: Double {
        dyadic ? 0 : LayoutComparison.tolerance(contentSize: state.contentSize)
    }

    mutating func randomReport() -> SizeReport? {
        let items = model.itemPaths
        guard !items.isEmpty else { return nil }
        let indexPath = items[random.int(0...(items.count - 1))]
        let size: Size
        switch random.int(0...5) {
        case 0: size = state.configuration.isSelfSizing ? state.currentEstimatedItemSize : state.configuration.itemSize
        case 1: size = model.sections[indexPath.section].sizes[indexPath.item] ?? Size(width: 80, height: length(10...90))
        case 2: size = Size(width: 80, height: length(10...90))  // height only, when vertical
        case 3: size = Size(width: length(0...(random.chance(0.1) ? 900 : 200)), height: 40)
        default: size = Size(width: length(0...200), height: length(0...120))
        }
        return SizeReport(indexPath: indexPath, size: size)
    }

    /// Runs `steps` random operations; returns what went wrong.
    mutating func run(steps: Int, fullCheckEvery: Int = 10) throws -> [String] {
        for index in 0..<steps {
            step = index
            switch random.int(0...11) {
            case 0...2: try reports()
            case 3, 4: try batch()
            case 5: try brokenBatch()
            case 6: try viewport()
            case 7, 8: try scroll()
            case 9: try frame()
            default: break
            }
            try check(full: index % fullCheckEvery == 0)
            if !issues.isEmpty { return issues + ["operations before: " + log.suffix(3).joined(separator: " | ")] }
        }
        return issues
    }

    // MARK: Operations

    mutating func reports() throws {
        let reports = (0..<(random.chance(0.3) ? 20 : 1)).compactMap { _ in randomReport() }
        let before = try visibleFrames()
        let update = try state.reportSizes(reports)
        model.apply(reports)
        log.append("step \(step) reports \(reports.map { "\($0.indexPath)=\($0.size)" })")
        try checkAnchor(update, before: before, label: "reports")
    }

    mutating func batch() throws {
        let batch = RandomBatch.valid(
            over: model, operations: random.int(1...6), random: &random, dyadic: dyadic, redundantForms: true, sizedMoves: true)
        let oldModel = model
        let oldEstimate = state.currentEstimatedItemSize
        let visible = state.visibleRect
        let result = try state.performBatchUpdates(batch)
        model.apply(batch)
        log.append("step \(step) batch \(batch)")
        batches += 1
        try checkBatch(result, batch: batch, oldModel: oldModel, oldEstimate: oldEstimate, visible: visible)
    }

    mutating func brokenBatch() throws {
        let valid = RandomBatch.valid(over: model, operations: random.int(1...4), random: &random, dyadic: dyadic)
        let (broken, path) = RandomBatch.broken(valid, over: model, random: &random)
        var copy = state
        let before = try copy.layoutAttributesForElements(in: .infinite)
        let visible = state.visibleRect
        do {
            _ = try state.performBatchUpdates(broken)
            issues.append("step \(step): a broken batch was accepted (\(path))")
        } catch {
            refusals += 1
            if !error.path.hasPrefix(path) { issues.append("step \(step): refusal names \(error.path), expected \(path)") }
            if try state.layoutAttributesForElements(in: .infinite) != before || state.visibleRect != visible {
                issues.append("step \(step): a refused batch changed the layout")
            }
        }
    }

    mutating func viewport() throws {
        let direction = state.configuration.scrollDirection
        let main = length(20...700)
        let cross = length(20...900)
        let size = direction == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
        let before = try visibleFrames()
        let update = try state.setViewportSize(size)
        model.viewportSize = size
        log.append("step \(step) viewport \(size)")
        if var rect = state.visibleRect {
            rect.size = size
            try state.setVisibleRect(rect)
        }
        try checkAnchor(update, before: before, label: "viewport")
    }

    mutating func scroll() throws {
        let size = state.contentSize
        let rect = Rect(
            x: random.double(-50...(size.width + 50)), y: random.double(-50...(size.height + 50)),
            width: state.viewportSize.width, height: state.viewportSize.height)
        try state.setVisibleRect(rect)
    }

    mutating func frame() throws {
        guard let rect = state.visibleRect else { return }
        let reports = (0..<random.int(0...5)).compactMap { _ in randomReport() }
        let moved = Rect(
            x: rect.minX + length(-30...30), y: rect.minY + length(-30...30), width: rect.width, height: rect.height)
        try state.setVisibleRect(moved)
        let before = try visibleFrames()
        let result = try state.performFrame(FrameRequest(visibleRect: moved, sizeReports: reports))
        model.apply(reports)
        log.append("step \(step) frame \(moved) reports \(reports.map { "\($0.indexPath)=\($0.size)" })")
        try checkAnchor(result.update, before: before, label: "frame")
        let expected = try state.layoutAttributesForElements(in: result.visibleRect)
        if expected != result.elements { issues.append("step \(step) frame: elements differ from a rect query") }
    }

    // MARK: Checks

    /// Every frame, the content size and random rect and item queries agree with the reference.
    mutating func check(full: Bool) throws {
        let reference = model.layout(estimatedItemSize: state.currentEstimatedItemSize)
        let tolerance = dyadic ? 0 : LayoutComparison.tolerance(contentSize: reference.contentSize)
        let extent = max(reference.contentSize.width, reference.contentSize.height)
        let rect = DifferentialTests.randomRect(&random, contentSize: reference.contentSize, extent: extent)
        issues += LayoutComparison.rectQueryDifferences(
            engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect),
            rect: rect, tolerance: tolerance
        ).map { "step \(step): \($0)" }
        let items = model.itemPaths
        if !items.isEmpty {
            let indexPath = items[random.int(0...(items.count - 1))]
            let actual = try state.layoutAttributesForItem(at: indexPath)
            let expected = reference.attributes.first { $0.category == .cell && $0.indexPath == indexPath }!
            if !LayoutComparison.same(actual, expected, tolerance: tolerance) {
                issues.append("step \(step): item \(actual) ≠ reference \(expected)")
            }
        }
        if state.numberOfSections != model.sections.count {
            issues.append("step \(step): \(state.numberOfSections) sections, reference \(model.sections.count)")
        } else {
            for (s, section) in model.sections.enumerated() where try state.numberOfItems(inSection: s) != section.sizes.count {
                issues.append(
                    "step \(step): section \(s) has \(try state.numberOfItems(inSection: s)) items, reference \(section.sizes.count)")
                break
            }
        }
        if full {
            let size = state.exactContentSize()
            if !LayoutComparison.close(size.width, reference.contentSize.width, tolerance)
                || !LayoutComparison.close(size.height, reference.contentSize.height, tolerance)
            {
                issues.append("step \(step): content size \(size) ≠ \(reference.contentSize)")
            }
            issues += LayoutComparison.differences(
                engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes,
                tolerance: tolerance
            ).map { "step \(step): \($0)" }
        }
    }

    func edge(_ frame: Rect) -> Double {
        let direction = state.configuration.scrollDirection
        let leading = options.scrollAnchor == .firstVisibleItem
        return leading ? direction == .vertical ? frame.minY : frame.minX : direction == .vertical ? frame.maxY : frame.maxX
    }

    func offset(_ point: Point) -> Double {
        state.configuration.scrollDirection == .vertical ? point.y : point.x
    }

    /// An update kept its anchor still: the anchor's edge moved by exactly the adjustment.
    mutating func checkAnchor(_ update: LayoutUpdate, before: [ElementIdentifier: Rect], label: String) throws {
        guard let anchor = update.anchor, let old = before[anchor] else { return }
        let new = try frame(of: anchor)
        let moved = edge(new) - edge(old)
        if abs(moved - offset(update.contentOffsetAdjustment)) > max(1e-9, tolerance) {
            issues.append("step \(step) \(label): anchor \(anchor) moved \(moved), adjustment \(offset(update.contentOffsetAdjustment))")
        }
    }

    mutating func frame(of element: ElementIdentifier) throws -> Rect {
        if element.category == .cell { return try state.layoutAttributesForItem(at: element.indexPath).frame }
        let kind: SupplementaryKind = element.category == .header ? .header : .footer
        return try state.layoutAttributesForSupplementaryElement(ofKind: kind, at: element.indexPath)!.frame
    }

    mutating func visibleFrames() throws -> [ElementIdentifier: Rect] {
        guard let rect = state.visibleRect else { return [:] }
        return Dictionary(
            try state.layoutAttributesForElements(in: rect).map { ($0.identifier, $0.frame) }, uniquingKeysWith: { a, _ in a })
    }

    /// A batch's anchor is the first element in view before it (the last, for
    /// the last visible item) that survives in place (10.4), found here from the
    /// models' identities; it kept its edge; the transitions hold every element in
    /// view before or after with its frames (10.5).
    mutating func checkBatch(
        _ result: BatchUpdateResult, batch: BatchUpdate, oldModel: ReferenceModel, oldEstimate: Size, visible: Rect?
    ) throws {
        let tolerance = max(1e-9, self.tolerance)
        let oldReference = oldModel.layout(estimatedItemSize: oldEstimate)
        let newReference = model.layout(estimatedItemSize: state.currentEstimatedItemSize)
        let adjustment = result.update.contentOffsetAdjustment
        guard let visible else {
            if result.update.anchor != nil { issues.append("step \(step) batch: an anchor without a visible rect") }
            return
        }
        // 10.4 by identities: moved items and sections do not survive in place.
        let movedItemIDs = Set(batch.movedItems.map { oldModel.itemIDs[$0.from.section][$0.from.item] })
        let movedSectionIDs = Set(batch.movedSections.map { oldModel.sectionIDs[$0.from] })
        var newCell: [Int: FlowIndexPath] = [:]
        for (s, ids) in model.itemIDs.enumerated() {
            for (i, id) in ids.enumerated() { newCell[id] = FlowIndexPath(item: i, section: s) }
        }
        let newSection = Dictionary(uniqueKeysWithValues: model.sectionIDs.enumerated().map { ($1, $0) })
        let newIDs = Set(newReference.attributes.map(\.identifier))
        var candidates = oldReference.elements(in: visible)
        if options.scrollAnchor == .lastVisibleItem { candidates.reverse() }
        var expected: (old: LayoutAttributes, new: ElementIdentifier)?
        for candidate in candidates {
            let sectionID = oldModel.sectionIDs[candidate.indexPath.section]
            guard !movedSectionIDs.contains(sectionID), let section = newSection[sectionID] else { continue }
            let identifier: ElementIdentifier
            if candidate.category == .cell {
                let id = oldModel.itemIDs[candidate.indexPath.section][candidate.indexPath.item]
                guard !movedItemIDs.contains(id), let path = newCell[id] else { continue }
                identifier = ElementIdentifier(category: .cell, indexPath: path)
            } else {
                identifier = ElementIdentifier(category: candidate.category, indexPath: FlowIndexPath(item: 0, section: section))
            }
            guard newIDs.contains(identifier) else { continue }
            expected = (candidate, identifier)
            break
        }
        if result.update.anchor != expected?.new {
            issues.append(
                "step \(step) batch: anchor \(String(describing: result.update.anchor)), expected \(String(describing: expected?.new))")
            return
        }
        if let expected {
            let newFrame = newReference.attributes.first { $0.identifier == expected.new }!.frame
            let moved = edge(newFrame) - edge(expected.old.frame)
            if abs(moved - offset(adjustment)) > tolerance {
                issues.append("step \(step) batch: anchor moved \(moved), adjustment \(offset(adjustment))")
            }
        } else if adjustment != .zero {
            issues.append("step \(step) batch: adjustment \(adjustment) without an anchor")
        }
        // 10.5: every element in view before or after, with both frames.
        let after = Rect(x: visible.minX + adjustment.x, y: visible.minY + adjustment.y, width: visible.width, height: visible.height)
        if state.visibleRect.map({ abs($0.minX - after.minX) > tolerance || abs($0.minY - after.minY) > tolerance }) ?? true {
            issues.append("step \(step) batch: visible rect \(String(describing: state.visibleRect)), expected \(after)")
        }
        func shifted(_ frame: Rect) -> Rect {
            Rect(x: frame.minX + adjustment.x, y: frame.minY + adjustment.y, width: frame.width, height: frame.height)
        }
        func close(_ a: Rect?, _ b: Rect?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return LayoutComparison.close(a.minX, b.minX, tolerance) && LayoutComparison.close(a.minY, b.minY, tolerance)
                && LayoutComparison.close(a.width, b.width, tolerance) && LayoutComparison.close(a.height, b.height, tolerance)
        }
        let oldFrames = Dictionary(oldReference.attributes.map { ($0.identifier, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let newFrames = Dictionary(newReference.attributes.map { ($0.identifier, $0.frame) }, uniquingKeysWith: { a, _ in a })
        for transition in result.transitions {
            if let frame = transition.after,
                !close(frame, newFrames[ElementIdentifier(category: transition.category, indexPath: transition.indexPath)])
            {
                issues.append("step \(step) batch: transition \(transition) after ≠ reference")
            }
            if let frame = transition.before, let previous = transition.previousIndexPath,
                !close(frame, oldFrames[ElementIdentifier(category: transition.category, indexPath: previous)].map(shifted))
            {
                issues.append("step \(step) batch: transition \(transition) before ≠ reference")
            }
        }
        let previousPaths = Set(
            result.transitions.compactMap { t in t.previousIndexPath.map { ElementIdentifier(category: t.category, indexPath: $0) } })
        let currentPaths = Set(
            result.transitions.filter { $0.after != nil }.map { ElementIdentifier(category: $0.category, indexPath: $0.indexPath) })
        for element in oldReference.elements(in: visible) where !previousPaths.contains(element.identifier) {
            issues.append("step \(step) batch: no transition for \(element.identifier) in view before")
        }
        // Elements near the edge of the adjusted rect may differ by a rounding.
        for element in newReference.elements(in: after) where !currentPaths.contains(element.identifier) {
            if !LayoutComparison.nearEdge(element.frame, of: after, tolerance: tolerance) {
                issues.append("step \(step) batch: no transition for \(element.identifier) in view after")
            }
        }
    }
}
