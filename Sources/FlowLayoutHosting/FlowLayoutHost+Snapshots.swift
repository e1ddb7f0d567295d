/// Snapshots, save and restore (`flow-layout.md` 11) for a host: UIKit's
/// `apply(_:animatingDifferences:)` of a diffable data source, and a scroll
/// position and measured sizes kept across launches.
extension FlowLayoutHost {
    /// Applies `snapshot` as one batch update (11.3), like
    /// ``prepare(forCollectionViewUpdates:sections:itemSizes:)``: the anchor is
    /// kept still (``targetContentOffset(forProposedContentOffset:)->Point``
    /// answers the offset that keeps it) and the frames before and after answer
    /// the appearing and disappearing attributes until
    /// ``finalizeCollectionViewUpdates()``. The result's batch is the update
    /// the collection view animates.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` as
    ///   ``/FlowLayoutCore/FlowLayoutState/apply(_:)`` does; nothing is applied.
    /// - Complexity: that of ``/FlowLayoutCore/FlowLayoutState/apply(_:)``.
    @discardableResult
    public func apply(_ snapshot: FlowSnapshot) throws(FlowLayoutError) -> SnapshotUpdateResult {
        let applied = try state.apply(snapshot)
        counters.batchUpdates += 1
        elementsInView = nil
        transitions = UpdateTransitions(applied.result.transitions, configuration: state.configuration)
        return applied
    }

    /// The archive of what the layout knows (11.5), to write when the app
    /// goes to the background; `nil` when the content has no identifiers.
    ///
    /// - Complexity: O(n).
    public func archive() -> [UInt8]? {
        state.archive()
    }

    /// Replaces the layout with `snapshot`'s content restored from `archive`
    /// (11.5), as ``reloadData(sections:)`` does for sections: measured sizes
    /// re-attach by identity, and the bounds move so that the saved anchor sits
    /// where it was on screen (``targetContentOffset(forProposedContentOffset:)->Point``
    /// answers that offset until the bounds move there).
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidArchive(_:)`` for a
    ///   damaged, foreign or future archive; the snapshot's refusals. The
    ///   layout is unchanged.
    /// - Complexity: O(n), plus what differs from the saved content.
    @discardableResult
    public func restore(_ archive: [UInt8], snapshot: FlowSnapshot) throws(FlowLayoutError) -> FlowLayoutRestoration {
        let restoration = try FlowLayoutState.restoring(
            archive, snapshot: snapshot, configuration: state.configuration, viewportSize: state.viewportSize,
            options: state.options)
        // The restored anchor placed the rect, and the state holds it there:
        // the offset to answer after.
        state = restoration.state
        transitions = nil
        elementsInView = nil
        return restoration
    }
}
