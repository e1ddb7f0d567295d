@_exported import FlowLayoutCore

/// The flow layout engine for concurrent hosts: an actor that owns one
/// ``FlowLayoutState`` and applies every call to it atomically.
///
/// It holds no layout math: each method forwards to the state and returns
/// value types. A scrolling host pays one actor hop per frame with
/// ``performFrame(_:)``, which reports the sizes measured since the last frame,
/// applies the anchoring adjustment and returns what to show. Drive it from a
/// nonisolated task; a hop from the main actor costs a thread switch each way.
///
/// A host that owns a thread and needs no concurrency can use
/// ``FlowLayoutState`` directly: same API, no hops.
public actor FlowLayoutEngine {
    private var state: FlowLayoutState

    /// Creates an engine for `sections` under `configuration`.
    ///
    /// - Throws: ``FlowLayoutError`` naming the first invalid value.
    /// - Complexity: O(S), plus O(n) to validate per-item sizes.
    public init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        sections: [FlowSection],
        viewportSize: Size,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws {
        state = try FlowLayoutState(
            configuration: configuration, sections: sections, viewportSize: viewportSize, options: options)
    }

    /// Creates an engine that owns a copy of `state`.
    public init(state: FlowLayoutState) {
        self.state = state
    }

    /// A copy of the current state, for reading off the actor or handing to a
    /// thread that will drive the core synchronously.
    ///
    /// - Complexity: O(1); copies share storage until one of them changes.
    public var snapshot: FlowLayoutState { state }

    /// One frame in one call: see ``FlowLayoutState/performFrame(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log B + k) for k visible
    ///   elements and the cost of the reports.
    public func performFrame(_ request: FrameRequest) throws -> FrameResult {
        try state.performFrame(request)
    }

    /// The elements meeting `rect`: see ``FlowLayoutState/layoutAttributesForElements(in:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log B + k).
    public func layoutAttributesForElements(in rect: Rect) throws -> [LayoutAttributes] {
        try state.layoutAttributesForElements(in: rect)
    }

    /// One cell's attributes: see ``FlowLayoutState/layoutAttributesForItem(at:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log B + line length).
    public func layoutAttributesForItem(at indexPath: FlowIndexPath) throws -> LayoutAttributes {
        try state.layoutAttributesForItem(at: indexPath)
    }

    /// A header's or footer's attributes: see
    /// ``FlowLayoutState/layoutAttributesForSupplementaryElement(ofKind:at:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S).
    public func layoutAttributesForSupplementaryElement(
        ofKind category: ElementCategory, at indexPath: FlowIndexPath
    ) throws -> LayoutAttributes? {
        try state.layoutAttributesForSupplementaryElement(ofKind: category, at: indexPath)
    }

    /// The exact content size: see ``FlowLayoutState/contentSize``.
    ///
    /// - Complexity: one actor hop; O(1) when no section is pending.
    public var contentSize: Size { state.contentSize }

    /// The content size with pending sections estimated: see
    /// ``FlowLayoutState/estimatedContentSize``.
    ///
    /// - Complexity: one actor hop, O(1).
    public var estimatedContentSize: Size { state.estimatedContentSize }

    /// Applies reported sizes: see ``FlowLayoutState/reportSizes(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(log S + log B + lines re-broken) a report.
    public func reportSizes(_ reports: [SizeReport]) throws -> LayoutUpdate {
        try state.reportSizes(reports)
    }

    /// Sets the visible rect: see ``FlowLayoutState/setVisibleRect(_:)``.
    ///
    /// - Complexity: one actor hop, O(1).
    public func setVisibleRect(_ rect: Rect) throws {
        try state.setVisibleRect(rect)
    }

    /// Changes the viewport size: see ``FlowLayoutState/setViewportSize(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(S) and the sections up to the anchor.
    public func setViewportSize(_ size: Size) throws -> LayoutUpdate {
        try state.setViewportSize(size)
    }

    /// Replaces the layout-wide properties: see ``FlowLayoutState/setConfiguration(_:)``.
    ///
    /// - Complexity: one actor hop, plus O(S) and the sections up to the anchor.
    public func setConfiguration(_ configuration: FlowLayoutConfiguration) throws -> LayoutUpdate {
        try state.setConfiguration(configuration)
    }

    /// Changes the engine options: see ``FlowLayoutState/setOptions(_:)``.
    ///
    /// - Complexity: one actor hop, O(1).
    public func setOptions(_ options: FlowLayoutOptions) {
        state.setOptions(options)
    }

    /// The work counters: see ``FlowLayoutState/workCounters``.
    ///
    /// - Complexity: one actor hop, O(1).
    public var workCounters: LayoutWorkCounters { state.workCounters }

    /// Runs `body` on the state in one isolated step, for a batch of calls that
    /// must not interleave with other tasks' calls. If `body` throws, the state
    /// is left as the throwing call left it: unchanged, for the engine's own
    /// validating calls.
    ///
    /// - Complexity: one actor hop, plus what `body` does.
    public func withState<Result: Sendable>(
        _ body: @Sendable (inout FlowLayoutState) throws -> Result
    ) rethrows -> Result {
        try body(&state)
    }
}
