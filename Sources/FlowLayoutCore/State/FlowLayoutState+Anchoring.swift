/// Scroll anchoring (`flow-layout.md` 7.2, 8.4, 10.4): every update keeps one
/// visible element still on screen, through one path.
///
/// An update captures its anchor before it changes anything (``AnchorCapture``):
/// the first element meeting the visible rect (the last, with
/// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``) and the edge of it that
/// must stay put; after a scroll to an item (8.4), that item and the edge its
/// position names, until the host scrolls elsewhere; for a batch, every
/// element in view, in order. After the change,
/// ``FlowLayoutState/finishUpdate(anchor:previousContentSize:renumbering:)``
/// takes the first candidate that survives (a batch passes its renumbering,
/// which says what survives in place and as what; other updates keep every
/// element), asks where its edge is now, and the difference is the
/// content-offset adjustment, which also moves the stored visible rect, as the
/// host's will; the engine then holds the rect there (``AnchorHold``). Frames
/// are presented frames (mirrored, snapped), so a snapped anchor moves by whole
/// pixels, and pinned headers and footers, which move with the visible rect,
/// are never the anchor.
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
}

/// The elements an update may keep still, read before it changes anything:
/// its candidates in order of preference (one for a size report or a layout
/// change, 7.2; every element in view for a batch, 10.4), which of them pin,
/// and the edge the anchor keeps.
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
}

extension FlowLayoutState {
    /// The anchor of the current visible rect, captured before an update that
    /// keeps every element where it is in the data (a size report, a viewport,
    /// configuration or options change): the scroll target while the host stays
    /// on it, else the first (or last) visible element that does not pin. `nil`
    /// when no rect is set.
    ///
    /// - Parameters:
    ///   - next: the configuration the update is about to set: an element that
    ///     pins after the update is no anchor either (its frame then follows
    ///     the visible rect, so keeping it still would move the content).
    ///   - startsHold: whether the engine holds the visible rect where the
    ///     update leaves it (``AnchorCapture/startsHold``).
    mutating func captureAnchor(before next: FlowLayoutConfiguration? = nil, startsHold: Bool) -> AnchorCapture? {
        guard let rect = visibleRect else { return nil }
        let takesLast = options.scrollAnchor == .lastVisibleItem
        var capture = AnchorCapture(
            candidates: nil, kept: takesLast ? .trailing : .leading,
            pinned: (
                header: pins(.header) || next?.sectionHeadersPinToVisibleBounds == true,
                footer: pins(.footer) || next?.sectionFootersPinToVisibleBounds == true
            ),
            keepsTarget: true, startsHold: startsHold)
        if let target = hold?.target {
            if hold?.origin == rect.origin, let frame = currentFrame(of: target.element) {
                capture.kept = target.kept
                capture.candidates = .one(
                    VisibleAnchor(element: target.element, frame: frame, kept: target.kept, edge: edge(target.kept, of: frame)))
                return capture
            }
            hold = nil
        }
        var found: LayoutAttributes?
        forEachElement(in: rect) {
            if capture.pins($0.category) { return true }
            found = $0
            return takesLast
        }
        if let found {
            capture.candidates = .one(
                VisibleAnchor(
                    element: found.identifier, frame: found.frame, kept: capture.kept, edge: edge(capture.kept, of: found.frame)))
        }
        return capture
    }

    /// The anchor of a batch (`flow-layout.md` 10.4): its candidates are
    /// `inView`, the elements meeting the visible rect before it, in element
    /// order (reversed, anchoring the last visible item); the batch's
    /// renumbering, passed to ``finishUpdate(anchor:previousContentSize:renumbering:)``,
    /// says which survive. A batch ends a scroll to an item.
    func captureAnchor(among inView: [LayoutAttributes]) -> AnchorCapture {
        let takesLast = options.scrollAnchor == .lastVisibleItem
        return AnchorCapture(
            candidates: .inView(inView, reversed: takesLast), kept: takesLast ? .trailing : .leading,
            pinned: (header: pins(.header), footer: pins(.footer)), keepsTarget: false, startsHold: true)
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

    /// Finishes an update: the first candidate of `anchor` that survives it
    /// (`renumbering` gives its identity after the update, or `nil` when it
    /// does not survive in place) and is laid out after it is the anchor; the
    /// adjustment puts its kept edge back where it was on screen. The
    /// adjustment moves the stored visible rect, as the host's will, and the
    /// engine holds the rect there (``anchoredContentOffset``), with the
    /// scroll target unless the update ends it.
    ///
    /// `knownFrame` gives the frame after the update of an element the caller
    /// has already read (a batch's elements in view), or `nil`: the frame is
    /// then looked up.
    ///
    /// - Complexity: O(log S + log R + the anchor's line) per candidate tried.
    mutating func finishUpdate(
        anchor capture: AnchorCapture?, previousContentSize: Size,
        renumbering: (ElementIdentifier) -> ElementIdentifier? = { $0 },
        knownFrame: (ElementIdentifier) -> Rect? = { _ in nil }
    ) -> LayoutUpdate {
        var found: (before: VisibleAnchor, after: ElementIdentifier, frame: Rect)?
        if let capture {
            switch capture.candidates {
            case .one(let anchor):
                if let after = renumbering(anchor.element), let frame = knownFrame(after) ?? currentFrame(of: after) {
                    found = (anchor, after, frame)
                }
            case .inView(let elements, let reversed):
                func survivor(_ element: LayoutAttributes) -> (VisibleAnchor, ElementIdentifier, Rect)? {
                    guard !capture.pins(element.category), let after = renumbering(element.identifier),
                        let frame = knownFrame(after) ?? currentFrame(of: after)
                    else { return nil }
                    let before = VisibleAnchor(
                        element: element.identifier, frame: element.frame, kept: capture.kept,
                        edge: edge(capture.kept, of: element.frame))
                    return (before, after, frame)
                }
                if reversed {
                    for element in elements.reversed() {
                        found = survivor(element)
                        if found != nil { break }
                    }
                } else {
                    for element in elements {
                        found = survivor(element)
                        if found != nil { break }
                    }
                }
            case nil:
                break
            }
        }
        var adjustment = Point.zero
        if let found {
            adjustment = configuration.scrollDirection.offset(cross: edge(found.before.kept, of: found.frame) - found.before.edge)
        }
        if capture?.keepsTarget == false { hold?.target = nil }
        if var rect = visibleRect {
            rect.origin.x += adjustment.x
            rect.origin.y += adjustment.y
            visibleRect = rect
            if capture?.startsHold == true || hold != nil { hold = AnchorHold(origin: rect.origin, target: hold?.target) }
        }
        return LayoutUpdate(
            contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize, contentSize: contentSize,
            anchor: found?.after, previousAnchorFrame: found?.before.frame)
    }

    /// The content offset the last update asked the host to move to (its
    /// visible rect's origin after the adjustment that keeps the anchor
    /// still), while the host stays there; `nil` once the visible rect is set
    /// elsewhere, and before any update that anchors.
    ///
    /// - Complexity: O(1).
    package var anchoredContentOffset: Point? { hold?.origin }

    /// Holds the visible rect where it is, as an update's adjustment would:
    /// for a host that placed it by the engine's answer (a restored anchor).
    ///
    /// - Complexity: O(1).
    package mutating func holdVisibleRect() {
        hold = visibleRect.map { AnchorHold(origin: $0.origin, target: nil) }
    }
}

extension AnchorCapture {
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

extension ScrollTarget {
    /// The target as an element.
    var element: ElementIdentifier { ElementIdentifier(category: .cell, indexPath: indexPath) }
}
