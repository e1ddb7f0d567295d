/// A batch update (`flow-layout.md` 10) as one anchored change: the data
/// changes, applied incrementally, with the anchor kept still and the frames
/// to animate. ``FlowLayoutState/update(_:)`` drives steps 2 to 4, and the
/// batch's caller asks for step 5:
///
/// 1. Check and plan, once, before anything changes (``init(_:in:sizing:readsView:)``):
///    every operation (``BatchPlan``), and the content limit by a bound on
///    what the batch may add (``growth``). A batch that fails is refused
///    with the state untouched; one that might pass the limit is applied to
///    a copy (the one way to undo).
/// 2. Capture (``captureAnchor(in:)``): the elements in view, the anchor's
///    candidates (10.4); with the cells around the rect and their lines when
///    the batch changes one section's items (`BatchChange+View.swift`).
/// 3. Apply (``apply(to:)``): keep what rebuilds the state before
///    (``PriorState``: the inverse edits of a batch of few items, else a
///    copy); sections leave and enter the section tree (O(log S) each); each
///    section whose items change is re-broken from its first changed line
///    until its lines are back in step. Then, where the batch cannot have
///    changed them, the elements in view after are taken from those before.
/// 4. Anchor: the first element in view before that survives in place keeps
///    its edge on screen (``survivor(of:)``, ``knownFrame(of:)``).
/// 5. Transitions (``transitions(adjustment:in:)``): frames before and after
///    of what is in view before or after (10.5; `BatchChange+Transitions.swift`).
struct BatchChange: AnchoredChange {
    /// The batch's plan.
    let plan: BatchPlan
    /// Its item edits, by section before the batch.
    let edits: [SectionEdits]
    /// Sizes for sections the batch brings whole, by index after it: how a
    /// snapshot's sizes reach them.
    let sizing: [Int: [ItemEdit]]
    /// Whether the batch reads what is in view (anchor, transitions); an
    /// interactive move does not (UIKit keeps the content offset), nor a
    /// host's supply of content it had left out.
    let readsView: Bool
    /// Whether a batch that does not read the view still ends a scroll to an
    /// item (as every batch that reads it does).
    let endsScrollTarget: Bool
    /// How much the batch may grow the content's bounds in all.
    let growth: Double
    /// Whether the batch changes the items of one section and nothing else.
    let changesOneSection: Bool
    /// Whether that section's changes may move its cells: some edit starts
    /// at one of the items it had (not only items added after its last, as a
    /// chat's new message). Only then are the cells around the rect read with their
    /// lines (``readView(_:into:in:)``), to be moved (``movedView(_:previousWidth:section:change:in:)``).
    let mayMoveCells: Bool

    /// Step 2: the elements in view before, in element order.
    private(set) var before: [LayoutAttributes] = []
    /// Around the rect, the cells and their lines, when the batch may only
    /// move them.
    var around: CellsAround?
    /// The anchor's candidates.
    private var capture: AnchorCapture?
    /// Step 3: what rebuilds the state before.
    private var prior: PriorState?
    /// The elements in view after, when taken from those before or read
    /// where the rect still is (step 4); and the cells around the rect moved
    /// through the batch.
    var inView: [TransitionEntry]?
    /// How many elements lead both the view before and `inView` unchanged
    /// (the same element, at the same frame): step 5 need not look them up.
    var unchangedInView = 0
    var moved: MovedView?

    /// Step 1: the change of `plan` (checked against `sections`), with
    /// `sizing` for the sections it brings whole.
    init(
        _ plan: __owned BatchPlan, in sections: SectionList, sizing: __owned [Int: [ItemEdit]] = [:],
        readsView: Bool = true, endsScrollTarget: Bool = true
    ) {
        // Everything is worked out in locals, then stored at once: reading a
        // stored property before the last one is set made the compiler build
        // the change in a temporary and copy it whole (368 bytes and a
        // retain of each reference) into place.
        let edits = plan.itemEdits(in: sections)
        let changesOneSection = sizing.isEmpty && plan.changesItemsOfOneSection(edits)
        let mayMoveCells =
            changesOneSection
            && edits.contains { entry in
                entry.edits.first.map { $0.range.lowerBound < sections[entry.section].itemCount } ?? false
            }
        let growth = Self.growth(of: plan, edits: edits, sizing: sizing, in: sections)
        self.growth = growth
        self.changesOneSection = changesOneSection
        self.mayMoveCells = mayMoveCells
        self.readsView = readsView
        self.endsScrollTarget = endsScrollTarget
        self.edits = edits
        self.plan = plan
        self.sizing = sizing
    }

    /// How much `plan` may grow the content's bounds in all (`flow-layout.md`
    /// 9): each changed section's possible growth with the items its edits
    /// put in, and the bound of each section the batch brings (with the sizes
    /// `sizing` gives it). Sections removed only shrink it.
    private static func growth(
        of plan: BatchPlan, edits: [SectionEdits], sizing: [Int: [ItemEdit]], in sections: SectionList
    ) -> Double {
        var growth = 0.0
        for entry in edits where !entry.edits.isEmpty {
            growth += sections.section(entry.section).possibleGrowth(adding: entry.edits)
        }
        for (_, content) in plan.reloadedSections { growth += sections.upperBound(ofNew: content.section, sums: content.sums) }
        for (new, content) in plan.insertedSections {
            growth += sections.upperBound(ofNew: content.section, sums: content.sums, adding: sizing[new] ?? [])
        }
        if !sizing.isEmpty {
            for (old, content) in plan.reloadedSections {
                guard let new = plan.newIndex(ofSection: old), let sized = sizing[new] else { continue }
                growth += sections.upperBound(ofNew: content.section, sums: content.sums, adding: sized)
            }
        }
        return growth
    }

    // MARK: Steps 2 to 4

    /// Step 2: the elements in view before the batch, the anchor's
    /// candidates (10.4); none for a batch that does not read the view (the
    /// visible rect then stays where it is).
    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? {
        guard readsView else {
            guard endsScrollTarget else { return nil }
            return AnchorCapture(candidates: nil, kept: .leading, pinned: (false, false), keepsTarget: false, startsHold: false)
        }
        if let rect = state.visibleRect {
            before.reserveCapacity(BatchChange.elementsInViewCapacity)
            if mayMoveCells {
                around = Self.readView(rect, into: &before, in: &state)
            } else {
                state.forEachElement(in: rect) {
                    before.append($0)
                    return true
                }
            }
        }
        capture = .batch(inView: before, options: state.options, configuration: state.configuration)
        return capture
    }

    /// Step 3: applies the batch, within the content limit (checked by its
    /// bound beforehand; near the limit, on a copy), keeping what rebuilds
    /// the state before; then takes what it can of the view after from the
    /// view before.
    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        let previousWidth = state.contentSize.width
        let estimate = state.currentEstimatedItemSize
        let changed: (section: Int, change: LineChange)?
        if readsView { prior = priorState(of: &state) }
        if state.sections.staysWithinContentLimit(growingBy: growth) {
            changed = Self.apply(plan, edits: edits, sizing: sizing, to: &state.sections)
        } else {
            let (plan, edits, sizing) = (plan, edits, sizing)
            changed = try state.changeAtomically { (next) throws(FlowLayoutError) in
                let changed = Self.apply(plan, edits: edits, sizing: sizing, to: &next.sections)
                try next.sections.enforceContentLimit(path: "")
                return changed
            }
        }
        guard readsView, let capture else { return }
        // When the batch changed one section's lines only inside or past the
        // rect, or only before what was around it, the elements in view after
        // it come from those before it (BatchChange+View.swift).
        if changesOneSection, let changed, state.currentEstimatedItemSize == estimate {
            if let (entries, unchanged) = viewAfter(
                previousWidth: previousWidth, section: changed.section, kept: changed.change.kept, in: &state)
            {
                inView = entries
                unchangedInView = unchanged
            }
            if inView == nil, let around {
                moved = Self.movedView(
                    around, previousWidth: previousWidth, section: changed.section, change: changed.change, in: &state)
            }
        }
        // When the batch changes nothing up to the first candidate (a chat's
        // new message below the last one in view), the elements in view after
        // are read now, where the rect still is: the anchor's frame is found
        // among them, and if the anchor kept its place they are step 5's.
        if inView == nil && moved == nil, let candidate = capture.firstCandidate, candidate.category == .cell,
            plan.leavesInPlace(upTo: candidate.indexPath)
        {
            inView = Self.entriesInView(reserving: before.count, in: &state)
        }
    }

    /// What rebuilds the state before the batch, for the frames before of
    /// elements not in view before: the inverse edits when the batch changes
    /// few items (so that the batch finds its trees unshared and writes them
    /// in place, ``PriorState``); else `state` itself, kept: a batch that
    /// might pass the content limit is applied to a copy anyway.
    func priorState(of state: inout FlowLayoutState) -> PriorState {
        guard state.sections.staysWithinContentLimit(growingBy: growth) else { return PriorState(keeping: copy state) }
        return PriorState(before: &state, plan: plan, edits: edits, sizing: sizing)
    }

    /// Step 4: an element survives in place when the batch neither deletes
    /// nor moves it nor its section (10.4).
    func survivor(of element: ElementIdentifier) -> ElementIdentifier? { plan.survivorInPlace(element) }

    /// Step 4: the frame after the batch of an element of the view after
    /// taken in step 3.
    func knownFrame(of element: ElementIdentifier) -> Rect? {
        moved?.frame(of: element) ?? inView.flatMap { $0.cellFrame(of: element) }
    }

    /// Step 3: moves sections in and out of the tree, then applies each
    /// section's item edits. Returns the last section whose items changed and
    /// what changed in its lines (``SectionLayout/applyEdits(_:)``): the
    /// caller uses it when that section is the only change.
    @discardableResult
    static func apply(
        _ plan: BatchPlan, edits: [SectionEdits], sizing: [Int: [ItemEdit]], to sections: inout SectionList
    ) -> (section: Int, change: LineChange)? {
        // Sections leave, last first so that indexes stay valid; moved ones are kept.
        var moving: [Int: SectionRecord] = [:]
        for old in plan.sections.removed.reversed() {
            let record = sections.remove(at: old)
            if plan.sectionMovedTo[old] != nil { moving[old] = record }
        }
        // Reloaded sections are replaced where they stand.
        for (old, content) in plan.reloadedSections {
            let record = sections.makeRecord(for: content.section, sums: content.sums)
            sections.replace(at: old - Reorder.countBelow(old, in: plan.sections.removed), with: record)
        }
        // Sections enter at their index after the batch, in ascending order.
        for new in plan.sections.placed {
            let record: SectionRecord
            if let old = plan.sectionMovedFrom[new] {
                record = moving[old]!
            } else {
                let content = plan.insertedSections[new]!
                record = sections.makeRecord(for: content.section, sums: content.sums)
            }
            sections.insert(record, at: new)
        }
        // Items change inside the sections that stay.
        var changed: (section: Int, change: LineChange)?
        for entry in edits where !entry.edits.isEmpty {
            let q = plan.newIndex(ofSection: entry.section)!
            changed = (q, sections.applyEdits(entry.edits, toSection: q))
        }
        for (new, sectionEdits) in sizing where !sectionEdits.isEmpty {
            // Laid out when a query first reaches it, as a section given with
            // per-item sizes is: its sizes are only packed now.
            sections.markPending(new)
            sections.applyEdits(sectionEdits, toSection: new)
        }
        sections.refineEstimateIfDue()
        return changed
    }

    /// The elements in view a batch's lists are first sized for: a screen of
    /// small items, so that collecting them rarely grows a list.
    static let elementsInViewCapacity = 64

    // MARK: Step 5

    /// Step 5, once the update has anchored the batch and moved the visible
    /// rect by `adjustment`: the transitions of every element in view before
    /// or after the batch (10.5).
    mutating func transitions(adjustment: Point, in state: inout FlowLayoutState) -> [ElementTransition] {
        guard readsView else { return [] }
        if let moved {
            inView = Self.inView(moved, adjustment: adjustment, reserving: before.count, in: &state)
        } else if adjustment != .zero {
            inView = nil  // the rect moved: what is in view is read again
            unchangedInView = 0
        }
        var prior = prior.take()!
        defer { self.prior = prior }
        return transitionsThroughBatch(prior: &prior, adjustment: adjustment, in: &state)
    }
}
