import FlowLayout

/// The scroll-axis geometry a session reads: the visible rect at an offset and
/// a rect's edges along the axis.
extension ScrollDirection {
    /// The visible rect at a scroll offset.
    func visibleRect(offset: Double, viewport: Size) -> Rect {
        self == .vertical
            ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
            : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
    }

    /// A rect's leading edge along the scroll axis.
    func crossMin(_ rect: Rect) -> Double { self == .vertical ? rect.minY : rect.minX }
    /// A rect's trailing edge along the scroll axis.
    func crossMax(_ rect: Rect) -> Double { self == .vertical ? rect.maxY : rect.maxX }
}
