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
    /// edits that touch are merged, but for a waterfall section only edits of
    /// one kind (an item it puts in keeps its column only when reloaded,
    /// 12.3 c). Sizes travel as `flow-layout.md` 10.2 says.
    ///
    /// The changes come from three sorted lists (items removed, items placed,
    /// items reloaded), merged by position, insertions before what they
    /// precede and in their order after the batch: no list of them is made
    /// and sorted, and the section is read only when a size is.
    static func itemEdits(for plan: ItemPlan, section: Int, in sections: SectionList) -> [ItemEdit] {
        // The section (a tree descent and a copy) only when a size is read or
        // kept: an item moved in or reloaded, an insertion with a size.
        let target = plan.movedFrom.isEmpty && plan.reloaded.isEmpty && !plan.inserted.hasSizes ? nil : sections.section(section)
        let removed = plan.reorder.removed
        let placed = plan.reorder.placed
        let reloads = plan.reloaded.isEmpty ? [] : plan.reloaded.keys.sorted()
        var edits: [ItemEdit] = []
        edits.reserveCapacity(removed.count + placed.count + reloads.count)
        var nextRemoval = 0
        var nextPlaced = 0
        var nextReload = 0
        let kinds = sections.isWaterfall(section)
        // Where the next placed item goes, in the numbering before.
        var point = placed.isEmpty ? 0 : plan.reorder.insertionPoint(ofPlaced: 0)
        // Every placed item is inserted without a size: a stretch of them
        // (consecutive after the batch, so at one point before it) is one
        // segment of default items, however long (history prepended to a chat).
        let placesOnlyDefaults = plan.movedFrom.isEmpty && !plan.inserted.hasSizes
        while true {
            // One change: the items it replaces, and the one it puts there (none for a removal).
            let removal = nextRemoval < removed.count ? removed[nextRemoval] : Int.max
            let reload = nextReload < reloads.count ? reloads[nextReload] : Int.max
            if nextPlaced < placed.count, point <= removal, point <= reload {
                var stretch = 1
                if placesOnlyDefaults {
                    let first = placed[nextPlaced]
                    while nextPlaced + stretch < placed.count && placed[nextPlaced + stretch] == first + stretch { stretch += 1 }
                    edits.appendMerging(point..<point, .defaults(stretch), keepingKindsApart: kinds)
                } else {
                    edits.appendMerging(
                        point..<point, placedSegment(at: placed[nextPlaced], of: plan, in: sections, target: target),
                        keepingKindsApart: kinds)
                }
                nextPlaced += stretch
                if nextPlaced < placed.count { point = plan.reorder.insertionPoint(ofPlaced: nextPlaced) }
            } else if removal < reload {
                edits.appendMerging(removal..<(removal + 1), nil, keepingKindsApart: kinds)
                nextRemoval += 1
            } else if nextReload < reloads.count {
                edits.appendMerging(
                    reload..<(reload + 1), reloadedSegment(reload, of: plan, in: sections, target: target!),
                    keepingKindsApart: kinds)
                nextReload += 1
            } else {
                break
            }
        }
        return edits
    }

    /// The item placed at `position` after the batch: a moved item keeps its
    /// size, measured or not, unless the move gives one; an inserted one has
    /// the size given; what the section keeps of it (10.2).
    @inline(__always)
    private static func placedSegment(
        at position: Int, of plan: ItemPlan, in sections: SectionList, target: SectionLayout?
    ) -> ItemSegment {
        let size =
            if !plan.movedFrom.isEmpty, let move = plan.movedFrom[position] {
                move.size ?? sections[move.from.section].explicitSize(ofItem: move.from.item)
            } else {
                plan.inserted[position]
            }
        guard let size else { return .defaults(1) }
        return ItemSegment(item: target!.storedSize(size))
    }

    /// The item reloaded at `item` (10.2): the size given with it; without
    /// one, a self-sizing item becomes unmeasured again (its content changed)
    /// and any other keeps its size.
    @inline(__always)
    private static func reloadedSegment(_ item: Int, of plan: ItemPlan, in sections: SectionList, target: SectionLayout)
        -> ItemSegment
    {
        if let size = plan.reloaded[item]! { return ItemSegment(item: target.storedSize(size)) }
        if !target.record.hasItemSizes && sections.settings.configuration.isSelfSizing { return .defaults(1) }
        return ItemSegment(item: target.record.explicitSize(ofItem: item))
    }
}

extension [ItemEdit] {
    /// Appends the change of `range` to `segment` (none for a removal), merged
    /// in place into the last edit when they touch: fifty insertions at one
    /// point append to one replacement instead of copying it fifty times, and
    /// fifty unmeasured ones are one segment of fifty default items. With
    /// `keepingKindsApart`, only an insertion after insertions, a removal
    /// after removals or a reload after reloads is merged.
    @inline(__always)
    mutating func appendMerging(_ range: Range<Int>, _ segment: ItemSegment?, keepingKindsApart: Bool = false) {
        if let last = last?.range, range.lowerBound <= last.upperBound,
            !keepingKindsApart || Self.kind(range, segment) == Self.kind(self[count - 1])
        {
            self[count - 1].range = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
            if let segment { self[count - 1].replacement.appendMerging(segment) }
        } else {
            append(ItemEdit(range: range, replacement: segment.map { [$0] } ?? []))
        }
    }
}

extension [ItemEdit] {
    /// A batch edit's kind: 0 an insertion, 1 a removal, 2 a reload.
    @inline(__always)
    fileprivate static func kind(_ range: Range<Int>, _ segment: ItemSegment?) -> Int {
        range.isEmpty ? 0 : segment == nil ? 1 : 2
    }

    /// The kind of `edit`, made of edits of one kind.
    @inline(__always)
    fileprivate static func kind(_ edit: ItemEdit) -> Int {
        edit.range.isEmpty ? 0 : edit.replacement.isEmpty ? 1 : 2
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
