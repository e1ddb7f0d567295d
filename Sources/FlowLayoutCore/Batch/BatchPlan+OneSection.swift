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
        guard let removed = oneSectionDeletions(batch.deletedItems, section: section, count: count),
            let reloaded = oneSectionReloads(batch.reloadedItems, section: section, count: count, removed: removed),
            let (placed, inserted) = oneSectionInsertions(
                batch.insertedItems, section: section, countAfter: count - removed.count + batch.insertedItems.count)
        else { return nil }
        let items = SectionTable(
            section: section,
            value: BatchPlan.ItemPlan(
                reorder: Reorder(oldCount: count, removed: removed, placed: placed), inserted: inserted, reloaded: reloaded))
        return BatchPlan(
            sections: Reorder(oldCount: sections.count, removed: [], placed: []), sectionMovedTo: [:], sectionMovedFrom: [:],
            deletedSections: [], reloadedSections: [:], insertedSections: [:], items: items)
    }

    /// The items `deletions` delete from `section` (of `count` items): each
    /// in the section, increasing, within the items before; else `nil`.
    @inline(__always)
    private static func oneSectionDeletions(_ deletions: [FlowIndexPath], section: Int, count: Int) -> [Int]? {
        var removed: [Int] = []
        guard !deletions.isEmpty else { return removed }
        removed.reserveCapacity(deletions.count)
        var previous = -1
        for indexPath in deletions {
            guard indexPath.section == section, indexPath.item > previous, indexPath.item < count else { return nil }
            removed.append(indexPath.item)
            previous = indexPath.item
        }
        return removed
    }

    /// The items `reloads` reload in `section` (of `count` items), with their
    /// sizes: each in the section, increasing, within the items before, none
    /// deleted (both lists are sorted: one merge), sizes valid; else `nil`.
    @inline(__always)
    private static func oneSectionReloads(
        _ reloads: [BatchUpdate.ItemInsertion], section: Int, count: Int, removed: [Int]
    ) -> [Int: Size?]? {
        var reloaded: [Int: Size?] = [:]
        guard !reloads.isEmpty else { return reloaded }
        reloaded.reserveCapacity(reloads.count)
        var previous = -1
        var deletion = 0
        for reload in reloads {
            let item = reload.indexPath.item
            guard reload.indexPath.section == section, item > previous, item < count else { return nil }
            while deletion < removed.count && removed[deletion] < item { deletion += 1 }
            if deletion < removed.count && removed[deletion] == item { return nil }
            if let size = reload.size, !Validation.isLength(size) { return nil }
            reloaded[item] = reload.size
            previous = item
        }
        return reloaded
    }

    /// The items `insertions` insert into `section` (of `countAfter` items
    /// after the batch), and their sizes: each in the section, increasing,
    /// within the items after, sizes valid; else `nil`.
    @inline(__always)
    private static func oneSectionInsertions(
        _ insertions: [BatchUpdate.ItemInsertion], section: Int, countAfter: Int
    ) -> (placed: [Int], inserted: InsertedItems)? {
        var placed: [Int] = []
        var inserted = InsertedItems()
        guard !insertions.isEmpty else { return (placed, inserted) }
        placed.reserveCapacity(insertions.count)
        var previous = -1
        for insertion in insertions {
            let item = insertion.indexPath.item
            guard insertion.indexPath.section == section, item > previous, item < countAfter else { return nil }
            if let size = insertion.size, !Validation.isLength(size) { return nil }
            placed.append(item)
            inserted.insert(item, size: insertion.size)
            previous = item
        }
        return (placed, inserted)
    }
}
