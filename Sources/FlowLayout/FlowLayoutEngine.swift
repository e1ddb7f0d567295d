@_exported import FlowLayoutCore

/// The flow layout engine for concurrent hosts: an actor that owns one
/// ``/FlowLayoutCore/FlowLayoutState`` and applies every call to it atomically.
///
/// It holds no layout math: each method forwards to the state and returns
/// value types. A scrolling host pays one actor hop per frame with
/// ``performFrame(_:)``, which reports the sizes measured since the last frame,
/// applies the anchoring adjustment and returns what to show. Drive it from a
/// nonisolated task; a hop from the main actor costs a thread switch each way.
///
/// Every query and update of ``/FlowLayoutCore/FlowLayoutState`` has a method of the same name
/// here. For several calls that must not interleave with other tasks' calls, use
/// ``withState(_:)``; for reading a consistent copy off the actor, ``snapshot``.
/// A host that owns a thread and needs no concurrency can use
/// ``/FlowLayoutCore/FlowLayoutState`` directly: same API, no hops.
public actor FlowLayoutEngine {
    private var state: FlowLayoutState

    /// Creates an engine for `sections` under `configuration`.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first invalid value.
    /// - Complexity: O(S), plus O(n) to validate per-item sizes.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        sections: [FlowSection],
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewportSize, options: options)
    }

    /// Creates an engine that owns a copy of `state`.
    ///
    /// - Complexity: O(1); the copy shares storage with `state` until one of
    ///   them changes.
    public init(state: FlowLayoutState) {
        self.state = state
    }

    /// A copy of the current state, for reading off the actor or handing to a
    /// thread that will drive the core synchronously.
    ///
    /// - Complexity: O(1); copies share storage until one of them changes.
    public var snapshot: FlowLayoutState { state }

    // MARK: Frames and queries

    /// One frame in one call: see ``/FlowLayoutCore/FlowLayoutState/performFrame(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log R + k) for k visible
    ///   elements and the cost of the reports.
    public func performFrame(_ request: FrameRequest) throws(FlowLayoutError) -> FrameResult {
        try state.performFrame(request)
    }

    /// The elements meeting `rect`: see ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForElements(in:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log R + k).
    public func layoutAttributesForElements(in rect: Rect) throws(FlowLayoutError) -> [LayoutAttributes] {
        try state.layoutAttributesForElements(in: rect)
    }

    /// One cell's attributes: see ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForItem(at:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log R + run length).
    public func layoutAttributesForItem(at indexPath: FlowIndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try state.layoutAttributesForItem(at: indexPath)
    }

    /// A header's or footer's attributes: see
    /// ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForSupplementaryElement(ofKind:at:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S).
    public func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: FlowIndexPath
    ) throws(FlowLayoutError) -> LayoutAttributes? {
        try state.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
    }

    /// The content size, exact for every section laid out: see
    /// ``/FlowLayoutCore/FlowLayoutState/contentSize``.
    ///
    /// - Complexity: one actor hop, O(1).
    public var contentSize: Size { state.contentSize }

    /// Lays out every pending section and returns the exact content size: see
    /// ``/FlowLayoutCore/FlowLayoutState/exactContentSize()``.
    ///
    /// - Complexity: one actor hop, plus the layout of the pending sections.
    public func exactContentSize() -> Size { state.exactContentSize() }

    /// The number of sections.
    ///
    /// - Complexity: one actor hop, O(1).
    public var numberOfSections: Int { state.numberOfSections }

    /// The number of items in `section`: see ``/FlowLayoutCore/FlowLayoutState/numberOfItems(inSection:)``.
    ///
    /// - Complexity: one actor hop, O(log S).
    public func numberOfItems(inSection section: Int) throws(FlowLayoutError) -> Int {
        try state.numberOfItems(inSection: section)
    }

    /// Oversize items of a section: see ``/FlowLayoutCore/FlowLayoutState/diagnostics(inSection:)``.
    ///
    /// - Complexity: one actor hop, plus O(n) for a section with items of its own.
    public func diagnostics(inSection section: Int) throws(FlowLayoutError) -> [LayoutDiagnostic] {
        try state.diagnostics(inSection: section)
    }

    /// The bytes of heap the state holds (for the package's benchmarks and tests).
    ///
    /// - Complexity: one actor hop, O(S + runs).
    package var memoryFootprint: Int { state.memoryFootprint }

    /// The work counters (for the package's benchmarks and tests).
    ///
    /// - Complexity: one actor hop, O(1).
    package var workCounters: LayoutWorkCounters { state.workCounters }

    // MARK: Updates

    /// Applies reported sizes: see ``/FlowLayoutCore/FlowLayoutState/reportSizes(_:)``.
    ///
    /// - Complexity: one actor hop, plus per report O(log S + log R) and the
    ///   lines it re-breaks.
    public func reportSizes(_ reports: [SizeReport]) throws(FlowLayoutError) -> LayoutUpdate {
        try state.reportSizes(reports)
    }

    /// Applies one reported size: see ``/FlowLayoutCore/FlowLayoutState/reportSize(_:forItemAt:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log R) and the lines re-broken.
    public func reportSize(_ size: Size, forItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> LayoutUpdate {
        try state.reportSize(size, forItemAt: indexPath)
    }

    /// Applies a batch of data changes: see ``/FlowLayoutCore/FlowLayoutState/performBatchUpdates(_:)``.
    ///
    /// - Complexity: one actor hop, plus what the batch can move.
    public func performBatchUpdates(_ batch: BatchUpdate) throws(FlowLayoutError) -> BatchUpdateResult {
        try state.performBatchUpdates(batch)
    }

    /// Sets the visible rect: see ``/FlowLayoutCore/FlowLayoutState/setVisibleRect(_:)``.
    ///
    /// - Complexity: one actor hop, O(1).
    public func setVisibleRect(_ rect: Rect) throws(FlowLayoutError) {
        try state.setVisibleRect(rect)
    }

    /// Changes the viewport size: see ``/FlowLayoutCore/FlowLayoutState/setViewportSize(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(S) and the sections up to the anchor.
    public func setViewportSize(_ size: Size) throws(FlowLayoutError) -> LayoutUpdate {
        try state.setViewportSize(size)
    }

    /// Replaces the layout-wide properties: see ``/FlowLayoutCore/FlowLayoutState/setConfiguration(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(S) and the sections up to the anchor.
    public func setConfiguration(_ configuration: FlowLayoutConfiguration) throws(FlowLayoutError) -> LayoutUpdate {
        try state.setConfiguration(configuration)
    }

    /// Changes the settings beyond UIKit: see ``/FlowLayoutCore/FlowLayoutState/setOptions(_:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an invalid display scale.
    /// - Complexity: one actor hop, plus finding the anchor.
    @discardableResult
    public func setOptions(_ options: FlowLayoutOptions) throws(FlowLayoutError) -> LayoutUpdate {
        try state.setOptions(options)
    }

    /// The content offset that shows an item at a position: see
    /// ``/FlowLayoutCore/FlowLayoutState/contentOffset(forItemAt:position:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path out of range.
    /// - Complexity: one actor hop, plus O(log S + log R + line).
    public func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition) throws(FlowLayoutError)
        -> Point
    {
        try state.contentOffset(forItemAt: indexPath, position: position)
    }

    /// Where a scroll gesture comes to rest: see
    /// ``/FlowLayoutCore/FlowLayoutState/targetContentOffset(forProposedContentOffset:velocity:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a NaN or infinite component.
    /// - Complexity: one actor hop, plus O(log S + log R + a few lines).
    public func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point) throws(FlowLayoutError)
        -> Point
    {
        try state.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
    }

    /// Zeroes the work counters.
    ///
    /// - Complexity: one actor hop, O(1).
    package func resetWorkCounters() {
        state.workCounters = LayoutWorkCounters()
    }

    /// Runs `body` on the state in one isolated step, for a batch of calls that
    /// must not interleave with other tasks' calls. If `body` throws, the state
    /// is left as the throwing call left it: unchanged, for the engine's own
    /// validating calls.
    ///
    /// - Complexity: one actor hop, plus what `body` does.
    public func withState<Result: Sendable, Failure: Error>(
        _ body: @Sendable (inout FlowLayoutState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&state)
    }
}
