/// Scroll anchoring (`flow-layout.md` 7.2, 8.4, 10.4): every update keeps one
/// visible element still on screen.
///
/// An update captures a ``VisibleAnchor`` before it changes anything: the first
/// element meeting the visible rect (the last, with
/// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``) and the edge of it that
/// must stay put; or, after a scroll to an item (8.4), that item and the edge
/// its position names, until the host scrolls elsewhere. After the change it
/// asks the anchor where that element's edge is now; the difference is the
/// content-offset adjustment, which also moves the stored visible rect, as the
/// host's will. Frames are presented frames (mirrored, snapped), so a snapped
/// anchor moves by whole pixels, and pinned headers and footers, which move
/// with the visible rect, are never the anchor.
struct VisibleAnchor: Hashable, Sendable {
    /// The element kept still, as it was identified before the update.
    var element: ElementIdentifier
    /// Its frame before the update.
    var frame: Rect
    /// Which of its edges along the scroll axis stays put.
    var kept: KeptEdge
    /// That edge before the update.
    var edge: Double
}

/// An edge of a frame along the scroll axis, in reading order: the leading edge
/// is the top (the left scrolling horizontally; the right, right to left).
enum KeptEdge: Hashable, Sendable {
    case leading
    case center
    case trailing
}

/// The item a host scrolled to (`flow-layout.md` 8.4), kept at its position
/// while the visible rect stays where the engine put it.
struct ScrollTarget: Hashable, Sendable {
    /// The item.
    var indexPath: FlowIndexPath
    /// The edge of it held where the scroll put it.
    var kept: KeptEdge
    /// The visible rect's origin the scroll asked for, moved by every adjustment
    /// since: a visible rect elsewhere means the host scrolled away.
    var origin: Point
}

extension FlowLayoutState {
    /// The anchor of the current visible rect: the scroll target while the host
    /// stays on it, else the first (or last) visible element that does not pin;
    /// `nil` when no rect is set or it shows nothing.
    ///
    /// - Parameter next: the configuration the update is about to set: an
    ///   element that pins after the update is no anchor either (its frame then
    ///   follows the visible rect, so keeping it still would move the content).
    mutating func captureAnchor(before next: FlowLayoutConfiguration? = nil) -> VisibleAnchor? {
        guard let rect = visibleRect else { return nil }
        if let target = scrollTarget {
            if target.origin == rect.origin, let frame = currentFrame(of: target.element) {
                return VisibleAnchor(
                    element: target.element, frame: frame, kept: target.kept, edge: edge(target.kept, of: frame))
            }
            scrollTarget = nil
        }
        var found: LayoutAttributes?
        let takesLast = options.scrollAnchor == .lastVisibleItem
        let pinned = (
            header: pins(.header) || next?.sectionHeadersPinToVisibleBounds == true,
            footer: pins(.footer) || next?.sectionFootersPinToVisibleBounds == true
        )
        forEachElement(in: rect) {
            if $0.category == .header ? pinned.header : $0.category == .footer && pinned.footer { return true }
            found = $0
            return takesLast
        }
        guard let found else { return nil }
        let kept: KeptEdge = takesLast ? .trailing : .leading
        return VisibleAnchor(element: found.identifier, frame: found.frame, kept: kept, edge: edge(kept, of: found.frame))
    }

    /// The position along the scroll axis of one edge of `frame`.
    func edge(_ kept: KeptEdge, of frame: Rect) -> Double {
        let span = configuration.scrollDirection.crossSpan(frame)
        let leadsFromMax = mirrorsAlongScrollAxis
        switch kept {
        case .leading: return leadsFromMax ? span.max : span.min
        case .center: return span.min + (span.max - span.min) / 2
        case .trailing: return leadsFromMax ? span.min : span.max
        }
    }

    /// The frame of an element as laid out now (`nil` for an omitted header or footer).
    mutating func currentFrame(of element: ElementIdentifier) -> Rect? {
        switch element.category {
        case .cell: attributesForItem(at: element.indexPath).frame
        case .header, .footer: supplementaryAttributes(element.category, section: element.indexPath.section)?.frame
        }
    }

    /// Finishes an update: the adjustment that puts `anchor` (now identified as
    /// `current`, when the update renumbered it) back where it was on screen,
    /// applied to the stored visible rect (and the scroll target's origin), with
    /// the content sizes.
    mutating func finishUpdate(
        anchor: VisibleAnchor?, current: ElementIdentifier? = nil, previousContentSize: Size
    ) -> LayoutUpdate {
        var adjustment = Point.zero
        var kept: ElementIdentifier?
        if let anchor, let identifier = current ?? Optional(anchor.element), let frame = currentFrame(of: identifier) {
            adjustment = configuration.scrollDirection.offset(cross: edge(anchor.kept, of: frame) - anchor.edge)
            kept = identifier
            if var rect = visibleRect {
                rect.origin.x += adjustment.x
                rect.origin.y += adjustment.y
                visibleRect = rect
                scrollTarget?.origin = rect.origin
            }
        }
        return LayoutUpdate(
            contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize, contentSize: contentSize,
            anchor: kept, previousAnchorFrame: kept == nil ? nil : anchor?.frame)
    }
}

extension ScrollTarget {
    /// The target as an element.
    var element: ElementIdentifier { ElementIdentifier(category: .cell, indexPath: indexPath) }
}
