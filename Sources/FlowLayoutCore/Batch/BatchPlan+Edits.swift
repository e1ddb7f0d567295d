/// Checking and planning a batch (`flow-layout.md` 10.1, 10.6), and the item
/// edits its plan makes of each section's changes (10.2, 10.3).
extension BatchPlan {
    /// Checks `batch` against `sections` and returns its plan: the one
    /// check of a batch, before anything changes.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first bad operation: an index
    ///   out of range (before the batch for deletions, reloads and move sources,
    ///   after it for insertions and move destinations), a position named twice
    ///   on the same side, an item operation in a section the batch deletes,
    ///   inserts or reloads, an invalid size or section.
    /// - Complexity: O(operations · log) plus O(n) to validate the per-item sizes
    ///   of sections inserted or reloaded.
    init(_ batch: BatchUpdate, in sections: SectionList) throws(FlowLayoutError) {
        if let plan = Self.oneSection(batch, in: sections) {
            self = plan
        } else {
            self = try Self.full(batch, in: sections)
        }
    }

    /// The plan of `batch` by the planner that takes any batch: the fast path
    /// (``oneSection(_:in:)``) must give the same plan.
    static func full(_ batch: BatchUpdate, in sections: SectionList) throws(FlowLayoutError) -> BatchPlan {
        var planner = BatchPlanner(batch: batch, sections: sections)
        try planner.nameSectionsBefore()
        try planner.nameSectionsAfter()
        try planner.nameItemsBefore()
        try planner.nameItemsAfter()
        try planner.validateItemSizes()
        return planner.finished()
    }
}

extension BatchPlan {
    /// The item edits of every section whose items the batch changes, by the
    /// section's index before the batch.
    func itemEdits(in sections: SectionList) -> [SectionEdits] {
        items.map { SectionEdits(section: $0.key, edits: Self.itemEdits(for: $0.value, section: $0.key, in: sections)) }
    }

    /// The item edits of one section's plan, in the numbering before the batch:
    /// removals, insertions at the gap after the survivor before them, reloads;
    /// edits that touch are merged. Sizes travel as `flow-layout.md` 10.2 says.
    ///
    /// The changes come from three sorted lists (items removed, items placed,
    /// items reloaded), merged by position, insertions before what they
    /// precede and in their order after the batch: no list of them is made
    /// and sorted, and the section is read only when a size is.
    static func itemEdits(for plan: ItemPlan, section: Int, in sections: SectionList) -> [ItemEdit] {
        // The section's record (a tree descent and a copy) only when a size is
        // read or kept: an item moved in or reloaded, an insertion with a size.
        let target = plan.movedFrom.isEmpty && plan.reloaded.isEmpty && !plan.inserted.hasSizes ? nil : sections.section(section)
        func stored(_ size: Size?) -> Size? {
            guard let size else { return nil }
            return target!.storedSize(size)
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
                        sections[source.section].explicitSize(ofItem: source.item)
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
                } else if !target!.record.hasItemSizes && sections.settings.configuration.isSelfSizing {
                    segment = .defaults(1)  // its content changed: unmeasured again
                } else {
                    segment = ItemSegment(item: target!.record.explicitSize(ofItem: reload))
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
