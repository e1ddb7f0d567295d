import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Random operation sequences with the presentation options of `flow-layout.md`
/// 8 on: size reports, batches, snapshots, viewport changes, scrolls, frames,
/// option and pinning changes, scrolls to items and resting-offset queries. After every step
/// the engine's presented frames must equal the reference's for the same visible
/// rect, and every update must keep its anchor still on screen: the anchor's
/// presented kept edge moves by exactly the adjustment, a pinned header or footer
/// is never the anchor, and after a scroll to an item that item is the anchor
/// until the host scrolls elsewhere (8.4).
@Suite("Differential: operation sequences with presentation options")
struct PresentationSequenceTests {
    static let sequences = 60 * LongRuns.factor
    static let steps = 120

    @Test("random sequences with options, pinning, scrolls to items and snapping")
    func randomSequences() throws {
        let failures = try Seeds.failures(Self.sequences, from: 900_000) { seed in
            var sequence = try PresentationSequence(seed: seed)
            return try sequence.run(steps: Self.steps)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("random sequences over waterfall sections (12), with options, pinning, scrolls to items and snapping")
    func randomWaterfallSequences() throws {
        let failures = try Seeds.failures(Self.sequences / 2, from: 950_000) { seed in
            var sequence = try PresentationSequence(seed: seed, waterfall: true)
            return try sequence.run(steps: Self.steps)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }
}

/// One random sequence on an engine and its reference model, options included.
struct PresentationSequence {
    var state: FlowLayoutState
    var model: ReferenceModel
    var random: SeededRandom
    let dyadic: Bool
    var issues: [String] = []
    var log: [String] = []
    var step = 0
    /// The item a scroll to an item holds, and the edge it holds (8.4); with
    /// `either`, the other edge the engine may hold as rightly (see ``jump()``).
    var hold: (indexPath: FlowIndexPath, edge: ReferencePresentation.Edge, either: ReferencePresentation.Edge?)?
    /// The next fresh identifier for a snapshot's new section or item.
    var nextIdentifier: UInt64 = 1
    /// Whether sections are waterfall sections (`flow-layout.md` 12), every
    /// size then exact in a column (``WaterfallValues``).
    let waterfall: Bool

    init(seed: UInt64, waterfall: Bool = false) throws {
        var input = RandomLayoutCase(seed: seed, maximumSections: 8, maximumItems: 150)
        // Waterfall sequences compare exactly: a case of dyadic values.
        var next = seed
        while waterfall && !input.isDyadic {
            next &+= 1_000_003
            input = RandomLayoutCase(seed: next, maximumSections: 8, maximumItems: 150)
        }
        var random = SeededRandom(seed: seed ^ 0x0715_5EED)
        if random.chance(0.5) { input.configuration.estimatedItemSize = Size(width: 80, height: 40) }
        if input.sections.isEmpty { input.sections = [FlowSection(itemCount: 30)] }
        input.configuration = RandomPresentation.pinning(input.configuration, random: &random, dyadic: input.isDyadic)
        input.options = RandomPresentation.options(input.options, random: &random)
        if random.chance(0.3) { input.options.scrollAnchor = .lastVisibleItem }
        self.waterfall = waterfall
        if waterfall {
            let vertical = input.configuration.scrollDirection == .vertical
            let counts = WaterfallValues.columnCounts
            input.configuration = WaterfallValues.waterfall(input.configuration, columns: counts[random.int(0..<counts.count)])
            input.sections = input.sections.map { section in
                var section = WaterfallValues.exact(section, vertical: vertical)
                if random.chance(0.2) {
                    section.kind = random.chance(0.4) ? .flow : .waterfall(.count(counts[random.int(0..<counts.count)]))
                }
                return section
            }
            // A mean of reported sizes is not exact in a column.
            input.options.estimateRefinement = .off
        }
        dyadic = input.isDyadic
        state = try FlowLayoutState(
            configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
            options: input.options)
        model = ReferenceModel(
            configuration: input.configuration, options: input.options, sections: input.sections,
            viewportSize: input.viewportSize)
        self.random = random
        if random.chance(0.85) { try scroll() }
    }

    var reference: ReferencePresentation { model.presentation(estimatedItemSize: state.currentEstimatedItemSize) }

    var tolerance: Double {
        RandomPresentation.tolerance(exact: exact, dyadic: dyadic, options: model.options, contentSize: state.contentSize)
    }

    /// Exact while every input is dyadic, the visible rect included (an
    /// adjustment under snapping at scale 3 takes it off the grid of quarters).
    var exact: Bool {
        RandomPresentation.isExact(dyadic: dyadic, configuration: model.configuration, options: model.options)
            && (state.visibleRect.map { RandomPresentation.isDyadic($0.minX) && RandomPresentation.isDyadic($0.minY) } ?? true)
    }

    mutating func length(_ range: ClosedRange<Double>) -> Double {
        let value = random.double(range)
        return dyadic ? (value * 4).rounded(.down) / 4 : value
    }

    /// A random size of an item: in a waterfall sequence, exact in a column.
    mutating func itemSize(width: ClosedRange<Double> = 0...180) -> Size {
        let size = Size(width: length(width), height: length(0...120))
        return waterfall ? WaterfallValues.exact(size, vertical: model.configuration.scrollDirection == .vertical) : size
    }

    /// Runs `steps` random operations; returns what went wrong.
    mutating func run(steps: Int) throws -> [String] {
        for index in 0..<steps {
            step = index
            switch random.int(0...13) {
            case 0, 1: try reports()
            case 2: try batch()
            case 12: try snapshot()
            case 3: try viewport()
            case 4, 5: try scroll()
            case 6: try frame()
            case 7: try changeOptions()
            case 8: try changePinning()
            case 9, 10: try jump()
            case 11: try rest()
            default: break
            }
            var random = self.random
            issues += try PresentationComparison.differences(
                &state, reference: reference, tolerance: tolerance, exact: exact, queries: 1, everything: index % 10 == 0,
                offsets: false, random: &random
            ).map { "step \(step): \($0)" }
            self.random = random
            if !issues.isEmpty { return issues + ["operations before: " + log.suffix(4).joined(separator: " | ")] }
        }
        return issues
    }

    // MARK: Operations

    mutating func randomReport() -> SizeReport? {
        let items = model.itemPaths
        guard !items.isEmpty else { return nil }
        let indexPath = items[random.int(0..<items.count)]
        return SizeReport(indexPath: indexPath, size: itemSize(width: 0...(random.chance(0.1) ? 700 : 180)))
    }

    mutating func reports() throws {
        let reports = (0..<(random.chance(0.3) ? 12 : 1)).compactMap { _ in randomReport() }
        guard !reports.isEmpty else {
            // No item to report (every section empty): an update that changes nothing anchors nothing.
            let update = try state.reportSizes([])
            if update.anchor != nil || update.contentOffsetAdjustment != .zero {
                issues.append(
                    "step \(step) reports: no reports, yet anchor \(String(describing: update.anchor)), adjustment \(update.contentOffsetAdjustment)"
                )
            }
            return
        }
        let before = reference
        let framesBefore = model.layout(estimatedItemSize: state.currentEstimatedItemSize).attributes
        let update = try state.reportSizes(reports)
        model.apply(reports)
        log.append("step \(step) reports \(reports.map { "\($0.indexPath)=\($0.size)" })")
        // Reports of the sizes items already have change nothing, and anchor nothing.
        if update.anchor == nil, update.contentOffsetAdjustment == .zero,
            model.layout(estimatedItemSize: state.currentEstimatedItemSize).attributes == framesBefore
        {
            model.visibleRect = state.visibleRect
            return
        }
        checkAnchor(update, before: before, label: "reports")
    }

    mutating func batch() throws {
        var batch = RandomBatch.valid(
            over: model, operations: random.int(1...4), random: &random, dyadic: dyadic, maximumItems: 250, redundantForms: true,
            sizedMoves: true)
        if waterfall { batch = WaterfallValues.exact(batch, vertical: model.configuration.scrollDirection == .vertical) }
        let before = reference
        let visibleBefore = model.visibleRect
        let result = try state.performBatchUpdates(batch)
        model.apply(batch)
        log.append("step \(step) batch \(batch)")
        checkBatch(result, before: before, visibleBefore: visibleBefore, label: "batch")
    }

    /// A snapshot of the content as it stands, changed at random: sections
    /// deleted, inserted and swapped, items deleted, inserted, moved within
    /// and across sections, given sizes and reloaded (11.2, 11.3). A layout
    /// without identifiers (at the start, or after a batch that brought
    /// content without any) takes the snapshot whole. The reference applies
    /// the batch the snapshot was applied as.
    mutating func snapshot() throws {
        func fresh() -> FlowIdentifier {
            defer { nextIdentifier += 1 }
            return FlowIdentifier(nextIdentifier)
        }
        var sections: [FlowSnapshot.Section] = []
        if let identifiers = state.sectionIdentifiers {
            var total = 0
            for (q, id) in identifiers.enumerated() where !random.chance(0.1) {
                var items: [FlowIdentifier] = []
                var sizes: [FlowIdentifier: Size] = [:]
                var reloaded: [FlowIdentifier] = []
                for item in try state.itemIdentifiers(inSection: q) ?? [] where !random.chance(0.08) {
                    items.append(item)
                    if random.chance(0.1) { sizes[item] = itemSize() }
                    if random.chance(0.05) { reloaded.append(item) }
                }
                for _ in 0..<random.int(0...2) where !items.isEmpty {
                    // A move within the section, which may carry a size given above.
                    let item = items.remove(at: random.int(0..<items.count))
                    items.insert(item, at: random.int(0...items.count))
                }
                for _ in 0..<random.int(0...3) where total + items.count < 250 {
                    let item = fresh()
                    if random.chance(0.5) { sizes[item] = itemSize() }
                    items.insert(item, at: random.int(0...items.count))
                }
                total += items.count
                sections.append(FlowSnapshot.Section(id: id, items: items, sizes: sizes, reloaded: reloaded))
            }
            if sections.count > 1, random.chance(0.3) {
                // An item moved across sections, with a new size or not.
                let from = random.int(0..<sections.count)
                let to = random.int(0..<sections.count)
                if from != to, !sections[from].items.isEmpty {
                    let item = sections[from].items.remove(at: random.int(0..<sections[from].items.count))
                    sections[from].reloaded.removeAll { $0 == item }
                    sections[to].items.insert(item, at: random.int(0...sections[to].items.count))
                    if let size = sections[from].sizes.removeValue(forKey: item) { sections[to].sizes[item] = size }
                    if random.chance(0.5) { sections[to].sizes[item] = itemSize() }
                }
            }
            if sections.count > 1, random.chance(0.2) { sections.swapAt(0, sections.count - 1) }
        }
        if sections.isEmpty || random.chance(0.1) {
            // A new section of new items, at the default size.
            let section = FlowSnapshot.Section(id: fresh(), items: (0..<random.int(0...12)).map { _ in fresh() })
            sections.insert(section, at: random.int(0...sections.count))
        }
        let before = reference
        let visibleBefore = model.visibleRect
        let applied = try state.apply(FlowSnapshot(sections: sections))
        model.apply(applied.batch)
        log.append("step \(step) snapshot as \(applied.batch)")
        checkBatch(applied.result, before: before, visibleBefore: visibleBefore, label: "snapshot")
    }

    /// Checks a batch's result (10.4, 7.4): the end followed when the rule
    /// says so, else the anchor still on screen and never a pinned element.
    mutating func checkBatch(_ result: BatchUpdateResult, before: ReferencePresentation, visibleBefore: Rect?, label: String) {
        hold = nil
        if let visibleBefore,
            let adjustment = Self.endAdjustment(before: before, after: reference, visibleRect: visibleBefore, follows: true)
        {
            model.visibleRect = state.visibleRect
            checkEnd(result.update, adjustment: adjustment, visibleBefore: visibleBefore, label: label)
            return
        }
        // The anchor is renumbered by the batch: only its category can be checked
        // against the frames before, and its kept edge against the frames after.
        if let anchor = result.update.anchor, before.isPinned(anchor.category) {
            issues.append("step \(step) \(label): the pinned \(anchor) anchored")
        }
        model.visibleRect = state.visibleRect
        if let anchor = result.update.anchor, let old = result.update.previousAnchorFrame,
            let new = reference.attributes(of: anchor)?.frame
        {
            let edge: ReferencePresentation.Edge = model.options.scrollAnchor == .firstVisibleItem ? .leading : .trailing
            checkMove(from: before.edge(edge, of: old), to: reference.edge(edge, of: new), update: result.update, label: label)
        }
    }

    mutating func viewport() throws {
        let direction = model.configuration.scrollDirection
        let main = length(20...700)
        let cross = length(20...900)
        let size = direction == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
        let before = reference
        // A change across the lines alone changes no frame: no anchor is needed.
        let sameLines = direction == .vertical ? size.width == model.viewportSize.width : size.height == model.viewportSize.height
        let update = try state.setViewportSize(size)
        model.viewportSize = size
        log.append("step \(step) viewport \(size)")
        let visibleBefore = model.visibleRect ?? Rect(origin: .zero, size: before.viewportSize)
        let end = Self.endAdjustment(before: before, after: reference, visibleRect: visibleBefore, follows: true)
        if sameLines && end == nil {
            model.visibleRect = state.visibleRect
            if update.anchor != nil || update.contentOffsetAdjustment != .zero {
                issues.append(
                    "step \(step) viewport: lines unchanged, yet anchor \(String(describing: update.anchor)), adjustment \(update.contentOffsetAdjustment)"
                )
            }
        } else {
            checkAnchor(update, before: before, label: "viewport")
        }
        if var rect = state.visibleRect {
            rect.size = size
            try state.setVisibleRect(rect)
            model.visibleRect = rect
        }
    }

    mutating func scroll() throws {
        let rect = RandomPresentation.visibleRect(
            contentSize: state.contentSize, viewportSize: model.viewportSize, direction: model.configuration.scrollDirection,
            random: &random, dyadic: dyadic)
        if rect.origin != state.visibleRect?.origin { hold = nil }
        try state.setVisibleRect(rect)
        model.visibleRect = rect
        log.append("step \(step) scroll \(rect)")
    }

    mutating func frame() throws {
        guard let rect = state.visibleRect else { return try scroll() }
        let reports = (0..<random.int(0...4)).compactMap { _ in randomReport() }
        let moved =
            random.chance(0.3)
            ? rect : Rect(x: rect.minX + length(-30...30), y: rect.minY + length(-30...30), width: rect.width, height: rect.height)
        if moved.origin != rect.origin { hold = nil }
        model.visibleRect = moved
        let before = reference
        let result = try state.performFrame(FrameRequest(visibleRect: moved, sizeReports: reports))
        model.apply(reports)
        log.append("step \(step) frame \(moved) reports \(reports.map { "\($0.indexPath)=\($0.size)" })")
        if !reports.isEmpty { checkAnchor(result.update, before: before, label: "frame") }
        model.visibleRect = state.visibleRect
        let expected = reference.elements(in: result.visibleRect)
        issues += LayoutComparison.rectQueryDifferences(
            engine: result.elements, reference: expected, rect: result.visibleRect, tolerance: tolerance
        ).map { "step \(step) frame elements: \($0)" }
    }

    mutating func changeOptions() throws {
        var options = RandomPresentation.options(model.options, random: &random)
        if random.chance(0.2) { options.lineAlignment = random.pick(LineAlignment.allCases) }
        if waterfall { options.estimateRefinement = .off }
        let before = reference
        let update = try state.setOptions(options)
        model.options = options
        log.append("step \(step) options \(options.layoutDirection) scale \(options.displayScale) \(options.snapping)")
        checkAnchor(update, before: before, label: "options")
    }

    mutating func changePinning() throws {
        let configuration = RandomPresentation.pinning(model.configuration, random: &random, dyadic: dyadic)
        let before = reference
        let update = try state.setConfiguration(configuration)
        model.configuration = configuration
        log.append(
            "step \(step) pinning \(configuration.sectionHeadersPinToVisibleBounds)/\(configuration.sectionFootersPinToVisibleBounds) header \(configuration.headerReferenceSize) footer \(configuration.footerReferenceSize)"
        )
        checkAnchor(update, before: before, label: "pinning", next: configuration)
    }

    /// A scroll to a random item at a random position; the host usually goes
    /// there, and then the engine holds the item.
    mutating func jump() throws {
        let items = model.itemPaths
        guard !items.isEmpty else { return }
        let indexPath = items[random.int(0..<items.count)]
        let position = random.pick(ScrollPosition.allCases)
        let offset = try state.contentOffset(forItemAt: indexPath, position: position)
        let expected = reference.contentOffset(forItemAt: indexPath, position: position, hostContentSize: state.contentSize)
        log.append("step \(step) jump \(indexPath) \(position) → \(offset)")
        if !PresentationComparison.close(offset, expected.offset, tolerance) {
            issues.append("step \(step) jump to \(indexPath) \(position): engine \(offset) ≠ reference \(expected.offset)")
        }
        var rect = state.visibleRect ?? Rect(origin: .zero, size: model.viewportSize)
        // `nearest` keeps V (holding the leading edge) when the item shows
        // whole, else scrolls to the nearer edge and holds that one. With
        // inexact sums, an item with an edge at V's may show whole by one
        // count and not by the other (a last-bit difference): one holds the
        // leading edge and the other the trailing one, both rightly.
        let atEdge =
            !exact && position == .nearest
            && LayoutComparison.close(direction(of: rect.origin), direction(of: offset), max(tolerance, 1e-9))
        let either: ReferencePresentation.Edge? = atEdge ? (expected.kept == .leading ? .trailing : .leading) : nil
        if random.chance(0.85) { rect.origin = offset }
        hold = rect.origin == offset ? (indexPath, expected.kept, either) : nil
        try state.setVisibleRect(rect)
        model.visibleRect = rect
    }

    /// Resting offsets for a few random proposals and velocities.
    mutating func rest() throws {
        var random = self.random
        issues += try PresentationComparison.differences(
            &state, reference: reference, tolerance: tolerance, exact: exact, queries: 0, everything: false, random: &random)
        self.random = random
        let direction = model.configuration.scrollDirection
        for _ in 0..<3 {
            let along = RandomPresentation.proposal(reference, random: &self.random, exact: exact)
            let proposed = direction == .vertical ? Point(x: 0, y: along) : Point(x: along, y: 0)
            let velocity = RandomPresentation.velocity(direction: direction, random: &self.random)
            let actual = try state.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
            let expected = reference.targetContentOffset(
                forProposedContentOffset: proposed, velocity: velocity, hostContentSize: state.contentSize)
            if !PresentationComparison.close(actual, expected, tolerance) {
                issues.append(
                    "step \(step) \(model.options.snapping) rest \(proposed) at \(velocity): engine \(actual) ≠ reference \(expected)")
            }
        }
    }

    // MARK: Checks

    /// An update kept its anchor still: the anchor is the held item, or else the
    /// first (last) visible element that does not pin, and its presented kept edge
    /// moved by exactly the adjustment; the visible rect moved by it too.
    mutating func checkAnchor(
        _ update: LayoutUpdate, before: ReferencePresentation, label: String, next: FlowLayoutConfiguration? = nil
    ) {
        let visibleBefore = model.visibleRect
        model.visibleRect = state.visibleRect
        guard let visibleBefore else {
            if update.anchor != nil { issues.append("step \(step) \(label): an anchor without a visible rect") }
            return
        }
        if let adjustment = Self.endAdjustment(
            before: before, after: reference, visibleRect: visibleBefore, follows: next == nil && label != "options")
        {
            checkEnd(update, adjustment: adjustment, visibleBefore: visibleBefore, label: label)
            return
        }
        let expected =
            hold.map { ElementIdentifier(category: .cell, indexPath: $0.indexPath) } ?? before.anchorElement(before: next)?.identifier
        if let anchor = update.anchor, before.isPinned(anchor.category) || reference.isPinned(anchor.category) {
            issues.append("step \(step) \(label): the pinned \(anchor) anchored")
        }
        if exact, update.anchor != expected {
            issues.append("step \(step) \(label): anchor \(String(describing: update.anchor)), expected \(String(describing: expected))")
            return
        }
        let moved = Rect(
            x: visibleBefore.minX + update.contentOffsetAdjustment.x, y: visibleBefore.minY + update.contentOffsetAdjustment.y,
            width: visibleBefore.width, height: visibleBefore.height)
        if let now = state.visibleRect,
            !(LayoutComparison.close(now.minX, moved.minX, tolerance) && LayoutComparison.close(now.minY, moved.minY, tolerance))
        {
            issues.append("step \(step) \(label): visible rect \(now), expected \(moved)")
        }
        guard let anchor = update.anchor, let old = before.attributes(of: anchor)?.frame,
            let new = reference.attributes(of: anchor)?.frame
        else {
            if update.anchor == nil, update.contentOffsetAdjustment != .zero {
                issues.append("step \(step) \(label): adjustment \(update.contentOffsetAdjustment) without an anchor")
            }
            return
        }
        let edge = hold?.edge ?? (model.options.scrollAnchor == .firstVisibleItem ? .leading : .trailing)
        if let either = hold?.either,
            movesBy(update, from: before.edge(either, of: old), to: reference.edge(either, of: new))
        {
            return
        }
        checkMove(from: before.edge(edge, of: old), to: reference.edge(edge, of: new), update: update, label: label)
    }

    /// The offset along the scroll axis of `point`.
    func direction(of point: Point) -> Double { model.configuration.scrollDirection == .vertical ? point.y : point.x }

    /// The adjustment along the scroll axis the end decides (`flow-layout.md`
    /// 7.4, 8.6), read from the reference before and after an update made
    /// with V at `visibleRect`: 0 for content at the end shorter than the
    /// viewport (which, following the end, is at its end: the change of the
    /// content's extent, 0 while it stays shorter); the change of the
    /// content's extent while following the end (0 when the end is at the
    /// origin, mirrored along the scroll axis); `nil` when the anchor decides.
    static func endAdjustment(
        before: ReferencePresentation, after: ReferencePresentation, visibleRect: Rect, follows: Bool
    ) -> Double? {
        let vertical = before.configuration.scrollDirection == .vertical
        let extent = vertical ? before.contentSize.height : before.contentSize.width
        let afterExtent = vertical ? after.contentSize.height : after.contentSize.width
        let following = follows && before.options.followsEnd
        // Content at the end, shorter than the viewport: fixed, or, following, at its end.
        if before.shift > 0 { return following && !before.leadsFromMax ? afterExtent - extent : 0 }
        guard following else { return nil }
        let low = vertical ? visibleRect.minY : visibleRect.minX
        let high = vertical ? visibleRect.maxY : visibleRect.maxX
        guard extent > high - low else { return nil }
        if before.leadsFromMax { return low <= 0.5 ? 0 : nil }
        guard high >= extent - 0.5 else { return nil }
        return afterExtent - extent
    }

    /// An update the end decided: no anchor, the adjustment `adjustment`
    /// along the scroll axis, V moved by it.
    mutating func checkEnd(_ update: LayoutUpdate, adjustment: Double, visibleBefore: Rect, label: String) {
        let vertical = model.configuration.scrollDirection == .vertical
        let actual = vertical ? update.contentOffsetAdjustment.y : update.contentOffsetAdjustment.x
        let across = vertical ? update.contentOffsetAdjustment.x : update.contentOffsetAdjustment.y
        if update.anchor != nil || across != 0 || !LayoutComparison.close(actual, adjustment, max(tolerance, exact ? 0 : 1e-9)) {
            issues.append(
                "step \(step) \(label): the end decides an adjustment of \(adjustment) and no anchor; got \(update.contentOffsetAdjustment), anchor \(String(describing: update.anchor))"
            )
        }
        if let now = state.visibleRect {
            let expected = (vertical ? visibleBefore.minY : visibleBefore.minX) + actual
            if !LayoutComparison.close(vertical ? now.minY : now.minX, expected, tolerance) {
                issues.append("step \(step) \(label): visible rect \(now) did not move by the adjustment")
            }
        }
    }

    /// The anchor's kept edge moved from `old` to `new`: by the adjustment.
    mutating func checkMove(from old: Double, to new: Double, update: LayoutUpdate, label: String) {
        if !movesBy(update, from: old, to: new) {
            let adjustment = direction(of: update.contentOffsetAdjustment)
            issues.append("step \(step) \(label): anchor \(String(describing: update.anchor)) moved \(new - old), adjustment \(adjustment)")
        }
    }

    /// Whether an edge from `old` to `new` moved by the update's adjustment.
    func movesBy(_ update: LayoutUpdate, from old: Double, to new: Double) -> Bool {
        abs((new - old) - direction(of: update.contentOffsetAdjustment)) <= max(tolerance, exact ? 0 : 1e-9)
    }
}
