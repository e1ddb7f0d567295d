import FlowLayoutCore
import FlowLayoutReference

/// Scroll anchoring, checked (`flow-layout.md` 7.2, 8.4, 10.4): an update that
/// names an anchor moved it by exactly the content-offset adjustment it
/// returned, so a host that applies the adjustment sees the anchor still.
///
/// The kept edge is the anchor's leading edge along the scroll axis (its top,
/// or its left when scrolling horizontally; its right, right to left), or its
/// trailing edge with ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``; after
/// a scroll to an item, the edge its position names (8.4). Frames are presented
/// frames, so a pinned header or footer, which follows the visible rect, is
/// never the anchor.
enum AnchorCheck {
    /// The position along the scroll axis of `edge` of `frame`, under `options`.
    static func keptEdge(
        of frame: Rect, edge: ReferencePresentation.Edge, direction: ScrollDirection, options: FlowLayoutOptions
    ) -> Double {
        let leadsFromMax = direction == .horizontal && options.layoutDirection == .rightToLeft
        let (low, high) = direction == .vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
        switch edge {
        case .leading: return leadsFromMax ? high : low
        case .center: return low + (high - low) / 2
        case .trailing: return leadsFromMax ? low : high
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
    /// The anchor pins neither before nor after (`pinnedBefore`), and, while
    /// the engine holds an item a scroll went to (`hold`), it is that item.
    ///
    /// - Parameters:
    ///   - previousOptions: the options before the update (an option change
    ///     may turn the leading edge from left to right).
    ///   - hold: the item a scroll to an item holds, and the edge it holds.
    ///   - eitherHeldEdge: whether the held item may keep its leading or its
    ///     trailing edge (a `nearest` jump to an item touching the view's edge
    ///     within the tolerance: whole in view, or just outside it by a rounding).
    static func keptEdge(
        _ update: LayoutUpdate, state: inout FlowLayoutState, tolerance: Double, step: String,
        previousOptions: FlowLayoutOptions? = nil, pinnedBefore: Set<ElementCategory> = [],
        hold: (indexPath: FlowIndexPath, edge: ReferencePresentation.Edge)? = nil, eitherHeldEdge: Bool = false
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
        let pinnedNow: Set<ElementCategory> = Set(
            [
                state.configuration.sectionHeadersPinToVisibleBounds ? ElementCategory.header : nil,
                state.configuration.sectionFootersPinToVisibleBounds ? ElementCategory.footer : nil,
            ].compactMap { $0 })
        guard !pinnedBefore.contains(anchor.category), !pinnedNow.contains(anchor.category) else {
            throw FuzzFailure("\(step): the pinned \(name(anchor)) is the anchor")
        }
        if let hold, anchor != ElementIdentifier(category: .cell, indexPath: hold.indexPath) {
            throw FuzzFailure("\(step): the anchor is \(name(anchor)), but a scroll holds item \(hold.indexPath)")
        }
        guard let previous = update.previousAnchorFrame else {
            throw FuzzFailure("\(step): the anchor \(name(anchor)) comes without its previous frame")
        }
        guard let now = try frame(of: anchor, in: &state) else {
            throw FuzzFailure("\(step): the anchor \(name(anchor)) does not exist after the update")
        }
        let before = previousOptions ?? state.options
        let edge = hold?.edge ?? (before.scrollAnchor == .firstVisibleItem ? .leading : .trailing)
        func moved(_ edge: ReferencePresentation.Edge) -> Double {
            keptEdge(of: now, edge: edge, direction: direction, options: state.options)
                - keptEdge(of: previous, edge: edge, direction: direction, options: before)
        }
        func kept(_ edge: ReferencePresentation.Edge) -> Bool {
            moved(edge) == adjustment.along || abs(moved(edge) - adjustment.along) <= tolerance
        }
        let moved = moved(edge)
        guard kept(edge) || (hold != nil && eitherHeldEdge && (kept(.leading) || kept(.trailing))) else {
            throw FuzzFailure(
                "\(step): the anchor \(name(anchor)) moved \(moved) (from \(previous) to \(now)) but the adjustment is \(adjustment.along)")
        }
    }
}
