/// Snapshots, save and restore (`flow-layout.md` 11) on the actor: each call
/// forwards to the state in one hop.
extension FlowLayoutEngine {
    /// Creates an engine for the content of `snapshot`: see
    /// ``/FlowLayoutCore/FlowLayoutState/init(configuration:snapshot:viewportSize:options:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first invalid value or duplicate.
    /// - Complexity: O(n) for n items.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        snapshot: FlowSnapshot,
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        self.init(
            state: try FlowLayoutState(
                configuration: configuration, snapshot: snapshot, viewportSize: viewportSize, options: options))
    }

    /// Creates an engine restored from an archive against this launch's content:
    /// see ``/FlowLayoutCore/FlowLayoutState/restoring(_:snapshot:configuration:viewportSize:options:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidArchive(_:)`` for a
    ///   damaged, foreign or future archive; the snapshot's refusals. Nothing is restored.
    /// - Complexity: O(n), plus what differs from the saved content.
    public init(
        restoring archive: [UInt8],
        snapshot: FlowSnapshot,
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        let restoration = try FlowLayoutState.restoring(
            archive, snapshot: snapshot, configuration: configuration, viewportSize: viewportSize, options: options)
        self.init(state: restoration.state)
    }

    /// Makes the content that of `snapshot`: see ``/FlowLayoutCore/FlowLayoutState/apply(_:)``.
    ///
    /// - Complexity: one actor hop, plus what changed (identifiers compared side by side).
    public func apply(_ snapshot: FlowSnapshot) throws(FlowLayoutError) -> SnapshotUpdateResult {
        try withState { (state) throws(FlowLayoutError) in try state.apply(snapshot) }
    }

    /// The archive of what the layout knows: see ``/FlowLayoutCore/FlowLayoutState/archive()``.
    ///
    /// - Complexity: one actor hop, plus O(n).
    public func archive() -> [UInt8]? {
        withState { $0.archive() }
    }
}
