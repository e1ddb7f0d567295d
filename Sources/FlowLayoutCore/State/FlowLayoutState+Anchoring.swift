/// Scroll anchoring (`flow-layout.md` 7.2, 10.4): every update keeps one visible
/// element still on screen.
///
/// An update captures a ``VisibleAnchor`` before it changes anything: the first
/// element meeting the visible rect (the last, with
/// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``) and the edge of it that
/// must stay put. After the change it asks the anchor where that element's edge
/// is now; the difference is the content-offset adjustment, which also moves the
/// stored visible rect, as the host's will.
struct VisibleAnchor: Hashable, Sendable {
    /// The element kept still, as it was identified before the update.
    var element: ElementIdentifier
    /// Its frame before the update.
    var frame: Rect
    /// Its kept edge along the scroll axis before the update.
    var edge: Double
}

extension FlowLayoutState {
    /// The anchor of the current visible rect, or `nil` when no rect is set or it
    /// shows nothing.
    mutating func captureAnchor() -> VisibleAnchor? {
        guard let rect = visibleRect else { return nil }
        var found: LayoutAttributes?
        let takesLast = options.scrollAnchor == .lastVisibleItem
        forEachElement(in: rect) {
            found = $0
            return takesLast
        }
        guard let found else { return nil }
        return VisibleAnchor(element: found.identifier, frame: found.frame, edge: keptEdge(of: found.frame))
    }

    /// The edge an anchor keeps: leading for the first visible item, trailing for the last.
    func keptEdge(of frame: Rect) -> Double {
        let span = configuration.scrollDirection.crossSpan(frame)
        return options.scrollAnchor == .firstVisibleItem ? span.min : span.max
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
    /// applied to the stored visible rect, with the content sizes.
    mutating func finishUpdate(
        anchor: VisibleAnchor?, current: ElementIdentifier? = nil, previousContentSize: Size
    ) -> LayoutUpdate {
        var adjustment = Point.zero
        var kept: ElementIdentifier?
        if let anchor, let identifier = current ?? Optional(anchor.element), let frame = currentFrame(of: identifier) {
            adjustment = configuration.scrollDirection.offset(cross: keptEdge(of: frame) - anchor.edge)
            kept = identifier
            if var rect = visibleRect {
                rect.origin.x += adjustment.x
                rect.origin.y += adjustment.y
                visibleRect = rect
            }
        }
        return LayoutUpdate(
            contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize, contentSize: contentSize,
            anchor: kept, previousAnchorFrame: kept == nil ? nil : anchor?.frame)
    }
}
