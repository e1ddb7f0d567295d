/// The state before a batch, as the batch needs it once applied: to refuse it
/// (content past the limit) and to read the frames before of elements that
/// come into view from outside the rect (`flow-layout.md` 10.5).
///
/// A copy of the whole state would do both, and shares every node until
/// written; but then the batch's edit copies each tree node on its path
/// instead of writing it in place, and dropping the copy releases them again:
/// about 5% of the instructions of a one-item batch in a measured million,
/// and about 10% of its time (allocation, cold memory). So a batch that
/// changes only items, and few of them, keeps instead the inverse of its
/// edits: each edit's range after the batch, with the items it replaced as
/// they were stored. The state before is rebuilt from the state after only
/// when asked for, which few batches do.
extension FlowLayoutState {
    struct PriorState {
        private enum Storage {
            /// The state before, whole.
            case kept(FlowLayoutState)
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
        /// state is borrowed, and copied only when kept whole: a batch's caller
        /// passes its own `self`, which would otherwise be copied and dropped.
        init(
            before state: borrowing FlowLayoutState, plan: BatchPlan, edits: [SectionEdits], sizing: [Int: [ItemEdit]]
        ) {
            if let inverse = Self.inverseEdits(of: edits, in: state, plan: plan, sizing: sizing) {
                storage = .inverse(
                    edits: inverse, visibleRect: state.visibleRect, hold: state.hold, counters: state.workCounters)
            } else {
                storage = .kept(copy state)
            }
        }

        /// Whether the state before is rebuilt from its inverse edits (or was,
        /// once asked for) rather than kept as a copy from the start.
        var isInverse: Bool {
            if case .inverse = storage { true } else { false }
        }

        /// Puts the state before back into `state`, the state after the batch.
        /// (A batch undone by its inverse was bounded within the content limit
        /// beforehand, so refusing one is never this path; were it, the frames
        /// would still be those before, with pending sections laid out.)
        func restore(_ state: inout FlowLayoutState) {
            switch storage {
            case .kept(let before):
                state = before
            case .inverse(let inverse, let visibleRect, let hold, let counters):
                for entry in inverse.edits { state.applyEdits(entry.edits, toSection: entry.section) }
                state.visibleRect = visibleRect
                state.hold = hold
                state.workCounters = counters
            }
        }

        /// The frame `element` had before the batch, or `nil` if it did not
        /// exist. The first call rebuilds the state before from `after`, when
        /// only its inverse was kept.
        mutating func frame(of element: ElementIdentifier, rebuiltFrom after: FlowLayoutState) -> Rect? {
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
            let frame = before.currentFrame(of: element)
            storage = .kept(before)
            return frame
        }

        /// The inverse of `edits` (by section before the batch), or `nil` when
        /// the batch must keep the state whole: it moves, inserts, deletes or
        /// reloads sections, gives sizes to sections it brings, may refine the
        /// estimate (which its inverse would not undo), replaces more than
        /// ``inverseItemLimit`` items, or may take the content past the limit.
        ///
        /// The last is decided before the batch, as size reports decide it
        /// (``FlowLayoutState/staysWithinContentLimit(growingBy:)``): a section's bound after
        /// its edits is at most its ``SectionLayout/upperBound`` before them
        /// plus, for each item an edit puts in, its extent across lines and a
        /// line spacing (``SectionExtents/upperBound(of:)`` is a sum of these).
        /// Within the limit by that margin, the batch cannot be refused, and
        /// refusing never has to lay out pending sections and then undo, which
        /// would leave them laid out.
        private static func inverseEdits(
            of edits: [SectionEdits], in state: borrowing FlowLayoutState, plan: BatchPlan,
            sizing: [Int: [ItemEdit]]
        ) -> Inverse? {
            guard plan.sections.removed.isEmpty, plan.sections.placed.isEmpty, plan.reloadedSections.isEmpty,
                sizing.isEmpty
            else { return nil }
            // How many items the batch replaces: the bound on what is read below.
            var replaced = 0
            for entry in edits {
                for edit in entry.edits { replaced += edit.range.count }
            }
            guard replaced <= inverseItemLimit else { return nil }
            // In one pass per section (its record read once, no list of them
            // kept): how much its bound may grow, what it brings with sizes,
            // and each edit's range after the batch with the items it replaces
            // as stored. The limits are checked after: a batch near them reads
            // at most ``inverseItemLimit`` sizes for nothing.
            var sized = 0
            var growth = 0.0
            let direction = state.configuration.scrollDirection
            var inverse: [SectionEdits] = []
            if replaced > 0 { inverse.reserveCapacity(edits.count) }
            for entry in edits where !entry.edits.isEmpty {
                let (section, sectionEdits) = (entry.section, entry.edits)
                let record = state.sections[section]
                let selector = state.resolved(record.metricsIndex)
                let spacing = selector.metrics.lineSpacing
                let defaultCross = Swift.max(selector.geometry.defaultCross, selector.uniformGeometry.defaultCross)
                growth += state.section(of: record).possibleGrowth
                var shift = 0
                var undo: [ItemEdit] = []
                if replaced > 0 { undo.reserveCapacity(sectionEdits.count) }
                for edit in sectionEdits {
                    for segment in edit.replacement {
                        switch segment {
                        case .defaults(let count):
                            growth += Double(count) * (defaultCross + spacing)
                        case .sized(let size):
                            sized += 1
                            growth += direction.cross(size) + spacing
                        }
                    }
                    // Insertions only: their inverse is derived when asked for.
                    guard replaced > 0 else { continue }
                    var items: [ItemSegment] = []
                    for item in edit.range {
                        items.appendMerging(ItemSegment(item: record.explicitSize(ofItem: item)))
                    }
                    undo.append(Self.undo(of: edit, shift: shift, replaced: items))
                    shift += edit.delta
                }
                if replaced > 0 { inverse.append(SectionEdits(section: plan.newIndex(ofSection: section)!, edits: undo)) }
            }
            guard state.staysWithinContentLimit(growingBy: growth) else { return nil }
            if state.options.estimateRefinement == .meanOfReportedSizes, state.configuration.isSelfSizing,
                state.sections.summary.measured + sized >= state.measuredTotals.nextRefresh
            {
                return nil
            }
            // No section moves: the numbering after the batch is the one before.
            return replaced > 0 ? .edits(inverse) : .ofInsertions(edits)
        }
    }
}
