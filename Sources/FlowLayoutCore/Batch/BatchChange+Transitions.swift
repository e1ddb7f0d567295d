/// The transitions of a batch (`flow-layout.md` 10.5, step 5 of
/// ``BatchChange``): for every element that meets the visible rect before the
/// batch or the adjusted rect after it, its frame before (in the content
/// coordinates after: the old frame moved by the adjustment) and after; none
/// before for an inserted element, none after for a deleted one.
extension BatchChange {
    /// One element that exists after a batch and is in view before or after
    /// it: its identity, its frame after (nil when it was in view before but is
    /// omitted now), and where it came from.
    struct TransitionEntry {
        var identifier: ElementIdentifier
        var after: Rect?
        var old: ElementIdentifier?
        var before: Rect?
    }

    /// Step 5: the transitions of every element in view before or after the
    /// batch; the frames before of elements not in view before come from
    /// `prior`, the state before, rebuilt on first use.
    mutating func transitionsThroughBatch(
        prior: inout PriorState, adjustment: Point, in state: inout FlowLayoutState
    ) -> [ElementTransition] {
        func moved(_ frame: Rect) -> Rect {
            Rect(x: frame.minX + adjustment.x, y: frame.minY + adjustment.y, width: frame.width, height: frame.height)
        }
        let taken = inView
        inView = nil
        let (entries, gone) = transitionEntries(inView: consume taken, in: &state)
        var transitions: [ElementTransition] = []
        transitions.reserveCapacity(entries.count + gone.count)
        for var entry in entries {
            if entry.old == nil, let old = oldIdentifier(of: entry.identifier) {
                entry.old = old
                entry.before = prior.frame(of: old, now: entry.identifier, rebuiltFrom: &state)
            }
            if entry.after == nil && entry.before == nil { continue }
            transitions.append(
                ElementTransition(
                    category: entry.identifier.category, indexPath: entry.identifier.indexPath,
                    previousIndexPath: entry.old?.indexPath, before: entry.before.map(moved), after: entry.after))
        }
        // Elements deleted (or gone), in their order before.
        for index in gone {
            let element = before[index]
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
    static func entriesInView(reserving extra: Int, in state: inout FlowLayoutState) -> [TransitionEntry] {
        var entries: [TransitionEntry] = []
        entries.reserveCapacity(Self.elementsInViewCapacity + extra)
        if let rect = state.visibleRect {
            state.forEachElement(in: rect) {
                entries.append(TransitionEntry(identifier: $0.identifier, after: $0.frame))
                return true
            }
        }
        if !entries.isSorted(by: { $0.identifier < $1.identifier }) { entries.sort { $0.identifier < $1.identifier } }
        return entries
    }

    /// The elements in view after the batch (`inView`, when step 4 read them
    /// where the rect still is), joined with those in view before it that
    /// survive (each keyed once), in element order; and the indexes in
    /// `before` of those that do not survive, in order (mostly none: no
    /// list is allocated then).
    private func transitionEntries(
        inView: consuming [TransitionEntry]?, in state: inout FlowLayoutState
    ) -> (entries: [TransitionEntry], gone: [Int]) {
        // Taken, not copied: the entries change in place below.
        var entries = (consume inView) ?? Self.entriesInView(reserving: before.count, in: &state)
        // A survivor from before is looked up among the elements in view
        // after by a binary search (no hashing: a batch's elements in view
        // would otherwise each be hashed twice). Survivors mostly keep their
        // order, so the entry after the last one found is tried first: the
        // search is then skipped. Each identifier is in the entries once, so
        // either way finds the same entry.
        // The first `unchangedInView` elements before lead the entries as
        // themselves, joined already (``viewAfter(previousWidth:section:kept:in:)``).
        let inViewAfter = entries.count
        var next = unchangedInView
        var gone: [Int] = []
        for index in unchangedInView..<before.count {
            let element = before[index]
            guard let new = newIdentifier(of: element.identifier) else {
                gone.append(index)
                continue
            }
            // A header or footer its reloaded section drops is gone: a deleted
            // element, named by its path before the batch (not by its section's
            // index after, which another section's element may hold).
            let existing =
                next < inViewAfter && entries[next].identifier == new
                ? next : entries.firstIndex(of: new, before: inViewAfter)
            let after = existing == nil ? state.frame(of: new) : nil
            if existing == nil && after == nil {
                gone.append(index)
                continue
            }
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
        return (entries, gone)
    }

    /// An element's identity after the batch, or `nil` when it does not exist after it.
    private func newIdentifier(of old: ElementIdentifier) -> ElementIdentifier? {
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
    private func oldIdentifier(of new: ElementIdentifier) -> ElementIdentifier? {
        switch new.category {
        case .cell:
            return plan.oldPosition(ofItem: new.indexPath).map { ElementIdentifier(category: .cell, indexPath: $0) }
        case .header, .footer:
            return plan.oldIndex(ofSection: new.indexPath.section)
                .map { ElementIdentifier(category: new.category, indexPath: FlowIndexPath(item: 0, section: $0)) }
        }
    }
}

extension [BatchChange.TransitionEntry] {
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
