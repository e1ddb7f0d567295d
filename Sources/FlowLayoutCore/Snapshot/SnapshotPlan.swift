/// A snapshot worked out against the layout as it is, before anything
/// changes (``SnapshotPlanner``): the batch it is applied as, and how the
/// identities follow.
struct SnapshotPlan {
    /// The batch.
    var batch = BatchUpdate()
    /// Sizes for the sections that come whole, by index after.
    var sizing: [Int: [ItemEdit]] = [:]
    /// For each surviving section not coming whole, by index after: its index
    /// before, and its identifier list's removals and placements.
    var listChanges: [ListChange?] = []
    /// Items that leave the layout, with the size of their own they leave with.
    var departures: [(FlowIdentifier, Size?)] = []
    /// Items new to the layout.
    var newcomers = IdentifierSet()
    /// The same, in order.
    var newcomerList: [FlowIdentifier] = []
    /// Whether the snapshot has the same sections, in the same order, as the
    /// layout before (its section identifiers are then those before).
    var sameSections = false
}

/// How a surviving section's identifier list changes: the section's index
/// before, the positions removed (before) and the identifiers placed (after).
struct ListChange {
    var source: Int
    var removed: [Int] = []
    var placed: [(position: Int, identifier: FlowIdentifier)] = []
}
