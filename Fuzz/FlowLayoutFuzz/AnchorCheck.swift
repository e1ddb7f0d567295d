import FlowLayoutCore

/// Scroll anchoring, checked (`flow-layout.md` 7.2, 10.4): an update that names
/// an anchor moved it by exactly the content-offset adjustment it returned, so
/// a host that applies the adjustment sees the anchor still.
///
/// The kept edge is the anchor's leading edge along the scroll axis (its top,
/// or its left when scrolling horizontally), or its trailing edge with
/// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``.
enum AnchorCheck {
    /// The edge of `frame` that an anchor keeps still.
    static func keptEdge(of frame: Rect, direction: ScrollDirection, anchor: FlowLayoutOptions.ScrollAnchor) -> Double {
        switch (direction, anchor) {
        case (.vertical, .firstVisibleItem): frame.minY
        case (.vertical, .lastVisibleItem): frame.maxY
        case (.horizontal, .firstVisibleItem): frame.minX
        case (.horizontal, .lastVisibleItem): frame.maxX
        }
    }

    /// An element as a failure names it: `cell [2, 5]`, or `none`.
    static func name(_ element: ElementIdentifier?) -> String {
        element.map { "\($0.category.rawValue) \($0.indexPath)" } ?? "none"
    }

    /// The components of `point` along the scroll axis and across it.
    static func split(_ point: Point, direction: ScrollDirection) -> (along: Double, across: Double) {
        direction == .vertical ? (point.y, point.x) : (point.x, point.y)
    }

    /// The frame the engine gives `element` now, or `nil` for an omitted
    /// header or footer.
    static func frame(of element: ElementIdentifier, in state: inout FlowLayoutState) throws(FuzzFailure) -> Rect? {
        do {
            switch element.category {
            case .cell: return try state.layoutAttributesForItem(at: element.indexPath).frame
            case .header: return try state.layoutAttributesForSupplementaryElement(ofKind: .header, at: element.indexPath)?.frame
            case .footer: return try state.layoutAttributesForSupplementaryElement(ofKind: .footer, at: element.indexPath)?.frame
            }
        } catch {
            throw FuzzFailure("the anchor \(name(element)) cannot be queried: \(error)")
        }
    }

    /// Throws unless `update` kept its anchor's edge: the anchor's kept edge now
    /// (as the engine lays it out) minus its edge in `previousAnchorFrame`
    /// equals the adjustment along the scroll axis, within `tolerance`; the
    /// adjustment across the axis is zero, and so is all of it without an anchor.
    static func keptEdge(
        _ update: LayoutUpdate, state: inout FlowLayoutState, tolerance: Double, step: String
    ) throws(FuzzFailure) {
        let direction = state.configuration.scrollDirection
        let adjustment = split(update.contentOffsetAdjustment, direction: direction)
        guard adjustment.across == 0 else {
            throw FuzzFailure("\(step): the adjustment \(update.contentOffsetAdjustment) moves across the scroll axis")
        }
        guard let anchor = update.anchor else {
            guard adjustment.along == 0 else {
                throw FuzzFailure("\(step): an adjustment \(update.contentOffsetAdjustment) without an anchor")
            }
            return
        }
        guard let previous = update.previousAnchorFrame else {
            throw FuzzFailure("\(step): the anchor \(name(anchor)) comes without its previous frame")
        }
        guard let now = try frame(of: anchor, in: &state) else {
            throw FuzzFailure("\(step): the anchor \(name(anchor)) does not exist after the update")
        }
        try keptEdge(of: anchor, from: previous, to: now, adjustment: adjustment.along, options: state.options,
            direction: direction, tolerance: tolerance, step: step)
    }

    /// Throws unless the kept edge of `anchor` moved from `previous` to `now` by
    /// exactly `adjustment` (within `tolerance`).
    static func keptEdge(
        of anchor: ElementIdentifier, from previous: Rect, to now: Rect, adjustment: Double,
        options: FlowLayoutOptions, direction: ScrollDirection, tolerance: Double, step: String
    ) throws(FuzzFailure) {
        let moved =
            keptEdge(of: now, direction: direction, anchor: options.scrollAnchor)
            - keptEdge(of: previous, direction: direction, anchor: options.scrollAnchor)
        guard moved == adjustment || abs(moved - adjustment) <= tolerance else {
            throw FuzzFailure(
                "\(step): the anchor \(name(anchor)) moved \(moved) (from \(previous) to \(now)) but the adjustment is \(adjustment)")
        }
    }
}
