/// Batch updates (`flow-layout.md` 10): the data changes, applied incrementally,
/// with the anchor kept still and the frames to animate.
///
/// The steps:
/// 1. Check the whole batch and plan it (``plan(_:)``): nothing changes if any
///    operation is refused.
/// 2. Note the elements in view and keep what rebuilds the state as it was
///    (``PriorState``: the inverse edits of a batch of few items, else a copy).
/// 3. Apply: sections leave and enter the section tree (O(log S) each); each
///    section whose items change is re-broken from its first changed line until
///    its lines are back in step (``applyEdits(_:toSection:)``).
/// 4. Anchor: the first element in view before the batch that survives it in
///    place keeps its edge on screen (10.4).
/// 5. Transitions: before and after frames of what is in view before or after (10.5).
extension FlowLayoutState {
    /// Applies a batch of section and item deletions, insertions, moves and
    /// reloads, keeps the anchor still, and returns the frames to animate.
    ///
    /// Item identifiers (`flow-layout.md` 11.1) follow the items a batch
    /// deletes, moves and reloads; a batch that inserts an item or a section,
    /// or reloads a section, brings content without identifiers and leaves the
    /// layout without any (``sectionIdentifiers`` is then `nil`).
    ///
    /// - Throws: ``FlowLayoutError`` naming the first bad operation (its field
    ///   path: `insertItems[0].item`), or the content limit; nothing is applied.
    /// - Complexity: O(log S) per section inserted, deleted or moved; per section
    ///   whose items change, O(log R) per change plus the items re-broken until the
    ///   lines are back in step; O(k · log) for the k elements in view before and
    ///   after. Nothing off screen is laid out beyond what the changes need.
    public mutating func performBatchUpdates(_ batch: BatchUpdate) throws(FlowLayoutError) -> BatchUpdateResult {
        // Identifiers follow the items the batch names, when it names them all
        // (FlowLayoutState+Identity.swift).
        let named = identity == nil ? nil : try? plan(batch)
        let result = try performBatchUpdates(batch, inView: true)
        identity = named.flatMap { identity(after: $0) }
        checkIdentity()
        return result
    }

    /// Moves one item, as a batch of that one move does, but without anchoring
    /// or transitions: the visible rect stays where it is and nothing in view
    /// is read. For a host that moves an item while the user drags it (UIKit's
    /// interactive movement keeps the content offset), step after step. An
    /// item with an identifier keeps it (`flow-layout.md` 11.1).
    ///
    /// - Throws: ``FlowLayoutError`` for an index path out of range (at
    ///   `moveItems[0].from` or `moveItems[0].to`); nothing changes.
    /// - Complexity: O(log S + log R) plus the items re-broken in the one or
    ///   two sections until their lines are back in step.
    public mutating func moveItem(at indexPath: FlowIndexPath, to newIndexPath: FlowIndexPath) throws(FlowLayoutError)
        -> LayoutUpdate
    {
        var batch = BatchUpdate()
        batch.moveItem(at: indexPath, to: newIndexPath)
        let update = try performBatchUpdates(batch, inView: false).update
        moveIdentifier(at: indexPath, to: newIndexPath)
        return update
    }

    /// ``performBatchUpdates(_:)``; without `inView` (a batch of item moves
    /// only), steps 2, 4 and 5 are skipped. With `sizing`, in sections
    /// inserted or reloaded, the sizes it gives (by section index after the
    /// batch) before anchoring: how a snapshot's sizes reach sections it brings
    /// whole.
    mutating func performBatchUpdates(
        _ batch: BatchUpdate, inView: Bool = true, sizing: [Int: [ItemEdit]] = [:]
    ) throws(FlowLayoutError) -> BatchUpdateResult {
        // 1. Check and plan.
        let plan = try plan(batch)
        let edits = plan.items.map { SectionEdits(section: $0.key, edits: itemEdits(for: $0.value, section: $0.key)) }
        // 2. What is in view, and the state as it was.
        let previousContentSize = contentSize
        var before: [LayoutAttributes] = []
        // Around the rect, the cells and their lines, when the batch may only
        // move them (FlowLayoutState+BatchView.swift).
        var around: CellsAround?
        let oneSection = sizing.isEmpty && plan.changesItemsOfOneSection(edits)
        if inView, let rect = visibleRect {
            before.reserveCapacity(Self.elementsInViewCapacity)
            if oneSection {
                around = readView(rect, into: &before)
            } else {
                forEachElement(in: rect) {
                    before.append($0)
                    return true
                }
            }
        }
        guard inView else {
            // No copy of the state is kept (it would make every write copy the
            // tree nodes it touches): a batch over the limit is undone by its
            // inverse, which lays out the same lines again.
            apply(plan, edits: edits)
            if !isWithinContentLimit {
                do {
                    try enforceContentLimit(path: "")
                } catch {
                    var inverse = BatchUpdate()
                    for move in batch.movedItems { inverse.moveItem(at: move.to, to: move.from) }
                    let undo = try self.plan(inverse)
                    apply(undo, edits: undo.items.map { SectionEdits(section: $0.key, edits: itemEdits(for: $0.value, section: $0.key)) })
                    throw error
                }
            }
            checkInvariants()
            let update = LayoutUpdate(
                contentOffsetAdjustment: .zero, previousContentSize: previousContentSize, contentSize: contentSize,
                anchor: nil, previousAnchorFrame: nil)
            return BatchUpdateResult(update: update, transitions: [])
        }
        // The state as it was, for refusal and for the frames before of
        // elements not in view before: rebuilt by the inverse edits when the
        // batch changes few items, so that the edit below finds its tree
        // unshared and writes it in place (PriorState).
        var prior = PriorState(before: self, plan: plan, edits: edits, sizing: sizing)
        let estimate = currentEstimatedItemSize
        // 3. Apply.
        let edited = apply(plan, edits: edits, sizing: sizing)
        let kept = oneSection ? edited : nil
        if !isWithinContentLimit {
            do {
                try enforceContentLimit(path: "")
            } catch {
                prior.restore(&self)
                throw error
            }
        }
        // 4. Anchor: the first element in view before that survives in place.
        // When the batch changes nothing up to the first candidate (a chat's
        // new message below the last one in view), the elements in view after
        // are read first, where the rect is now: the anchor's frame is found
        // among them, and if the anchor kept its place they are step 5's.
        // When the batch changed one section's lines only inside or past the
        // rect, or only before what was around it, the elements in view after
        // it come from those before it (FlowLayoutState+BatchView.swift).
        let anchor = captureAnchor(among: before)
        var inView: [TransitionEntry]?
        var moved: MovedView?
        if let kept, currentEstimatedItemSize == estimate {
            inView = viewAfter(before, previousWidth: previousContentSize.width, section: kept.section, kept: kept.change.kept)
            if inView == nil, let around {
                moved = movedView(around, previousWidth: previousContentSize.width, section: kept.section, change: kept.change)
            }
        }
        if inView == nil && moved == nil, let candidate = anchor.firstCandidate, candidate.category == .cell,
            plan.leavesInPlace(upTo: candidate.indexPath)
        {
            inView = entriesInView(reserving: before.count)
        }
        let update = finishUpdate(
            anchor: anchor, previousContentSize: previousContentSize, renumbering: { plan.survivorInPlace($0) },
            knownFrame: { identifier in
                moved?.frame(of: identifier) ?? inView.flatMap { $0.cellFrame(of: identifier) }
            })
        let adjustment = update.contentOffsetAdjustment
        if let moved {
            inView = self.inView(moved, adjustment: adjustment, reserving: before.count)
        } else if adjustment != .zero {
            inView = nil  // the rect moved: what is in view is read again
        }
        // 5. Transitions.
        let transitions = transitionsThroughBatch(
            before: before, plan: plan, prior: &prior, adjustment: adjustment, inView: consume inView)
        checkInvariants()
        return BatchUpdateResult(update: update, transitions: transitions)
    }

    /// Step 3: moves sections in and out of the tree, then applies each
    /// section's item edits. Returns the last section whose items changed and
    /// what changed in its lines (``SectionLayout/applyEdits(_:)``): the
    /// caller uses it when that section is the only change.
    @discardableResult
    private mutating func apply(
        _ plan: BatchPlan, edits: [SectionEdits], sizing: [Int: [ItemEdit]] = [:]
    ) -> (section: Int, change: LineChange)? {
        // Sections leave, last first so that indexes stay valid; moved ones are kept.
        var moving: [Int: SectionRecord] = [:]
        for old in plan.sections.removed.reversed() {
            let record = sections.remove(at: old)
            if plan.sectionMovedTo[old] != nil { moving[old] = record }
            workCounters.sectionsTouched += 1
        }
        // Reloaded sections are replaced where they stand.
        for (old, content) in plan.reloadedSections {
            let record = makeRecord(for: content.section, sums: content.sums)
            sections.modify(at: old - Reorder.countBelow(old, in: plan.sections.removed)) { $0 = record }
            workCounters.sectionsTouched += 1
        }
        // Sections enter at their index after the batch, in ascending order.
        for new in plan.sections.placed {
            let record: SectionRecord
            if let old = plan.sectionMovedFrom[new] {
                record = moving[old]!
            } else {
                let content = plan.insertedSections[new]!
                record = makeRecord(for: content.section, sums: content.sums)
            }
            sections.insert(record, at: new)
            workCounters.sectionsTouched += 1
        }
        // Items change inside the sections that stay.
        var kept: (section: Int, change: LineChange)?
        for entry in edits where !entry.edits.isEmpty {
            let q = plan.newIndex(ofSection: entry.section)!
            kept = (q, applyEdits(entry.edits, toSection: q))
        }
        for (new, sectionEdits) in sizing where !sectionEdits.isEmpty {
            // Laid out when a query first reaches it, as a section given with
            // per-item sizes is: its sizes are only packed now.
            sections.modify(at: new) { $0.isPending = true }
            applyEdits(sectionEdits, toSection: new)
        }
        refineEstimateIfDue()
        return kept
    }

    /// One element that exists after a batch and is in view before or after
    /// it: its identity, its frame after (nil when it was in view before but is
    /// omitted now), and where it came from.
    struct TransitionEntry {
        var identifier: ElementIdentifier
        var after: Rect?
        var old: ElementIdentifier?
        var before: Rect?
    }

    /// Step 5: the transitions of every element in view before or after the batch.
    private mutating func transitionsThroughBatch(
        before: [LayoutAttributes], plan: BatchPlan, prior: inout PriorState, adjustment: Point,
        inView: consuming [TransitionEntry]?
    ) -> [ElementTransition] {
        func moved(_ frame: Rect) -> Rect {
            Rect(x: frame.minX + adjustment.x, y: frame.minY + adjustment.y, width: frame.width, height: frame.height)
        }
        let (entries, survives) = transitionEntries(before: before, plan: plan, inView: consume inView)
        var transitions: [ElementTransition] = []
        transitions.reserveCapacity(entries.count + before.count)
        for var entry in entries {
            if entry.old == nil, let old = oldIdentifier(of: entry.identifier, plan: plan) {
                entry.old = old
                entry.before = prior.frame(of: old, rebuiltFrom: self)
            }
            if entry.after == nil && entry.before == nil { continue }
            transitions.append(
                ElementTransition(
                    category: entry.identifier.category, indexPath: entry.identifier.indexPath,
                    previousIndexPath: entry.old?.indexPath, before: entry.before.map(moved), after: entry.after))
        }
        // Elements deleted (or gone), in their order before.
        for (index, element) in before.enumerated() where !survives[index] {
            transitions.append(
                ElementTransition(
                    category: element.category, indexPath: element.indexPath, previousIndexPath: element.indexPath,
                    before: moved(element.frame), after: nil))
        }
        return transitions
    }

    /// The elements in view now, as entries with their frames after the batch,
    /// sorted by identifier (element order, unless pinned headers or footers
    /// come first), with room for `extra` more.
    mutating func entriesInView(reserving extra: Int) -> [TransitionEntry] {
        var entries: [TransitionEntry] = []
        entries.reserveCapacity(Self.elementsInViewCapacity + extra)
        if let rect = visibleRect {
            forEachElement(in: rect) {
                entries.append(TransitionEntry(identifier: $0.identifier, after: $0.frame))
                return true
            }
        }
        if !entries.isSorted(by: { $0.identifier < $1.identifier }) { entries.sort { $0.identifier < $1.identifier } }
        return entries
    }

    /// The elements in view after the batch (`inView`, when step 4 read them
    /// where the rect still is), joined with those in view before it that
    /// survive (each keyed once), in element order; and, for each element in
    /// view before, whether it survives.
    private mutating func transitionEntries(
        before: [LayoutAttributes], plan: BatchPlan, inView: consuming [TransitionEntry]?
    ) -> (entries: [TransitionEntry], survives: [Bool]) {
        // Taken, not copied: the entries change in place below.
        var entries = (consume inView) ?? entriesInView(reserving: before.count)
        // A survivor from before is looked up among the elements in view
        // after by a binary search (no hashing: a batch's elements in view
        // would otherwise each be hashed twice). Survivors mostly keep their
        // order, so the entry after the last one found is tried first: the
        // search is then skipped. Each identifier is in the entries once, so
        // either way finds the same entry.
        let inViewAfter = entries.count
        var next = 0
        var survives = [Bool](repeating: false, count: before.count)
        for (index, element) in before.enumerated() {
            guard let new = newIdentifier(of: element.identifier, plan: plan) else { continue }
            // A header or footer its reloaded section drops is gone: a deleted
            // element, named by its path before the batch (not by its section's
            // index after, which another section's element may hold).
            let existing =
                next < inViewAfter && entries[next].identifier == new
                ? next : entries.firstIndex(of: new, before: inViewAfter)
            let after = existing == nil ? currentFrame(of: new) : nil
            if existing == nil && after == nil { continue }
            survives[index] = true
            if let existing {
                next = existing + 1
                entries[existing].old = element.identifier
                entries[existing].before = element.frame
            } else {
                // Not in view after: distinct elements before have distinct
                // identities after, so none is added twice.
                entries.append(TransitionEntry(identifier: new, after: after, old: element.identifier, before: element.frame))
            }
        }
        if entries.count > inViewAfter { entries.sort { $0.identifier < $1.identifier } }
        return (entries, survives)
    }

    /// The elements in view a batch's lists are first sized for: a screen of
    /// small items, so that collecting them rarely grows a list.
    static let elementsInViewCapacity = 64

    /// An element's identity after the batch, or `nil` when it does not exist after it.
    private func newIdentifier(of old: ElementIdentifier, plan: BatchPlan) -> ElementIdentifier? {
        switch old.category {
        case .cell:
            return plan.newPosition(ofItem: old.indexPath.item, inSection: old.indexPath.section)
                .map { ElementIdentifier(category: .cell, indexPath: $0) }
        case .header, .footer:
            return plan.newIndex(ofSection: old.indexPath.section)
                .map { ElementIdentifier(category: old.category, indexPath: FlowIndexPath(item: 0, section: $0)) }
        }
    }

    /// An element's identity before the batch, or `nil` when it is new.
    private func oldIdentifier(of new: ElementIdentifier, plan: BatchPlan) -> ElementIdentifier? {
        switch new.category {
        case .cell:
            return plan.oldPosition(ofItem: new.indexPath).map { ElementIdentifier(category: .cell, indexPath: $0) }
        case .header, .footer:
            return plan.oldIndex(ofSection: new.indexPath.section)
                .map { ElementIdentifier(category: new.category, indexPath: FlowIndexPath(item: 0, section: $0)) }
        }
    }
}

extension [FlowLayoutState.TransitionEntry] {
    /// The frame after the batch of the cell `identifier` names, when it is
    /// among these entries (sorted, none yet joined from before).
    ///
    /// - Complexity: O(log count).
    func cellFrame(of identifier: ElementIdentifier) -> Rect? {
        guard identifier.category == .cell, let index = firstIndex(of: identifier, before: count) else { return nil }
        return self[index].after
    }

    /// The index among the first `count` entries, sorted by identifier, of the
    /// one with `identifier`, or `nil` if none has it.
    ///
    /// - Complexity: O(log count).
    fileprivate func firstIndex(of identifier: ElementIdentifier, before count: Int) -> Int? {
        let low = partitionPoint(in: 0..<count) { !(self[$0].identifier < identifier) }
        return low < count && self[low].identifier == identifier ? low : nil
    }
}

extension Sequence {
    /// Whether every element is ordered before or equal to the next by `areInIncreasingOrder`.
    ///
    /// - Complexity: O(n).
    func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        var iterator = makeIterator()
        guard var previous = iterator.next() else { return true }
        while let next = iterator.next() {
            if areInIncreasingOrder(next, previous) { return false }
            previous = next
        }
        return true
    }
}

extension BatchPlan {
    /// Whether the batch changes the items of one section (`edits`, by
    /// section) and nothing else: no section deleted, inserted, moved or
    /// reloaded.
    func changesItemsOfOneSection(_ edits: [SectionEdits]) -> Bool {
        guard sections.removed.isEmpty, sections.placed.isEmpty, reloadedSections.isEmpty else { return false }
        var sectionsEdited = 0
        for entry in edits where !entry.edits.isEmpty { sectionsEdited += 1 }
        return sectionsEdited == 1
    }

    /// Whether the batch leaves every item up to the one at `indexPath`
    /// (included) where it is, in the numbering before and after alike: no
    /// section removed, placed or reloaded at or before its section, no item
    /// changed in a section before it, nor in its section at or before it.
    /// (Its frame may still change, by a re-break of its line.)
    ///
    /// - Complexity: O(log k) for k sections touched, plus the sections reloaded.
    func leavesInPlace(upTo indexPath: FlowIndexPath) -> Bool {
        let section = indexPath.section
        let item = indexPath.item
        if let first = sections.removed.first, first <= section { return false }
        if let first = sections.placed.first, first <= section { return false }
        if reloadedSections.keys.contains(where: { $0 <= section }) { return false }
        if let first = items.keys.first, first < section { return false }
        guard let slot = items.slot(of: section) else { return true }
        if let first = items[slot: slot].reorder.removed.first, first <= item { return false }
        if let first = items[slot: slot].reorder.placed.first, first <= item { return false }
        return !items[slot: slot].reloaded.keys.contains { $0 <= item }
    }

    /// The identity after the batch of an element that survives it in place
    /// (`flow-layout.md` 10.4), or `nil`: not deleted, not moved, its section
    /// neither deleted nor moved (a reloaded item survives, the items of a
    /// reloaded section do not; a header or footer survives with its section).
    func survivorInPlace(_ element: ElementIdentifier) -> ElementIdentifier? {
        let section = element.indexPath.section
        guard sectionMovedTo[section] == nil, let newSection = newIndex(ofSection: section) else { return nil }
        guard element.category == .cell else {
            return ElementIdentifier(category: element.category, indexPath: FlowIndexPath(item: 0, section: newSection))
        }
        if let slot = items.slot(of: section), items[slot: slot].movedTo[element.indexPath.item] != nil { return nil }
        return newPosition(ofItem: element.indexPath.item, inSection: section).map { ElementIdentifier(category: .cell, indexPath: $0) }
    }
}

/// One section's item edits in a batch: the section's index (before the
/// batch, or after it for inverse edits) and its edits, sorted.
///
/// A struct rather than a tuple: an array of tuples is destroyed through the
/// runtime's generic tuple witness, some hundreds of instructions a batch.
struct SectionEdits {
    var section: Int
    var edits: [ItemEdit]
}
