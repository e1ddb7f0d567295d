/// Restoring an archive (`flow-layout.md` 11.5): the saved content built
/// whole, this launch's snapshot applied to it (sizes follow identity), and V
/// placed for the saved anchor by the one placement of the visible rect
/// (``ScrollPlacement``), which the engine then holds.
enum ArchiveRestore {
    /// The rest of a restore, once the saved content is built in `state`:
    /// applies this launch's `snapshot` (sizes follow identity) and places V
    /// for the anchor (the sections laid out up to it stay laid out), in
    /// place: the state is never copied, so nothing it holds is.
    static func finish(
        _ state: inout FlowLayoutState, _ content: ArchiveContent, snapshot: FlowSnapshot, fingerprintMatched matched: Bool
    ) throws(FlowLayoutError) -> (reattached: Int, anchor: ElementIdentifier?, distance: Double?, edge: ScrollPosition?) {
        // The content of this launch: sizes follow identity.
        let departures = try state.apply(snapshot, positionalSizes: nil).departures
        var reattached = matched ? content.sizedCount : 0
        if matched {
            for (_, size) in departures where size != nil { reattached -= 1 }
            ArchiveColumns.restore(content, into: &state)
        }
        // The anchor, or its nearest survivor.
        var placed: (anchor: ElementIdentifier, distance: Double, edge: ScrollPosition)?
        if let anchor = content.anchor,
            let target = survivor(of: anchor, in: state, content, gone: Set(departures.map(\.0))),
            let frame = state.frame(of: target)
        {
            let placement = ScrollPlacement(&state)
            let offset = placement.resting(placement.offset(placing: anchor.kept, of: frame, inset: anchor.distance))
            let direction = state.configuration.scrollDirection
            let origin = direction.offset(cross: offset)
            state.visibleRect = Rect(origin: origin, size: state.viewportSize)
            state.hold = AnchorHold(origin: origin, target: nil)
            placed = (target, anchor.distance, anchor.kept == .leading ? .top : anchor.kept == .trailing ? .bottom : .center)
        }
        return (reattached, placed?.anchor, placed?.distance, placed?.edge)
    }

    /// The element of `state` to place for the saved `anchor`: itself, or if it
    /// is gone (in `gone`) the first surviving item after it in the saved
    /// order, else the last one before it.
    private static func survivor(
        of anchor: ArchiveContent.Anchor, in state: FlowLayoutState, _ content: ArchiveContent,
        gone: Set<FlowIdentifier>
    ) -> ElementIdentifier? {
        if anchor.kind != 1, let q = state.identity!.sectionIDs.firstIndex(of: content.sectionIDs[anchor.ordinal]) {
            return ElementIdentifier(category: anchor.kind == 2 ? .header : .footer, indexPath: FlowIndexPath(item: 0, section: q))
        }
        // The saved item at the anchor (for a section's header or footer, its first item, or the next one).
        var (q, j) = anchor.kind == 1 ? content.place(ofItem: anchor.ordinal) : (anchor.ordinal, 0)
        let (savedQ, savedJ) = (q, j)
        var survivor: FlowIdentifier?
        while q < content.items.count, survivor == nil {
            survivor = content.items[q][j...].first { !gone.contains($0) }
            (q, j) = (q + 1, 0)
        }
        (q, j) = (savedQ, savedJ)
        while q >= 0, survivor == nil {
            survivor = content.items[q][..<Swift.min(j, content.items[q].count)].last { !gone.contains($0) }
            q -= 1
            if q >= 0 { j = content.items[q].count }
        }
        guard let survivor, let path = state.indexPath(ofItem: survivor) else { return nil }
        return ElementIdentifier(category: .cell, indexPath: path)
    }

    /// Builds the saved content of an archive into `state`, which has no
    /// sections and an empty identity: exactly what applying it as a snapshot
    /// does (sections without overrides, the saved sizes by position when
    /// `withSizes`, the same identifiers and membership), straight from the
    /// archive's arrays. Each section's record is made whole, pending (laid
    /// out when a query first reaches it, as the anchor's placing does for the
    /// sections before it), without a per-item plan or edit.
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate section or item, with the path the snapshot would name;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)``.
    /// - Complexity: O(n) for n items, plus O(S log S) for S sections.
    static func build(savedContent content: ArchiveContent, withSizes: Bool, into state: inout FlowLayoutState)
        throws(FlowLayoutError)
    {
        // 1. Duplicates, and the membership set.
        var sectionIDs = Set<FlowIdentifier>(minimumCapacity: content.sectionIDs.count)
        for (q, identifier) in content.sectionIDs.enumerated() where !sectionIDs.insert(identifier).inserted {
            throw .invalidSnapshot(path: FieldPath("sections", q).appending("id"), problem: .duplicateSection(identifier))
        }
        let members: IdentifierFingerprints
        do {
            members = try IdentifierFingerprints(sections: content.items.map { $0[...] })
        } catch {
            throw .invalidSnapshot(
                path: FieldPath("sections", error.section).appending("items").appending(index: error.item),
                problem: .duplicateItem(error.identifier))
        }
        // 2. The sections, and their identifier lists: the archive's arrays
        // themselves, at their exact size (no copy).
        try state.sections.restore(content, withSizes: withSizes)
        var index = state.identity ?? IdentityIndex()
        index.items = content.items.map { IdentifierList(sharing: $0) ?? IdentifierList($0) }
        index.sectionIDs = content.sectionIDs
        index.members = members
        state.identity = index
        state.checkInvariants()
    }

}
