import FlowLayoutCore

/// Scrolling to an item (`flow-layout.md` 8.4) and where scrolling comes to rest
/// (8.5), by brute force over presented frames: every candidate is listed, then
/// the rule picks one.
///
/// Offsets are the visible rect's origin along the scroll axis; across it, the
/// visible rect's (8.4) or the proposal's (8.5) is kept.
extension ReferencePresentation {
    /// The offset that shows an item at `position`, and which of its edges the
    /// engine then holds still (8.4).
    ///
    /// Working along the scroll axis on the item's presented span `[a, b]` and
    /// V's extent `L`: `top` puts the leading edge at V's leading edge, below its
    /// section's header when headers pin (and `bottom` the trailing edge above
    /// its footer when footers pin); `center` the centres together; `nearest`
    /// keeps V's offset if the item is whole in view (between those covers), else
    /// moves the least that shows it, or to `top` if it cannot be shown whole.
    /// Then the offset is snapped to the pixel grid and clamped to
    /// `[0, max(0, content − viewport)]`.
    ///
    /// - Parameter hostContentSize: the content size to clamp to, when not the
    ///   presented one: an engine that has not laid out sections past the item
    ///   gives its host a content size that counts them at their estimates.
    /// - Complexity: O(n).
    package func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition, hostContentSize: Size? = nil)
        -> (offset: Point, kept: Edge)
    {
        let item = attributes.first { $0.category == .cell && $0.indexPath == indexPath }!.frame
        let section = natural.sectionSpans[indexPath.section]
        let headerCover = configuration.sectionHeadersPinToVisibleBounds ? section.headerExtent : 0
        let footerCover = configuration.sectionFootersPinToVisibleBounds ? section.footerExtent : 0
        let own = span(item)
        let visible = span(visibleRect)
        let extent = visible.max - visible.min
        // The offsets that put the item's leading edge just after the header
        // cover, and its trailing edge just before the footer cover.
        let top = leadsFromMax ? own.max + headerCover - extent : own.min - headerCover
        let bottom = leadsFromMax ? own.min - footerCover : own.max + footerCover - extent
        let chosen: (Double, Edge)
        switch position {
        case .top: chosen = (top, .leading)
        case .bottom: chosen = (bottom, .trailing)
        case .center: chosen = (own.min + (own.max - own.min) / 2 - extent / 2, .center)
        case .nearest:
            // Every offset in [low, high] shows the item whole.
            let (low, high) = (min(top, bottom), max(top, bottom))
            let fits = leadsFromMax ? top <= bottom : bottom <= top
            if !fits {
                chosen = (top, .leading)
            } else if visible.min < low {
                chosen = (low, low == top ? .leading : .trailing)
            } else if visible.min > high {
                chosen = (high, high == top ? .leading : .trailing)
            } else {
                chosen = (visible.min, .leading)
            }
        }
        let offset = clamped(snap(chosen.0), hostContentSize: hostContentSize)
        let point = vertical ? Point(x: visibleRect.minX, y: offset) : Point(x: offset, y: visibleRect.minY)
        return (point, chosen.1)
    }

    /// Where a scroll released at `proposed` with `velocity` comes to rest (8.5):
    /// every candidate is listed; at zero velocity the nearest wins (the smaller
    /// on a tie), moving forward the first at or after the proposal, moving back
    /// the last at or before it; with no candidate on that side the proposal
    /// stays; then clamped (to `hostContentSize`, when given, as in
    /// ``contentOffset(forItemAt:position:hostContentSize:)``). Snapping off
    /// returns the proposal unclamped.
    ///
    /// - Complexity: O(n).
    package func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point, hostContentSize: Size? = nil)
        -> Point
    {
        guard options.snapping != .none else { return proposed }
        let p = vertical ? proposed.y : proposed.x
        let v = vertical ? velocity.y : velocity.x
        let before = candidates(around: p).filter { $0 <= p }.max()
        let after = candidates(around: p).filter { $0 >= p }.min()
        var chosen = p
        if v > 0 {
            chosen = after ?? p
        } else if v < 0 {
            chosen = before ?? p
        } else if let before, let after {
            chosen = p - before <= after - p ? before : after
        } else {
            chosen = before ?? after ?? p
        }
        let offset = clamped(chosen, hostContentSize: hostContentSize)
        return vertical ? Point(x: proposed.x, y: offset) : Point(x: offset, y: proposed.y)
    }

    /// Every snapping candidate: for pages, the multiples of the viewport's
    /// extent next to `p` (there are infinitely many; only the nearest can win).
    package func candidates(around p: Double) -> [Double] {
        let extent = vertical ? viewportSize.height : viewportSize.width
        switch options.snapping {
        case .none:
            return []
        case .page:
            guard extent > 0 else { return [] }
            let k = (p / extent).rounded(.down)
            return (-2...2).map { (k + Double($0)) * extent }
        case .itemCenter:
            return attributes.filter { $0.category == .cell }.map { edge(.center, of: $0.frame) - extent / 2 }
        case .lineStart:
            // The offset that puts an edge at V's leading edge: the edge itself,
            // or, leading from the right, the edge minus V's extent.
            func offset(leadingEdge: Double) -> Double { leadsFromMax ? leadingEdge - extent : leadingEdge }
            let lines = natural.lineRanges.map { range in
                let edges = attributes[range].map { edge(.leading, of: $0.frame) }
                return offset(leadingEdge: leadsFromMax ? edges.max()! : edges.min()!)
            }
            let headers = unpinnedAttributes.filter { $0.category == .header }.map { offset(leadingEdge: edge(.leading, of: $0.frame)) }
            return lines + headers
        }
    }

    /// `offset` within `[0, max(0, content − viewport)]` along the scroll axis,
    /// for the presented content size or `hostContentSize`.
    package func clamped(_ offset: Double, hostContentSize: Size? = nil) -> Double {
        let content = hostContentSize ?? contentSize
        let limit = vertical ? content.height - viewportSize.height : content.width - viewportSize.width
        return min(max(offset, 0), max(0, limit))
    }
}
