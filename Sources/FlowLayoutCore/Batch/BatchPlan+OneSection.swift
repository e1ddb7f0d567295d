/// The plan of the usual small batch, made without the full planner: item
/// deletions, reloads and insertions in one section, each list in increasing
/// order (a chat's new message, a row deleted or inserted).
///
/// The full planner (``BatchPlanner``) records what named each
/// position in a dictionary, to report a position named twice, and a table of
/// per-section lists it sorts at the end: for one item, about 8,000
/// instructions of hashing, allocation and copies, a tenth of the whole batch.
/// Here one pass over each list checks that it names one section, in order,
/// within range: no position can then be named twice, and the lists are the
/// plan's sorted lists as they stand.
///
/// Any batch this path does not take (another shape, or any problem) goes to
/// the full planner, which then makes the plan or reports the first problem in
/// its order (`flow-layout.md` 10.6): errors come from one place only.
/// `BatchPlanTests.oneSectionPlanEqualsFullPlan` checks both give the same
/// plan on random batches.
extension BatchPlan {
    /// The plan of `batch` when it only deletes, reloads and inserts items of
    /// one section, each list naming increasing items, every one valid;
    /// otherwise `nil` (the batch is then for ``BatchPlanner``).
    ///
    /// - Complexity: O(operations), plus O(log S) to read the section's count.
    static func oneSection(_ batch: BatchUpdate, in sections: SectionList) -> BatchPlan? {
        guard batch.deletedSections.isEmpty, batch.insertedSections.isEmpty, batch.reloadedSections.isEmpty,
            batch.movedSections.isEmpty, batch.movedItems.isEmpty
        else { return nil }
        guard
            let section = batch.deletedItems.first?.section ?? batch.reloadedItems.first?.indexPath.section
                ?? batch.insertedItems.first?.indexPath.section,
            section >= 0, section < sections.count
        else { return nil }
        let count = sections[section].itemCount
        // Deletions: increasing, within the items before.
        var removed: [Int] = []
        if !batch.deletedItems.isEmpty {
            removed.reserveCapacity(batch.deletedItems.count)
            var previous = -1
            for indexPath in batch.deletedItems {
                guard indexPath.section == section, indexPath.item > previous, indexPath.item < count else { return nil }
                removed.append(indexPath.item)
                previous = indexPath.item
            }
        }
        // Reloads: increasing, within the items before, none deleted (both
        // lists are sorted: one merge), sizes valid.
        var reloaded: [Int: Size?] = [:]
        if !batch.reloadedItems.isEmpty {
            reloaded.reserveCapacity(batch.reloadedItems.count)
            var previous = -1
            var deletion = 0
            for reload in batch.reloadedItems {
                let item = reload.indexPath.item
                guard reload.indexPath.section == section, item > previous, item < count else { return nil }
                while deletion < removed.count && removed[deletion] < item { deletion += 1 }
                if deletion < removed.count && removed[deletion] == item { return nil }
                if let size = reload.size, !Validation.isLength(size) { return nil }
                reloaded[item] = reload.size
                previous = item
            }
        }
        // Insertions: increasing, within the items after, sizes valid.
        var placed: [Int] = []
        var inserted = BatchPlan.InsertedItems()
        if !batch.insertedItems.isEmpty {
            placed.reserveCapacity(batch.insertedItems.count)
            let countAfter = count - removed.count + batch.insertedItems.count
            var previous = -1
            for insertion in batch.insertedItems {
                let item = insertion.indexPath.item
                guard insertion.indexPath.section == section, item > previous, item < countAfter else { return nil }
                if let size = insertion.size, !Validation.isLength(size) { return nil }
                placed.append(item)
                inserted.insert(item, size: insertion.size)
                previous = item
            }
        }
        let items = SectionTable(
            section: section,
            value: BatchPlan.ItemPlan(
                reorder: Reorder(oldCount: count, removed: removed, placed: placed), inserted: inserted, reloaded: reloaded))
        return BatchPlan(
            sections: Reorder(oldCount: sections.count, removed: [], placed: []), sectionMovedTo: [:], sectionMovedFrom: [:],
            deletedSections: [], reloadedSections: [:], insertedSections: [:], items: items)
    }
}
