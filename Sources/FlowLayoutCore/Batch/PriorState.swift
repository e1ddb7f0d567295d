/// The state before a batch, as the batch needs it once applied: to read the
/// frames before of elements that come into view from outside the rect
/// (`flow-layout.md` 10.5). (Never to refuse it: a batch is checked whole
/// before it changes anything, the content limit by a bound; one that might
/// pass the limit is applied to a copy, which is then the state before.)
///
/// A copy of the whole state would do, and shares every node until
/// written; but then the batch's edit copies each tree node on its path
/// instead of writing it in place, and dropping the copy releases them again:
/// about 5% of the instructions of a one-item batch in a measured million,
/// and about 10% of its time (allocation, cold memory). So a batch that
/// changes only items, and few of them, keeps instead the inverse of its
/// edits: each edit's range after the batch, with the items it replaced as
/// they were stored. The state before is rebuilt from the state after only
/// when asked for, which few batches do.
struct PriorState {
    private enum Storage {
        /// The state before, whole (boxed, so that the storage moves cheaply).
        indirect case kept(FlowLayoutState)
        /// What rebuilds it from the state after: the inverse edits by
        /// section (numbered after the batch, which is the same numbering:
        /// no section moves), and the fields the batch moves besides items.
        case inverse(edits: Inverse, visibleRect: Rect?, hold: AnchorHold?, counters: LayoutWorkCounters)
    }

    /// The inverse of a batch's item edits.
    private enum Inverse {
        /// Each edit's range after the batch, with the items it replaced as stored.
        case edits([SectionEdits])
        /// The batch's own edits, every one an insertion: undone by removing
        /// what each put in, which needs nothing read before the batch, so
        /// the inverse is only built when asked for (most batches never do).
        case ofInsertions([SectionEdits])

        var edits: [SectionEdits] {
            switch self {
            case .edits(let edits):
                return edits
            case .ofInsertions(let insertions):
                return insertions.compactMap { entry in
                    guard !entry.edits.isEmpty else { return nil }
                    var shift = 0
                    let undo = entry.edits.map { edit in
                        defer { shift += edit.delta }
                        return PriorState.undo(of: edit, shift: shift, replaced: [])
                    }
                    return SectionEdits(section: entry.section, edits: undo)
                }
            }
        }
    }

    /// The edit that undoes `edit`, the edits before it in its section
    /// having moved its items by `shift`: its range after the batch, given
    /// back the items it replaced.
    private static func undo(of edit: ItemEdit, shift: Int, replaced: [ItemSegment]) -> ItemEdit {
        let start = edit.range.lowerBound + shift
        return ItemEdit(range: start..<(start + edit.range.count + edit.delta), replacement: replaced)
    }

    private var storage: Storage

    /// The most items a batch may replace and still be undone by its
    /// inverse: reading each one's size before is O(log R), so a larger
    /// batch is cheaper kept whole.
    static let inverseItemLimit = 64

    /// Keeps what rebuilds `state`, which `plan` (with the edits by section
    /// before it and the sizes `sizing` gives) is about to change. The
    /// state is only read (`inout`, since a state passed borrowed is copied
    /// whole), and copied only when kept whole.
    init(
        before state: inout FlowLayoutState, plan: BatchPlan, edits: [SectionEdits], sizing: [Int: [ItemEdit]]
    ) {
        if let inverse = Self.inverseEdits(of: edits, in: &state, plan: plan, sizing: sizing) {
            storage = .inverse(
                edits: inverse, visibleRect: state.visibleRect, hold: state.hold, counters: state.workCounters)
        } else {
            storage = .kept(copy state)
        }
    }

    /// Keeps `state` whole: the copy a batch that might pass the content
    /// limit was applied beside.
    init(keeping state: FlowLayoutState) {
        storage = .kept(state)
    }

    /// Whether the state before is rebuilt from its inverse edits (or was,
    /// once asked for) rather than kept as a copy from the start.
    var isInverse: Bool {
        if case .inverse = storage { true } else { false }
    }

    /// Puts the state before back into `state`, the state after the batch.
    func restore(_ state: inout FlowLayoutState) {
        switch storage {
        case .kept(let before):
            state = before
        case .inverse(let inverse, let visibleRect, let hold, let counters):
            for entry in inverse.edits { state.sections.applyEdits(entry.edits, toSection: entry.section) }
            state.visibleRect = visibleRect
            state.hold = hold
            state.workCounters = counters
        }
    }

    /// The frame `element` had before the batch (`now` after it), or `nil`
    /// if it did not exist. The first call rebuilds the state before from
    /// `after`, when only its inverse was kept, unless the batch only
    /// inserted items into one waterfall section and `element` is one of its
    /// cells: that frame is read from the state after
    /// (``frameBeforeInsertions(now:_:after:)``).
    mutating func frame(
        of element: ElementIdentifier, now: ElementIdentifier, rebuiltFrom after: inout FlowLayoutState
    ) -> Rect? {
        if case .inverse(.ofInsertions(let insertions), _, _, _) = storage,
            let frame = Self.frameBeforeInsertions(now: now, insertions, after: &after)
        {
            return frame
        }
        var before: FlowLayoutState
        switch storage {
        case .kept(let state):
            before = state
        case .inverse:
            before = after
            restore(&before)
        }
        // The state is taken out while it is read (reading may lay out a
        // pending section), so that the read does not copy what it writes.
        storage = .inverse(edits: .edits([]), visibleRect: nil, hold: nil, counters: LayoutWorkCounters())
        let frame = before.frame(of: element)
        storage = .kept(before)
        return frame
    }

    /// The frame the cell `now` (numbered after the batch) had before a batch
    /// whose edits, `insertions`, only inserted items into one waterfall
    /// section, the cell's, presented alike before and after (nothing
    /// mirrored along the scroll axis or by a width that may change, content
    /// at the start): the section starts where it did, and each inserted item
    /// moved only the items after it in its column (12.3 c). `nil` when that
    /// does not apply.
    private static func frameBeforeInsertions(
        now: ElementIdentifier, _ insertions: [SectionEdits], after state: inout FlowLayoutState
    ) -> Rect? {
        let q = now.indexPath.section
        let changed = insertions.filter { !$0.edits.isEmpty }
        guard now.category == .cell, changed.count == 1, changed[0].section == q, state.sections.isWaterfall(q),
            !state.mirrorsAlongScrollAxis, state.options.contentAlignment == .start,
            state.options.layoutDirection == .leftToRight || state.configuration.scrollDirection == .vertical
        else { return nil }
        // The inserted items, numbered after the batch: each edit's range is numbered before it.
        var inserted: [Int] = []
        var shift = 0
        for edit in changed[0].edits {
            let start = edit.range.lowerBound + shift
            inserted.append(contentsOf: start..<(start + edit.delta))
            shift += edit.delta
        }
        guard let natural = state.sections.locatedSection(q).waterfallFrame(ofItem: now.indexPath.item, lessInserted: inserted)
        else { return nil }
        let presentation = state.presentation()
        return presentation.isIdentity ? natural : presentation.present(natural)
    }

    /// The inverse of `edits` (by section before the batch), or `nil` when
    /// the batch must keep the state whole: it moves, inserts, deletes or
    /// reloads sections, gives sizes to sections it brings, may refine the
    /// estimate (which its inverse would not undo), changes a waterfall
    /// section's items (whose columns an inverse would not give back), or
    /// replaces more than ``inverseItemLimit`` items. (A batch that might pass the content limit
    /// never comes here: ``BatchChange`` applies it to a copy, which is then
    /// the state before.)
    private static func inverseEdits(
        of edits: [SectionEdits], in state: inout FlowLayoutState, plan: BatchPlan,
        sizing: [Int: [ItemEdit]]
    ) -> Inverse? {
        guard plan.sections.removed.isEmpty, plan.sections.placed.isEmpty, plan.reloadedSections.isEmpty,
            sizing.isEmpty
        else { return nil }
        // How many items the batch replaces, and brings with sizes: the bound
        // on what is read below, and what may refine the estimate.
        var replaced = 0
        var sized = 0
        for entry in edits {
            for edit in entry.edits {
                replaced += edit.range.count
                for case .sized in edit.replacement { sized += 1 }
            }
        }
        guard replaced <= inverseItemLimit, !state.sections.mayRefineEstimate(measuring: sized) else { return nil }
        // Insertions only: undone by removing what each put in, which reads
        // nothing before the batch (and moves no other item of a waterfall
        // section to another column, 12.3 c); their inverse is derived when
        // asked for.
        guard replaced > 0 else { return .ofInsertions(edits) }
        // Any other edit of a waterfall section would have to give back the
        // columns of what it replaced: its state before is kept whole.
        guard !edits.contains(where: { state.sections.isWaterfall($0.section) }) else { return nil }
        // Each edit's range after the batch with the items it replaces as
        // stored, one section's record read once.
        var inverse: [SectionEdits] = []
        inverse.reserveCapacity(edits.count)
        for entry in edits where !entry.edits.isEmpty {
            let record = state.sections[entry.section]
            var shift = 0
            var undo: [ItemEdit] = []
            undo.reserveCapacity(entry.edits.count)
            for edit in entry.edits {
                var items: [ItemSegment] = []
                for item in edit.range {
                    items.appendMerging(ItemSegment(item: record.explicitSize(ofItem: item)))
                }
                undo.append(Self.undo(of: edit, shift: shift, replaced: items))
                shift += edit.delta
            }
            // No section moves: the numbering after the batch is the one before.
            inverse.append(SectionEdits(section: plan.newIndex(ofSection: entry.section)!, edits: undo))
        }
        return .edits(inverse)
    }
}
