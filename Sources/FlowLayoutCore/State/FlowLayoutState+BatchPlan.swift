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
        /// Items moved in: index after → position before.
        var movedFrom: [Int: FlowIndexPath] = [:]
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
        case .placed: return items[slot: slot].movedFrom[indexPath.item]
        case .survivor(let old): return FlowIndexPath(item: old, section: section)
        }
    }
}

extension FlowLayoutState {
    /// Checks `batch` against the layout as it is and returns its plan.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first bad operation: an index
    ///   out of range (before the batch for deletions, reloads and move sources,
    ///   after it for insertions and move destinations), a position named twice
    ///   on the same side, an item operation in a section the batch deletes,
    ///   inserts or reloads, an invalid size or section.
    /// - Complexity: O(operations · log) plus O(n) to validate the per-item sizes
    ///   of sections inserted or reloaded.
    func plan(_ batch: BatchUpdate) throws(FlowLayoutError) -> BatchPlan {
        if let plan = oneSectionPlan(batch) { return plan }
        return try fullPlan(batch)
    }

    /// ``plan(_:)`` by the planner that takes any batch: the fast path
    /// (``oneSectionPlan(_:)``) must give the same plan.
    func fullPlan(_ batch: BatchUpdate) throws(FlowLayoutError) -> BatchPlan {
        var planner = BatchPlanner(batch: batch, state: self)
        try planner.nameSectionsBefore()
        try planner.nameSectionsAfter()
        try planner.nameItemsBefore()
        try planner.nameItemsAfter()
        try planner.validateItemSizes()
        return planner.finished()
    }
}

/// Builds a ``BatchPlan`` in the order errors are reported (`flow-layout.md`
/// 10.6): sections named before the batch, sections named after it, items
/// named before it, items named after it, then the sizes items carry. Each
/// step checks what it names and records it; the first problem throws.
private struct BatchPlanner {
    let batch: BatchUpdate
    /// The layout's sections (the state itself would be a copy: a retain of
    /// each of its references, and a release when the planner goes).
    let sections: BTree<SectionRecord>
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

    init(batch: BatchUpdate, state: FlowLayoutState) {
        self.batch = batch
        sections = state.sections
        sectionCount = state.sections.count
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
            let sums = try FlowLayoutState.validate(section: reload.section, path: FieldPath(.reloadSections, index).appending("section"))
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
            let sums = try FlowLayoutState.validate(
                section: insertion.section, path: FieldPath(.insertSections, index).appending("section"))
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
            items[slot: slot].plan.movedFrom[move.to.item] = move.from
            items[slot: slot].placed.append(move.to.item)
        }
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

    /// Step 5: the sizes inserted and reloaded items carry.
    func validateItemSizes() throws(FlowLayoutError) {
        for (index, insertion) in batch.insertedItems.enumerated() {
            if let size = insertion.size {
                try FlowLayoutState.validate(size: size, path: FieldPath(.insertItems, index).appending("size"))
            }
        }
        for (index, reload) in batch.reloadedItems.enumerated() {
            if let size = reload.size { try FlowLayoutState.validate(size: size, path: FieldPath(.reloadItems, index).appending("size")) }
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

extension FlowLayoutState {
    /// The item edits of one section's plan, in the numbering before the batch:
    /// removals, insertions at the gap after the survivor before them, reloads;
    /// edits that touch are merged. Sizes travel as `flow-layout.md` 10.2 says.
    ///
    /// The changes come from three sorted lists (items removed, items placed,
    /// items reloaded), merged by position, insertions before what they
    /// precede and in their order after the batch: no list of them is made
    /// and sorted, and the section is read only when a size is.
    func itemEdits(for plan: BatchPlan.ItemPlan, section: Int) -> [ItemEdit] {
        // The section's record (a tree descent and a copy) only when a size is
        // read or kept: an item moved in or reloaded, an insertion with a size.
        let record = plan.movedFrom.isEmpty && plan.reloaded.isEmpty && !plan.inserted.hasSizes ? nil : sections[section]
        func stored(_ size: Size?) -> Size? {
            guard let size else { return nil }
            return storedSize(size, in: record!)
        }
        let removed = plan.reorder.removed
        let placed = plan.reorder.placed
        let reloads = plan.reloaded.isEmpty ? [] : plan.reloaded.keys.sorted()
        var edits: [ItemEdit] = []
        edits.reserveCapacity(removed.count + placed.count + reloads.count)
        var nextRemoval = 0
        var nextPlaced = 0
        var nextReload = 0
        // Where the next placed item goes, in the numbering before.
        var point = placed.isEmpty ? 0 : plan.reorder.insertionPoint(ofPlaced: 0)
        while true {
            // One change: the items it replaces, and the one it puts there (none for a removal).
            let removal = nextRemoval < removed.count ? removed[nextRemoval] : Int.max
            let reload = nextReload < reloads.count ? reloads[nextReload] : Int.max
            let range: Range<Int>
            let segment: ItemSegment?
            if nextPlaced < placed.count, point <= removal, point <= reload {
                // A moved item keeps its size, measured or not; an inserted one has the size given.
                let position = placed[nextPlaced]
                let size =
                    if !plan.movedFrom.isEmpty, let source = plan.movedFrom[position] {
                        explicitSize(ofItem: source.item, in: sections[source.section])
                    } else {
                        plan.inserted[position]
                    }
                range = point..<point
                segment = ItemSegment(item: stored(size))
                nextPlaced += 1
                if nextPlaced < placed.count { point = plan.reorder.insertionPoint(ofPlaced: nextPlaced) }
            } else if removal < reload {
                range = removal..<(removal + 1)
                segment = nil
                nextRemoval += 1
            } else if nextReload < reloads.count {
                range = reload..<(reload + 1)
                if let size = plan.reloaded[reload]! {
                    segment = ItemSegment(item: stored(size))
                } else if !record!.hasItemSizes && configuration.isSelfSizing {
                    segment = .defaults(1)  // its content changed: unmeasured again
                } else {
                    segment = ItemSegment(item: explicitSize(ofItem: reload, in: record!))
                }
                nextReload += 1
            } else {
                break
            }
            if let last = edits.last?.range, range.lowerBound <= last.upperBound {
                // Merged in place: fifty insertions at one point append to one
                // replacement instead of copying it fifty times, and fifty
                // unmeasured ones are one segment of fifty default items.
                edits[edits.count - 1].range = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
                if let segment { edits[edits.count - 1].replacement.appendMerging(segment) }
            } else {
                edits.append(ItemEdit(range: range, replacement: segment.map { [$0] } ?? []))
            }
        }
        return edits
    }
}

extension [ItemSegment] {
    /// Appends `segment`, adding default items to a last segment of default
    /// items instead of starting a segment of their own.
    mutating func appendMerging(_ segment: ItemSegment) {
        if case .defaults(let added) = segment, case .defaults(let count)? = last {
            self[self.count - 1] = .defaults(count + added)
        } else {
            append(segment)
        }
    }
}
