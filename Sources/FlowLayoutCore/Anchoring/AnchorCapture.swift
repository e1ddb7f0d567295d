/// The elements an update may keep still, read before it changes anything
/// (`flow-layout.md` 7.2, 8.4, 10.4): its candidates in order of preference,
/// which of them pin, and the edge the anchor keeps.
///
/// The anchor of a visible rect is decided here and only here
/// (``visible(in:rect:before:startsHold:)``): after a scroll to an item, that
/// item and the edge its position names, while the host stays where the
/// scroll put it; else the first element meeting the rect that does not pin
/// (the last, with ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``, whose
/// kept edge is then the trailing one). Pinned headers and footers move
/// with the rect, never with the content, so they never anchor. A batch's
/// candidates are every element in view, in order (10.4,
/// ``batch(inView:options:configuration:)``). Updates capture through
/// ``FlowLayoutState/update(_:)``, which finishes through ``finish(_:in:previousContentSize:change:)``;
/// the archive's save (11.5) captures the same anchor.
struct AnchorCapture {
    /// The candidates, in element order.
    enum Candidates {
        /// One element: the scroll target, or the first (last) visible element that does not pin.
        case one(VisibleAnchor)
        /// The elements in view, first to last (last to first when `reversed`).
        case inView([LayoutAttributes], reversed: Bool)
    }

    var candidates: Candidates?
    /// The edge each candidate keeps (the scroll target's own, for it).
    var kept: KeptEdge
    /// Whether headers and footers pin before or after the update: those never anchor.
    var pinned: (header: Bool, footer: Bool)
    /// Whether the update keeps a scroll to an item holding its item (a batch ends it).
    var keepsTarget: Bool
    /// Whether the engine holds the visible rect where the update leaves it
    /// (``FlowLayoutState/anchoredContentOffset``): after a batch and a
    /// viewport, configuration or options change, which a host follows by
    /// asking for the offset after the update; a size report only moves a
    /// hold already there.
    var startsHold: Bool

    /// The candidate tried first: the scroll target, or the first (last)
    /// element in view that does not pin; `nil` when there is none.
    var firstCandidate: ElementIdentifier? {
        switch candidates {
        case .one(let anchor): anchor.element
        case .inView(let elements, let reversed):
            (reversed ? elements.last { !pins($0.category) } : elements.first { !pins($0.category) })?.identifier
        case nil: nil
        }
    }

    /// Whether an element of `category` pins, before or after the update.
    func pins(_ category: ElementCategory) -> Bool {
        category == .header ? pinned.header : category == .footer && pinned.footer
    }
}

extension AnchorCapture {
    // MARK: Capturing

    /// The anchor of `rect` (the visible rect, by default), captured before
    /// an update that keeps every element where it is in the data (a size
    /// report, a viewport, configuration or options change): the scroll
    /// target while the host stays on it, else the first (or last) element
    /// meeting the rect that does not pin. `nil` without a rect.
    ///
    /// - Parameters:
    ///   - next: the configuration the update is about to set: an element that
    ///     pins after the update is no anchor either (its frame then follows
    ///     the visible rect, so keeping it still would move the content).
    ///   - startsHold: whether the engine holds the visible rect where the
    ///     update leaves it (``startsHold``).
    /// - Complexity: O(log S + log R + k) for the k elements read.
    static func visible(
        in state: inout FlowLayoutState, rect: Rect? = nil, before next: FlowLayoutConfiguration? = nil, startsHold: Bool
    ) -> AnchorCapture? {
        guard let rect = rect ?? state.visibleRect else { return nil }
        let takesLast = state.options.scrollAnchor == .lastVisibleItem
        var capture = AnchorCapture(
            candidates: nil, kept: takesLast ? .trailing : .leading,
            pinned: (
                header: state.configuration.pins(.header) || next?.sectionHeadersPinToVisibleBounds == true,
                footer: state.configuration.pins(.footer) || next?.sectionFootersPinToVisibleBounds == true
            ),
            keepsTarget: true, startsHold: startsHold)
        if let target = state.hold?.target {
            if state.hold?.origin == rect.origin, let frame = state.frame(of: target.element) {
                capture.kept = target.kept
                capture.candidates = .one(
                    VisibleAnchor(
                        element: target.element, frame: frame, kept: target.kept, edge: Self.edge(target.kept, of: frame, in: state)))
                return capture
            }
            state.hold = nil
        }
        var found: LayoutAttributes?
        state.forEachElement(in: rect) {
            if capture.pins($0.category) { return true }
            found = $0
            return takesLast
        }
        if let found {
            capture.candidates = .one(
                VisibleAnchor(
                    element: found.identifier, frame: found.frame, kept: capture.kept,
                    edge: Self.edge(capture.kept, of: found.frame, in: state)))
        }
        return capture
    }

    /// The anchor of a batch (`flow-layout.md` 10.4): its candidates are
    /// `inView`, the elements meeting the visible rect before it, in element
    /// order (reversed, anchoring the last visible item); the batch says
    /// which survive (``AnchoredChange/survivor(of:)``). A batch ends a
    /// scroll to an item.
    static func batch(inView: [LayoutAttributes], options: FlowLayoutOptions, configuration: FlowLayoutConfiguration)
        -> AnchorCapture
    {
        let takesLast = options.scrollAnchor == .lastVisibleItem
        return AnchorCapture(
            candidates: .inView(inView, reversed: takesLast), kept: takesLast ? .trailing : .leading,
            pinned: (header: configuration.pins(.header), footer: configuration.pins(.footer)), keepsTarget: false,
            startsHold: true)
    }

    /// The position along the scroll axis of the `kept` edge of `frame` in
    /// `state`'s presentation (mirrored along the scroll axis, right to left
    /// scrolling horizontally).
    @inline(__always)
    static func edge(_ kept: KeptEdge, of frame: Rect, in state: borrowing FlowLayoutState) -> Double {
        kept.position(of: frame, direction: state.configuration.scrollDirection, mirrored: state.mirrorsAlongScrollAxis)
    }

    // MARK: Finishing

    /// Finishes an update: the first candidate of `capture` that survives it
    /// (`change` gives its identity after the update, or `nil` when it does
    /// not survive in place) and is laid out after it is the anchor; the
    /// adjustment puts its kept edge back where it was on screen. The
    /// adjustment moves the stored visible rect, as the host's will, and the
    /// engine holds the rect there (``FlowLayoutState/anchoredContentOffset``),
    /// with the scroll target unless the update ends it. Without a capture
    /// (no visible rect, or an update that anchors nothing) the adjustment is
    /// zero.
    ///
    /// - Complexity: O(log S + log R + the anchor's line) per candidate tried.
    static func finish<Change: AnchoredChange>(
        _ capture: AnchorCapture?, in state: inout FlowLayoutState, previousContentSize: Size, change: borrowing Change,
        end: EndRule? = nil
    ) -> LayoutUpdate {
        var found: (before: VisibleAnchor, after: ElementIdentifier, frame: Rect)?
        if end == nil, let capture {
            switch capture.candidates {
            case .one(let anchor):
                if let after = change.survivor(of: anchor.element),
                    let frame = change.knownFrame(of: after) ?? state.frame(of: after)
                {
                    found = (anchor, after, frame)
                }
            case .inView(let elements, let reversed):
                if reversed {
                    for element in elements.reversed() {
                        found = survivor(element, of: capture, change: change, in: &state)
                        if found != nil { break }
                    }
                } else {
                    for element in elements {
                        found = survivor(element, of: capture, change: change, in: &state)
                        if found != nil { break }
                    }
                }
            case nil:
                break
            }
        }
        var adjustment = Point.zero
        let direction = state.configuration.scrollDirection
        if let end {
            // Following the end needs where it is now, exactly (a new width leaves sections pending).
            if end == .follows && state.sections.summary.pending > 0 { state.sections.layOutAllPendingSections() }
            let moved = end.adjustment(
                from: direction.cross(previousContentSize), to: direction.cross(state.contentSize),
                mirrored: state.mirrorsAlongScrollAxis)
            adjustment = direction.offset(cross: moved)
        } else if let found {
            let moved = Self.edge(found.before.kept, of: found.frame, in: state) - found.before.edge
            adjustment = direction.offset(cross: moved)
        }
        if capture?.keepsTarget == false { state.hold?.target = nil }
        if var rect = state.visibleRect {
            rect.origin.x += adjustment.x
            rect.origin.y += adjustment.y
            state.visibleRect = rect
            if capture?.startsHold == true || state.hold != nil {
                state.hold = AnchorHold(origin: rect.origin, target: state.hold?.target)
            }
        }
        return LayoutUpdate(
            contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize, contentSize: state.contentSize,
            anchor: found?.after, previousAnchorFrame: found?.before.frame)
    }

    /// `element`, a candidate in view before `change`, as the anchor: where
    /// it is after the change, when it survives there and `capture` does not
    /// pin its kind; `nil` otherwise. (A function of its own, not a closure:
    /// a closure would capture a copy of the change.)
    private static func survivor<Change: AnchoredChange>(
        _ element: LayoutAttributes, of capture: AnchorCapture, change: borrowing Change, in state: inout FlowLayoutState
    ) -> (before: VisibleAnchor, after: ElementIdentifier, frame: Rect)? {
        guard !capture.pins(element.category), let after = change.survivor(of: element.identifier),
            let now = change.knownFrame(of: after) ?? state.frame(of: after)
        else { return nil }
        let before = VisibleAnchor(
            element: element.identifier, frame: element.frame, kept: capture.kept,
            edge: Self.edge(capture.kept, of: element.frame, in: state))
        return (before, after, now)
    }
}
