/// Batch updates (`flow-layout.md` 10): the data changes, applied
/// incrementally, with the anchor kept still and the frames to animate. The
/// steps are ``BatchChange``'s; the batch is planned once, here.
extension FlowLayoutState {
    /// Applies a batch of section and item deletions, insertions, moves and
    /// reloads, keeps the anchor still, and returns the frames to animate.
    ///
    /// Item identifiers (`flow-layout.md` 11.1) follow the items a batch
    /// deletes, moves and reloads; a batch that inserts an item or a section,
    /// or reloads a section, brings content without identifiers and leaves the
    /// layout without any (``sectionIdentifiers`` is then `nil`).
    ///
    /// - Throws: ``FlowLayoutError`` naming the first bad operation (its field
    ///   path: `insertItems[0].item`), or the content limit; nothing is applied.
    /// - Complexity: O(log S) per section inserted, deleted or moved; per section
    ///   whose items change, O(log R) per change plus the items re-broken until the
    ///   lines are back in step; O(k · log) for the k elements in view before and
    ///   after. Nothing off screen is laid out beyond what the changes need.
    public mutating func performBatchUpdates(_ batch: BatchUpdate) throws(FlowLayoutError) -> BatchUpdateResult {
        let plan = try BatchPlan(batch, in: sections)
        guard let before = identity else { return try performBatchUpdates(plan) }
        // Identifiers follow the items the batch names, when it names them all.
        let identities = before.after(plan)
        let result = try performBatchUpdates(plan)
        identity = identities
        checkInvariants()
        return result
    }

    /// Moves one item, as a batch of that one move does, but without anchoring
    /// or transitions: the visible rect stays where it is and nothing in view
    /// is read. For a host that moves an item while the user drags it (UIKit's
    /// interactive movement keeps the content offset), step after step. An
    /// item with an identifier keeps it (`flow-layout.md` 11.1).
    ///
    /// - Throws: ``FlowLayoutError`` for an index path out of range (at
    ///   `moveItems[0].from` or `moveItems[0].to`); nothing changes.
    /// - Complexity: O(log S + log R) plus the items re-broken in the one or
    ///   two sections until their lines are back in step.
    public mutating func moveItem(at indexPath: FlowIndexPath, to newIndexPath: FlowIndexPath) throws(FlowLayoutError)
        -> LayoutUpdate
    {
        var batch = BatchUpdate()
        batch.moveItem(at: indexPath, to: newIndexPath)
        var change = BatchChange(try BatchPlan(batch, in: sections), in: sections, readsView: false, endsScrollTarget: false)
        let update = try update(&change)
        identity?.moveItem(at: indexPath, to: newIndexPath)
        checkInvariants()
        return update
    }

    /// Applies `batch` without anchoring or transitions, the visible rect
    /// staying where it is (a scroll to an item ends, as with any batch):
    /// for a host that supplies content it had left out (sections it reloads
    /// with their content as queries reach them), which must not move what
    /// the user sees.
    ///
    /// - Throws: as ``performBatchUpdates(_:)``; nothing is applied.
    /// - Complexity: as ``performBatchUpdates(_:)``, without the elements in view.
    package mutating func performBatchUpdatesKeepingVisibleRect(_ batch: BatchUpdate) throws(FlowLayoutError) -> LayoutUpdate {
        let plan = try BatchPlan(batch, in: sections)
        let identities = identity.map { $0.after(plan) }
        var change = BatchChange(plan, in: sections, readsView: false)
        let update = try update(&change)
        if let identities { identity = identities }
        checkInvariants()
        return update
    }

    /// Applies a planned batch (checked against the layout as it is) with
    /// `sizing` for the sections it brings whole, through the anchored-update
    /// step, and returns its transitions: the one path of a batch and of a
    /// snapshot.
    mutating func performBatchUpdates(_ plan: __owned BatchPlan, sizing: __owned [Int: [ItemEdit]] = [:]) throws(FlowLayoutError)
        -> BatchUpdateResult
    {
        var change = BatchChange(plan, in: sections, sizing: sizing)
        let update = try update(&change)
        let transitions = change.transitions(adjustment: update.contentOffsetAdjustment, in: &self)
        return BatchUpdateResult(update: update, transitions: transitions)
    }
}
