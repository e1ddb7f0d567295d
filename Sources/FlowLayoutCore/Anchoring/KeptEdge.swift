/// An edge of a frame along the scroll axis, in reading order, that an
/// update keeps in place (`flow-layout.md` 7.2, 8.4, 10.4): the leading edge
/// is the top (the left scrolling horizontally; the right, right to left).
enum KeptEdge: Hashable, Sendable {
    case leading
    case center
    case trailing

    /// The position along the scroll axis of this edge of `frame`, scrolling
    /// in `direction`; `mirrored` when the content mirrors along the scroll
    /// axis (right to left, scrolling horizontally: the leading edge is then
    /// the larger coordinate).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func position(of frame: Rect, direction: ScrollDirection, mirrored: Bool) -> Double {
        let span = direction.crossSpan(frame)
        switch self {
        case .leading: return mirrored ? span.max : span.min
        case .center: return span.min + (span.max - span.min) / 2
        case .trailing: return mirrored ? span.min : span.max
        }
    }
}

/// An element kept still through an update, as it was before it.
struct VisibleAnchor: Hashable, Sendable {
    /// The element, as it was identified before the update.
    var element: ElementIdentifier
    /// Its frame before the update.
    var frame: Rect
    /// Which of its edges along the scroll axis stays put.
    var kept: KeptEdge
    /// That edge before the update.
    var edge: Double
}

/// Where the engine last put the visible rect (`flow-layout.md` 7.2, 8.4,
/// 10.4), held while the host keeps it there: the content offset an update's
/// adjustment asks for (a host answers it when asked for the offset after an
/// update), and after a scroll to an item, that item and its kept edge.
struct AnchorHold: Hashable, Sendable {
    /// The visible rect's origin the engine asked for, moved by every
    /// adjustment since: a visible rect elsewhere means the host scrolled away.
    var origin: Point
    /// The item a scroll to an item keeps where it put it, until a batch or a
    /// scroll elsewhere.
    var target: ScrollTarget?
}

/// The item a host scrolled to (`flow-layout.md` 8.4), kept at its position
/// while the visible rect stays where the engine put it.
struct ScrollTarget: Hashable, Sendable {
    /// The item.
    var indexPath: FlowIndexPath
    /// The edge of it held where the scroll put it.
    var kept: KeptEdge

    /// The target as an element.
    var element: ElementIdentifier { ElementIdentifier(category: .cell, indexPath: indexPath) }
}
