/// The one placement of the visible rect for an element (`flow-layout.md`
/// 8.4, 11.5): the offset along the scroll axis that puts an edge of a frame
/// at a distance from the same edge of the visible rect, on the pixel grid
/// and clamped to `[0, max(0, content − viewport)]`. A scroll to an item
/// places the item by it (its leading edge after a pinned header's cover,
/// its trailing edge before a pinned footer's, its centre at the centre);
/// a restored archive places its anchor by it; the archive's save measures
/// the anchor's distance by its inverse (``inset(of:of:)``).
///
/// Offsets and frames are presented ones (right to left scrolling
/// horizontally, the leading edge is the right one), so that comparisons are
/// those of the frames the host sees.
struct ScrollPlacement {
    /// The scroll direction.
    let direction: ScrollDirection
    /// Whether the content mirrors along the scroll axis.
    let mirrored: Bool
    /// The visible rect's span along the scroll axis.
    let visible: (min: Double, max: Double)
    /// The largest offset: the content's extent less the viewport's, or 0.
    let limit: Double
    /// The presentation whose pixel grid offsets are put on.
    let presentation: Presentation

    /// The placement in `state` as it is.
    init(_ state: inout FlowLayoutState) {
        direction = state.configuration.scrollDirection
        mirrored = state.mirrorsAlongScrollAxis
        visible = direction.crossSpan(state.visibleRectOrViewport)
        limit = Swift.max(0, direction.cross(state.contentSize) - direction.cross(state.viewportSize))
        presentation = state.presentation()
    }

    /// The visible rect's extent along the scroll axis.
    var extent: Double { visible.max - visible.min }

    /// The offset, before snapping and clamping, that puts the `kept` edge of
    /// `frame` `inset` into the visible rect from the rect's same edge (in
    /// reading order: into the rect, away from that edge).
    func offset(placing kept: KeptEdge, of frame: Rect, inset: Double) -> Double {
        let edge = kept.position(of: frame, direction: direction, mirrored: mirrored)
        switch (kept, mirrored) {
        case (.leading, false), (.trailing, true): return edge - inset
        case (.trailing, false), (.leading, true): return edge + inset - extent
        case (.center, _): return edge - extent / 2 + (mirrored ? inset : -inset)
        }
    }

    /// How far into the visible rect the `kept` edge of `frame` lies from the
    /// rect's same edge: the inverse of ``offset(placing:of:inset:)``.
    func inset(of kept: KeptEdge, of frame: Rect) -> Double {
        let edge = kept.position(of: frame, direction: direction, mirrored: mirrored)
        switch (kept, mirrored) {
        case (.leading, false), (.trailing, true): return edge - visible.min
        case (.trailing, false), (.leading, true): return visible.max - edge
        case (.center, _): return (mirrored ? 1 : -1) * (edge - (visible.min + extent / 2))
        }
    }

    /// `offset` clamped to `[0, limit]` (8.4).
    func clamped(_ offset: Double) -> Double { Swift.min(Swift.max(offset, 0), limit) }

    /// `offset` on the pixel grid, then clamped to `[0, limit]`.
    func resting(_ offset: Double) -> Double { clamped(presentation.snap(offset)) }

    /// The offset that shows `frame` at `position` (8.4), before snapping and
    /// clamping, and the edge a scroll there holds: `top`, its leading edge
    /// `headerCover` into the rect (below a pinned header); `bottom`, its
    /// trailing edge `footerCover` into it; `center`; `nearest`, the least
    /// scroll that shows it whole (unchanged if it already is).
    func offset(showing frame: Rect, at position: ScrollPosition, headerCover: Double, footerCover: Double) -> (Double, KeptEdge) {
        let top = offset(placing: .leading, of: frame, inset: headerCover)
        let bottom = offset(placing: .trailing, of: frame, inset: footerCover)
        switch position {
        case .top: return (top, .leading)
        case .center: return (offset(placing: .center, of: frame, inset: 0), .center)
        case .bottom: return (bottom, .trailing)
        case .nearest: return Self.nearestOffset(top: top, bottom: bottom, visible: visible.min, mirrors: mirrored)
        }
    }

    /// The offset `nearest` scrolls to (`flow-layout.md` 8.4), and the edge it
    /// holds: every offset between `top` and `bottom` shows the item whole, so
    /// the visible rect's `offset` stays if it is one of them (holding the
    /// leading edge), else the nearer of the two; an item longer than the space
    /// goes to `top`. Exact comparisons of presented offsets, as the reference's.
    static func nearestOffset(top: Double, bottom: Double, visible offset: Double, mirrors: Bool) -> (Double, KeptEdge) {
        let (low, high) = (Swift.min(top, bottom), Swift.max(top, bottom))
        // Exactly as long as the space: both edges show, and `top` is taken.
        let fits = mirrors ? top < bottom : bottom < top
        if !fits { return (top, .leading) }
        if offset < low { return (low, low == top ? .leading : .trailing) }
        if offset > high { return (high, high == top ? .leading : .trailing) }
        return (offset, .leading)
    }
}
