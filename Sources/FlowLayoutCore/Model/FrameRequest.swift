/// One frame of a scrolling host: where it looks now, and the real sizes of the
/// items it measured since the last frame. The engine answers a whole frame in
/// one call (``FlowLayoutState/performFrame(_:)``), so a host behind the actor
/// pays one hop per frame.
public struct FrameRequest: Hashable, Sendable {
    /// The rect of content the host will show: its content offset and bounds
    /// size. A size different from the engine's viewport is a viewport change.
    public var visibleRect: Rect
    /// Sizes measured since the last frame.
    public var sizeReports: [SizeReport]

    /// Creates a request.
    public init(visibleRect: Rect, sizeReports: [SizeReport] = []) {
        self.visibleRect = visibleRect
        self.sizeReports = sizeReports
    }
}

/// The engine's answer to one frame.
public struct FrameResult: Hashable, Sendable {
    /// What the frame's updates did: apply its content-offset adjustment.
    public var update: LayoutUpdate
    /// The requested visible rect moved by the adjustment: what the host shows.
    public var visibleRect: Rect
    /// The elements meeting ``visibleRect``, in order.
    public var elements: [LayoutAttributes]

    /// Creates a result.
    public init(update: LayoutUpdate, visibleRect: Rect, elements: [LayoutAttributes]) {
        self.update = update
        self.visibleRect = visibleRect
        self.elements = elements
    }
}
