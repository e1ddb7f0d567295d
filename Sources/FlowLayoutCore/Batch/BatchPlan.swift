/// Checking a batch and working out what it does (`flow-layout.md` 10.1, 10.6),
/// before anything changes: which sections and items go, which come, where
/// each survivor ends up, and, per section, the item edits to apply.
///
/// Sections are identified by their index before the batch; an item operation
/// that names a section after the batch is mapped back to that identity.
struct BatchPlan {
    /// The sections' reordering.
    let sections: Reorder
    /// Moved sections: index before → index after, and back.
    let sectionMovedTo: [Int: Int]
    let sectionMovedFrom: [Int: Int]
    /// Sections deleted, by index before.
    let deletedSections: Set<Int>
    /// Reloaded sections' new content, by index before, with its size sums.
    let reloadedSections: [Int: (section: FlowSection, sums: SizeSums)]
    /// Inserted sections' content, by index after, with its size sums.
    let insertedSections: [Int: (section: FlowSection, sums: SizeSums)]
    /// The item changes of each section they touch, by the section's index before.
    let items: SectionTable<ItemPlan>

    /// How a batch changes the items of one section.
    struct ItemPlan: Equatable {
        /// The items' reordering.
        var reorder: Reorder
        /// Items moved away: index before → position after.
        var movedTo: [Int: FlowIndexPath] = [:]
        /// Items moved in: index after → the move (its position before, and
        /// the size it brings, if any).
        var movedFrom: [Int: BatchUpdate.ItemMove] = [:]
        /// Items inserted, with the sizes given.
        var inserted = InsertedItems()
        /// Items reloaded: index before → size given.
        var reloaded: [Int: Size?] = [:]

        /// Items deleted, by index before, in increasing order: those removed
        /// that do not move. (Kept as a set, it cost a one-item batch an
        /// allocation and a hash.)
        var deleted: [Int] { movedTo.isEmpty ? reorder.removed : reorder.removed.filter { movedTo[$0] == nil } }
    }

    /// The items a batch inserts into one section: how many, and the sizes
    /// given, by index after the batch. Insertions without a size (a chat's
    /// new messages, to be measured) are only counted: a batch of them hashes
    /// nothing.
    struct InsertedItems: Equatable {
        /// The number of items inserted.
        private(set) var count = 0
        /// The sizes given, by index after the batch.
        private var sizes: [Int: Size] = [:]

        /// Whether no item is inserted.
        var isEmpty: Bool { count == 0 }

        /// Whether some item is inserted with a size.
        var hasSizes: Bool { !sizes.isEmpty }

        /// The size given to the item inserted at `item`, or `nil` (none
        /// given, or no item inserted there).
        subscript(item: Int) -> Size? { sizes.isEmpty ? nil : sizes[item] }

        /// Records an item inserted at `item` with `size`.
        mutating func insert(_ item: Int, size: Size?) {
            count += 1
            if let size { sizes[item] = size }
        }
    }

    /// The index after the batch of section `old`, or `nil` when it is deleted.
    func newIndex(ofSection old: Int) -> Int? {
        if deletedSections.contains(old) { return nil }
        if let moved = sectionMovedTo[old] { return moved }
        return sections.newIndex(ofSurvivor: old)
    }

    /// The section before the batch that section `new` after it is (moved or
    /// surviving, reloaded or not), or `nil` for an inserted section.
    func oldIndex(ofSection new: Int) -> Int? {
        switch sections.origin(ofNew: new) {
        case .placed: sectionMovedFrom[new]
        case .survivor(let old): old
        }
    }

    /// The position after the batch of item `item` of section `section` before
    /// it, or `nil` when it is deleted (or its section is deleted or reloaded).
    func newPosition(ofItem item: Int, inSection section: Int) -> FlowIndexPath? {
        guard let newSection = newIndex(ofSection: section), reloadedSections[section] == nil else { return nil }
        // The section's plan is read in place (a copy would retain each of its tables).
        guard let slot = items.slot(of: section) else { return FlowIndexPath(item: item, section: newSection) }
        // A removed item is moved (to where it goes) or deleted.
        if items[slot: slot].reorder.isRemoved(item) { return items[slot: slot].movedTo[item] }
        return FlowIndexPath(item: items[slot: slot].reorder.newIndex(ofSurvivor: item), section: newSection)
    }

    /// The position before the batch of the item at `indexPath` after it, or
    /// `nil` when it is inserted (or its section is inserted or reloaded).
    func oldPosition(ofItem indexPath: FlowIndexPath) -> FlowIndexPath? {
        guard let section = oldIndex(ofSection: indexPath.section), reloadedSections[section] == nil else { return nil }
        guard let slot = items.slot(of: section) else { return FlowIndexPath(item: indexPath.item, section: section) }
        switch items[slot: slot].reorder.origin(ofNew: indexPath.item) {
        case .placed: return items[slot: slot].movedFrom[indexPath.item]?.from
        case .survivor(let old): return FlowIndexPath(item: old, section: section)
        }
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
