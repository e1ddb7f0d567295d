/// Builds a ``BatchPlan`` in the order errors are reported (`flow-layout.md`
/// 10.6): sections named before the batch, sections named after it, items
/// named before it, items named after it, then the sizes items carry. Each
/// step checks what it names and records it; the first problem throws.
struct BatchPlanner {
    let batch: BatchUpdate
    /// The layout's sections (the whole list would be a copy: a retain of
    /// each of its references, and a release when the planner goes).
    let sections: BTree<SectionRecord>
    /// What the sections are resolved under, when the batch brings a section
    /// that gives its items' columns: what those are checked against (12.6).
    let settings: SectionSettings?
    let sectionCount: Int
    let sectionCountAfter: Int

    /// The path of the operation that named each position, per side.
    var sectionsNamedBefore: [Int: FieldPath] = [:]
    var sectionsNamedAfter: [Int: FieldPath] = [:]
    var itemsNamedBefore: [FlowIndexPath: Entry] = [:]

    /// An item operation's entry in its list, with the member of it that names
    /// the position (a move's `from` or `to`): its field path as plain values,
    /// built into a ``FieldPath`` only on a refusal. (A batch of 50 insertions
    /// would otherwise allocate a path for each.)
    struct Entry {
        var field: BatchUpdate.Field
        var index: Int
        var member: Member?

        enum Member: String {
            case from, to
        }

        var path: FieldPath {
            let entry = FieldPath(field, index)
            return member.map { entry.appending($0.rawValue) } ?? entry
        }
    }

    var deleted = Set<Int>()
    /// Item and section moves that repeat an earlier one exactly, by index:
    /// dropped (10.6).
    var repeatedItemMoves = Set<Int>()
    var repeatedSectionMoves = Set<Int>()
    var reloaded: [Int: (section: FlowSection, sums: SizeSums)] = [:]
    var inserted: [Int: (section: FlowSection, sums: SizeSums)] = [:]
    var movedTo: [Int: Int] = [:]
    var movedFrom: [Int: Int] = [:]
    /// The sections' plan, once every section operation is known.
    var sectionPlan: BatchPlan?

    /// Per section whose items change (by index before): its plan, and the
    /// items leaving (by index before) and arriving (by index after), from
    /// which its reordering is made at the end.
    var items = SectionTable<TouchedSection>()

    struct TouchedSection {
        var plan = BatchPlan.ItemPlan(reorder: Reorder(oldCount: 0, removed: [], placed: []))
        var removed: [Int] = []
        var placed: [Int] = []
    }

    init(batch: BatchUpdate, sections list: SectionList) {
        self.batch = batch
        sections = list.records
        let givesColumns =
            batch.insertedSections.contains { $0.section.itemColumns != nil }
            || batch.reloadedSections.contains { $0.section.itemColumns != nil }
        settings = givesColumns ? list.settings : nil
        sectionCount = list.count
        sectionCountAfter = sectionCount - batch.deletedSections.count + batch.insertedSections.count
    }

    // MARK: Sections

    private mutating func nameBefore(_ section: Int, _ path: FieldPath) throws(FlowLayoutError) {
        guard section >= 0, section < sectionCount else {
            throw .sectionOutOfRange(path: path, section: section, sectionCount: sectionCount)
        }
        if let other = sectionsNamedBefore[section] { throw .invalidBatch(path: path, problem: .namedTwice(otherPath: other)) }
        sectionsNamedBefore[section] = path
    }

    private mutating func nameAfter(_ section: Int, _ path: FieldPath) throws(FlowLayoutError) {
        guard section >= 0 else { throw .invalidBatch(path: path, problem: .negativeIndex(section)) }
        guard section < sectionCountAfter else {
            throw .invalidBatch(path: path, problem: .sectionPastEnd(section: section, sectionCountAfter: sectionCountAfter))
        }
        if let other = sectionsNamedAfter[section] { throw .invalidBatch(path: path, problem: .namedTwice(otherPath: other)) }
        sectionsNamedAfter[section] = path
    }

    /// Step 1: deletions, reloads (with their new content) and move sources.
    mutating func nameSectionsBefore() throws(FlowLayoutError) {
        for (index, section) in batch.deletedSections.enumerated() {
            try nameBefore(section, FieldPath(.deleteSections, index))
            deleted.insert(section)
        }
        for (index, reload) in batch.reloadedSections.enumerated() {
            try nameBefore(reload.index, FieldPath(.reloadSections, index).appending("index"))
            let sums = try Validation.check(section: reload.section, path: FieldPath(.reloadSections, index).appending("section"))
            if let settings {
                try SectionList.checkColumns(
                    of: reload.section, settings: settings, path: FieldPath(.reloadSections, index).appending("section"))
            }
            reloaded[reload.index] = (reload.section, sums)
        }
        var seen = Set<[Int]>()
        for (index, move) in batch.movedSections.enumerated() {
            // 10.6: an exact duplicate of a move is dropped, as UIKit tolerates it.
            guard seen.insert([move.from, move.to]).inserted else {
                repeatedSectionMoves.insert(index)
                continue
            }
            try nameBefore(move.from, FieldPath(.moveSections, index).appending("from"))
        }
    }

    /// Step 2: insertions (with their content) and move destinations; then the
    /// sections' reordering is known.
    mutating func nameSectionsAfter() throws(FlowLayoutError) {
        for (index, insertion) in batch.insertedSections.enumerated() {
            try nameAfter(insertion.index, FieldPath(.insertSections, index).appending("index"))
            let sums = try Validation.check(
                section: insertion.section, path: FieldPath(.insertSections, index).appending("section"))
            if let settings {
                try SectionList.checkColumns(
                    of: insertion.section, settings: settings, path: FieldPath(.insertSections, index).appending("section"))
            }
            inserted[insertion.index] = (insertion.section, sums)
        }
        for (index, move) in batch.movedSections.enumerated() where !repeatedSectionMoves.contains(index) {
            try nameAfter(move.to, FieldPath(.moveSections, index).appending("to"))
            movedTo[move.from] = move.to
            movedFrom[move.to] = move.from
        }
        sectionPlan = plan(items: SectionTable())
    }

    // MARK: Items

    /// Checks an item named by its position before the batch.
    private mutating func nameItemBefore(_ indexPath: FlowIndexPath, _ entry: Entry) throws(FlowLayoutError) {
        var path: FieldPath { entry.path }
        let section = indexPath.section
        guard section >= 0, section < sectionCount else {
            throw .sectionOutOfRange(path: path.appending("section"), section: section, sectionCount: sectionCount)
        }
        if deleted.contains(section) {
            throw .invalidBatch(path: path.appending("section"), problem: .sectionChanged(section: section, change: "deleted"))
        }
        if reloaded[section] != nil {
            throw .invalidBatch(path: path.appending("section"), problem: .sectionChanged(section: section, change: "reloaded"))
        }
        let count = sections[section].itemCount
        guard indexPath.item >= 0, indexPath.item < count else {
            throw .itemOutOfRange(path: path.appending("item"), indexPath: indexPath, itemCount: count)
        }
        // One hash for the check and the record (on a refusal the planner is dropped).
        if let other = itemsNamedBefore.updateValue(entry, forKey: indexPath) {
            throw .invalidBatch(path: path, problem: .namedTwice(otherPath: other.path))
        }
    }

    /// Step 3: item deletions, reloads and move sources.
    mutating func nameItemsBefore() throws(FlowLayoutError) {
        for (index, indexPath) in batch.deletedItems.enumerated() {
            // 10.6: an item delete inside a section the batch deletes is redundant: dropped.
            if deleted.contains(indexPath.section) { continue }
            try nameItemBefore(indexPath, Entry(field: .deleteItems, index: index))
            items[slot: items.slot(of: indexPath.section, adding: TouchedSection())].removed.append(indexPath.item)
        }
        for (index, reload) in batch.reloadedItems.enumerated() {
            try nameItemBefore(reload.indexPath, Entry(field: .reloadItems, index: index))
            items[slot: items.slot(of: reload.indexPath.section, adding: TouchedSection())].plan.reloaded[reload.indexPath.item] =
                reload.size
        }
        var seen = Set<BatchUpdate.ItemMove>()
        for (index, move) in batch.movedItems.enumerated() {
            // 10.6: an exact duplicate of a move is dropped.
            guard seen.insert(move).inserted else {
                repeatedItemMoves.insert(index)
                continue
            }
            try nameItemBefore(move.from, Entry(field: .moveItems, index: index, member: .from))
            let slot = items.slot(of: move.from.section, adding: TouchedSection())
            items[slot: slot].plan.movedTo[move.from.item] = move.to
            items[slot: slot].removed.append(move.from.item)
        }
    }

    /// The section before the batch that an item named after it lands in.
    private func sectionBefore(ofItemAfter indexPath: FlowIndexPath, _ entry: Entry) throws(FlowLayoutError) -> Int {
        var path: FieldPath { entry.path }
        let section = indexPath.section
        guard section >= 0 else { throw .invalidBatch(path: path.appending("section"), problem: .negativeIndex(section)) }
        guard section < sectionCountAfter else {
            throw .invalidBatch(
                path: path.appending("section"), problem: .sectionPastEnd(section: section, sectionCountAfter: sectionCountAfter))
        }
        guard let old = sectionPlan?.oldIndex(ofSection: section) else {
            throw .invalidBatch(path: path.appending("section"), problem: .sectionChanged(section: section, change: "inserted"))
        }
        if reloaded[old] != nil {
            throw .invalidBatch(path: path.appending("section"), problem: .sectionChanged(section: section, change: "reloaded"))
        }
        return old
    }

    /// Step 4: item insertions and move destinations: their sections first,
    /// then, once every section's count after the batch is known, their indexes.
    mutating func nameItemsAfter() throws(FlowLayoutError) {
        let named = try nameSectionsOfItemsAfter()
        try checkItemsAfter(named)
    }

    /// Step 4, first half: the section before the batch that each item
    /// insertion and move destination lands in, its plan's insertions and
    /// placements recorded; the positions, with what named them.
    private mutating func nameSectionsOfItemsAfter() throws(FlowLayoutError) -> [(indexPath: FlowIndexPath, old: Int, entry: Entry)] {
        var named: [(indexPath: FlowIndexPath, old: Int, entry: Entry)] = []
        named.reserveCapacity(batch.insertedItems.count + batch.movedItems.count)
        // The section last resolved, the one before the batch it lands in,
        // and its slot in the table: insertions usually name one section, and
        // resolving it is a few lookups.
        var resolved: (section: Int, old: Int, slot: Int)?
        for (index, insertion) in batch.insertedItems.enumerated() {
            // 10.6: an item insert inside a section the batch inserts is redundant: dropped.
            let section = insertion.indexPath.section
            if !inserted.isEmpty && section >= 0 && section < sectionCountAfter && inserted[section] != nil { continue }
            let entry = Entry(field: .insertItems, index: index)
            let old: Int
            let slot: Int
            if let resolved, resolved.section == section {
                (old, slot) = (resolved.old, resolved.slot)
            } else {
                old = try sectionBefore(ofItemAfter: insertion.indexPath, entry)
                slot = items.slot(of: old, adding: TouchedSection())
                // Sized once for the rest of the list: fifty insertions into
                // one section would otherwise grow it six times.
                items[slot: slot].placed.reserveCapacity(
                    items[slot: slot].placed.count + batch.insertedItems.count - index + batch.movedItems.count)
                resolved = (section, old, slot)
            }
            named.append((insertion.indexPath, old, entry))
            items[slot: slot].plan.inserted.insert(insertion.indexPath.item, size: insertion.size)
            items[slot: slot].placed.append(insertion.indexPath.item)
        }
        for (index, move) in batch.movedItems.enumerated() where !repeatedItemMoves.contains(index) {
            let entry = Entry(field: .moveItems, index: index, member: .to)
            let old = try sectionBefore(ofItemAfter: move.to, entry)
            named.append((move.to, old, entry))
            let slot = items.slot(of: old, adding: TouchedSection())
            items[slot: slot].plan.movedFrom[move.to.item] = move
            items[slot: slot].placed.append(move.to.item)
        }
        return named
    }

    /// Step 4, second half: each position named after the batch is within
    /// its section's count after it, and named once.
    private func checkItemsAfter(_ named: [(indexPath: FlowIndexPath, old: Int, entry: Entry)]) throws(FlowLayoutError) {
        // Positions named in increasing order (a list of insertions usually is)
        // cannot name one twice: the record of what named each is then not kept.
        var increasing = true
        for index in named.indices.dropFirst() where !(named[index - 1].indexPath < named[index].indexPath) {
            increasing = false
            break
        }
        var namedAfter: [FlowIndexPath: Entry] = [:]
        if named.count > 1 && !increasing { namedAfter.reserveCapacity(named.count) }  // no rehashing as it fills
        // The count after the batch of the section last looked at (operations
        // usually name one section, and reading a count searches the section tree).
        var counted: (old: Int, countAfter: Int)?
        for (indexPath, old, entry) in named {
            let countAfter: Int
            if let counted, counted.old == old {
                countAfter = counted.countAfter
            } else {
                let slot = items.slot(of: old)
                countAfter =
                    sections[old].itemCount - (slot.map { items[slot: $0].removed.count } ?? 0)
                    + (slot.map { items[slot: $0].placed.count } ?? 0)
                counted = (old, countAfter)
            }
            guard indexPath.item >= 0 else {
                throw .invalidBatch(path: entry.path.appending("item"), problem: .negativeIndex(indexPath.item))
            }
            guard indexPath.item < countAfter else {
                throw .invalidBatch(path: entry.path.appending("item"), problem: .itemPastEnd(indexPath, itemCountAfter: countAfter))
            }
            if !increasing, let other = namedAfter.updateValue(entry, forKey: indexPath) {
                throw .invalidBatch(path: entry.path, problem: .namedTwice(otherPath: other.path))
            }
        }
    }

    /// Step 5: the sizes inserted, reloaded and moved items carry (a dropped
    /// duplicate's too, 10.6).
    func validateItemSizes() throws(FlowLayoutError) {
        for (index, insertion) in batch.insertedItems.enumerated() {
            if let size = insertion.size {
                try Validation.check(size: size, path: FieldPath(.insertItems, index).appending("size"))
            }
        }
        for (index, reload) in batch.reloadedItems.enumerated() {
            if let size = reload.size { try Validation.check(size: size, path: FieldPath(.reloadItems, index).appending("size")) }
        }
        for (index, move) in batch.movedItems.enumerated() {
            if let size = move.size { try Validation.check(size: size, path: FieldPath(.moveItems, index).appending("size")) }
        }
    }

    // MARK: Result

    /// `list` sorted: itself when it already is (one insertion, or a list
    /// named in order), without a new array.
    private static func sorted(_ list: [Int]) -> [Int] {
        for index in list.indices.dropFirst() where list[index] < list[index - 1] { return list.sorted() }
        return list
    }

    private func plan(items: SectionTable<BatchPlan.ItemPlan>) -> BatchPlan {
        // A batch of item operations only (the usual one) keeps every section in place.
        let keepsSections = deleted.isEmpty && movedTo.isEmpty && inserted.isEmpty
        let sectionOrder = Reorder(
            oldCount: sectionCount, removed: keepsSections ? [] : (Array(deleted) + Array(movedTo.keys)).sorted(),
            placed: keepsSections ? [] : (Array(inserted.keys) + Array(movedFrom.keys)).sorted())
        return BatchPlan(
            sections: sectionOrder, sectionMovedTo: movedTo, sectionMovedFrom: movedFrom, deletedSections: deleted,
            reloadedSections: reloaded, insertedSections: inserted, items: items)
    }

    /// The plan, each touched section's item reordering completed.
    func finished() -> BatchPlan {
        let items = items.mapValues { section, touched in
            var plan = touched.plan
            plan.reorder = Reorder(
                oldCount: sections[section].itemCount, removed: Self.sorted(touched.removed),
                placed: Self.sorted(touched.placed))
            return plan
        }
        return BatchPlan(
            sections: sectionPlan!.sections, sectionMovedTo: movedTo, sectionMovedFrom: movedFrom,
            deletedSections: deleted, reloadedSections: reloaded, insertedSections: inserted, items: items)
    }
}
