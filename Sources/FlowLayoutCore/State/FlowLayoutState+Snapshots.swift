/// Snapshots (`flow-layout.md` 11): content given as identifiers, applied as
/// the batch of 10 with the fewest moves, sizes following their items.
///
/// ``apply(_:)`` plans the snapshot (``SnapshotPlanner``, whose steps are
/// 11.3's), applies its batch through the batch path, then the identifiers
/// follow (``IdentityIndex/apply(_:of:)``). Identifiers can also be given
/// to a layout created from sections (``setIdentifiers(sections:items:)``).
extension FlowLayoutState {
    /// Creates a layout of a snapshot's content: its sections and items, with
    /// their identifiers (`flow-layout.md` 11).
    ///
    /// - Throws: ``FlowLayoutError`` as ``init(configuration:sections:viewportSize:options:)``
    ///   and ``apply(_:)`` do; a duplicate identifier is refused with its path.
    /// - Complexity: O(n) for n items.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        snapshot: FlowSnapshot,
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        try self.init(configuration: configuration, sections: [], viewportSize: viewportSize, options: options)
        identity = IdentityIndex()
        _ = try apply(snapshot)
    }

    /// The sections' identifiers, in order, or `nil` when the content did not
    /// come from a snapshot (or a batch by index paths changed it since).
    ///
    /// - Complexity: O(1).
    public var sectionIdentifiers: [FlowIdentifier]? { identity?.sectionIDs }

    /// The identifiers of the items of `section`, in order, or `nil` without identifiers.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(items of the section).
    public func itemIdentifiers(inSection section: Int) throws(FlowLayoutError) -> [FlowIdentifier]? {
        try sections.checkSection(section, path: "section")
        return identity?.items[section].all
    }

    /// The identifier of the item at `indexPath`, or `nil` without identifiers.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)`` or
    ///   ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log n).
    public func identifier(ofItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> FlowIdentifier? {
        try sections.checkItem(indexPath, path: "indexPath")
        return identity?.items[indexPath.section][indexPath.item]
    }

    /// The content as a snapshot, with every item's own size under `sizes`,
    /// or `nil` without identifiers.
    ///
    /// - Complexity: O(n).
    public func snapshot() -> FlowSnapshot? {
        guard let identity else { return nil }
        var snapshot = FlowSnapshot()
        for q in 0..<sections.count {
            let items = identity.items[q].all
            var sizes: [FlowIdentifier: Size] = [:]
            sections[q].forEachOwnSize { item, size in sizes[items[item]] = size }
            let overrides = sections.overrides(ofSection: q)
            snapshot.appendSection(
                FlowSnapshot.Section(id: identity.sectionIDs[q], items: items, sizes: sizes, overrides: overrides))
        }
        return snapshot
    }

    /// Makes the content that of `snapshot`: works out the batch with the fewest
    /// moves (`flow-layout.md` 11.3) and applies it like
    /// ``performBatchUpdates(_:)``, keeping the anchor still. Sizes follow
    /// 11.2: the size given, else (reloaded) a self-sizing item's estimate, else
    /// the item's size before, else the size it left with in an earlier
    /// snapshot if remembered (the last 1,024 departures), else the default.
    ///
    /// A state created from sections without identifiers takes the snapshot's
    /// sections whole (every old section is deleted).
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate identifier or a size or reload of an identifier not in the
    ///   snapshot; ``FlowLayoutError/invalidValue(path:value:)`` for a bad
    ///   size; the batch's refusals (the content limit). Nothing changes.
    /// - Complexity: O(n) comparisons of identifiers side by side (no hashing;
    ///   none for a section handed as the same array as the snapshot before)
    ///   plus, for what changed, O(c · log) hashing and batch work; a long block
    ///   inserted or removed far from any agreement (more than 128 items) or a
    ///   shuffle hashes what follows it in its section.
    public mutating func apply(_ snapshot: FlowSnapshot) throws(FlowLayoutError) -> SnapshotUpdateResult {
        try apply(snapshot, positionalSizes: nil).result
    }

    /// ``apply(_:)``, with, for sections that come whole, the sizes of their
    /// items by position (`positionalSizes[q][j]`, under the sizes given):
    /// how an archive's sizes enter without a table keyed by identity. Returns
    /// the items that left too.
    mutating func apply(
        _ snapshot: FlowSnapshot, positionalSizes: [[Size?]]?
    ) throws(FlowLayoutError) -> (result: SnapshotUpdateResult, departures: [(FlowIdentifier, Size?)]) {
        let plan: SnapshotPlan
        do {
            // Scoped: the planner's copies of the sections and identities are
            // gone before the batch writes them in place.
            var planner = SnapshotPlanner(snapshot, sections: sections, identity: identity, positionalSizes: positionalSizes)
            plan = try planner.planned()
        }
        let result = try performBatchUpdates(try BatchPlan(plan.batch, in: sections), sizing: plan.sizing)
        var index = identity ?? IdentityIndex()
        identity = nil  // the lists are edited in place, not copied
        index.apply(plan, of: snapshot)
        identity = index
        checkInvariants()
        return (
            SnapshotUpdateResult(batch: plan.batch, result: result, rememberedCount: identity!.departed.count), plan.departures
        )
    }

    /// Gives the current sections and items identifiers (`flow-layout.md`
    /// 11.1), so that snapshots can be applied to a layout created from sections.
    ///
    /// - Parameters:
    ///   - sections: one identifier per section, unique among them.
    ///   - items: per section, one identifier per item, unique among all items.
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate (`items[2][7]`), ``FlowLayoutError/invalidCount(path:count:)``
    ///   for a count that does not match (`items[2]`); nothing changes.
    /// - Complexity: O(n) for n items.
    public mutating func setIdentifiers(sections: [FlowIdentifier], items: [[FlowIdentifier]]) throws(FlowLayoutError) {
        let counts = (0..<self.sections.count).map { self.sections[$0].itemCount }
        identity = try IdentityIndex(sections: sections, items: items, itemCounts: counts)
        checkInvariants()
    }

    /// The position of the item `identifier`, or `nil`.
    ///
    /// - Complexity: O(n) comparisons.
    public func indexPath(ofItem identifier: FlowIdentifier) -> FlowIndexPath? {
        guard let identity, identity.members.mayContain(identifier) else { return nil }
        return identity.position(of: identifier)
    }
}
