/// A change of the layout that keeps an element still on screen
/// (`flow-layout.md` 7.2, 8.4, 10.4): size reports, a viewport,
/// configuration or options change, a header's or footer's size, a frame, a
/// batch, a snapshot. Every one goes through the one anchored-update step,
/// ``FlowLayoutState/update(_:)``: capture the anchor, apply, finish
/// (``AnchorCapture/finish(_:in:previousContentSize:change:)``).
///
/// A change is checked before it is made: it validates its input when it is
/// built, and ``apply(to:)`` throws only for the content limit, having left
/// the state as it was (a change that might pass the limit is applied to a
/// copy, ``FlowLayoutState/changeAtomically(_:)``).
protocol AnchoredChange {
    /// The anchor to keep, captured before anything changes; `nil` keeps none.
    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture?

    /// Makes the change.
    ///
    /// - Throws: ``FlowLayoutError/contentTooLarge(path:extent:)``; the state
    ///   is then as it was.
    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError)

    /// The identity after the change of an element before it that survives
    /// it in place, or `nil` (10.4); every element, for a change that keeps
    /// the data as it is.
    func survivor(of element: ElementIdentifier) -> ElementIdentifier?

    /// The frame after the change of an element the change has read already,
    /// or `nil`: it is then looked up.
    func knownFrame(of element: ElementIdentifier) -> Rect?

    /// Whether the update follows the end of the content while V is there
    /// (`flow-layout.md` 7.4, with ``FlowLayoutOptions/followsEnd``).
    var mayFollowEnd: Bool { get }
}

extension AnchoredChange {
    /// Every element survives where it is.
    func survivor(of element: ElementIdentifier) -> ElementIdentifier? { element }

    /// No frame is known: each is looked up.
    func knownFrame(of element: ElementIdentifier) -> Rect? { nil }

    /// Size reports, frames, batches and snapshots follow the end.
    var mayFollowEnd: Bool { true }
}

/// Size reports (`flow-layout.md` 7.1): the anchor is the first (or last)
/// visible element, and the rect is held only if it was.
struct SizeReportChange: AnchoredChange {
    /// The reports' edits by section, and how much they may grow the content.
    let edits: [SectionEdits]
    let growth: Double

    /// The change of `reports` (validated) in `sections`. A refusal (the
    /// content limit) names them `sizeReports`. (The path is built only
    /// then: a path from a string literal is parsed when it is made.)
    init(_ reports: [SizeReport], in sections: SectionList) {
        (edits, growth) = sections.edits(reporting: reports)
    }

    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? {
        edits.isEmpty ? nil : .visible(in: &state, startsHold: false)
    }

    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        guard !edits.isEmpty else { return }
        if state.sections.staysWithinContentLimit(growingBy: growth) {
            state.sections.apply(edits)
            return
        }
        let edits = edits
        try state.changeAtomically { (next) throws(FlowLayoutError) in
            next.sections.apply(edits)
            try next.sections.enforceContentLimit(path: FieldPath("sizeReports"))
        }
    }
}

/// One frame of a scrolling host (`flow-layout.md` 7, 8): the visible rect
/// moves first (a scroll changes nothing in the layout), then the frame's
/// reports apply and a size of it other than the viewport's is a viewport
/// change, in that order, the anchor kept from the rect's new place. A frame
/// that only scrolls anchors nothing.
struct FrameChange: AnchoredChange {
    let request: FrameRequest
    /// Whether the rect's size is a new viewport size.
    let resizes: Bool
    /// The rect and hold before the frame, put back if it is refused.
    private var previous: (visibleRect: Rect?, hold: AnchorHold?)?

    /// The change of `request` (validated) in `state`.
    init(_ request: FrameRequest, in state: FlowLayoutState) {
        self.request = request
        resizes = request.visibleRect.size != state.viewportSize
    }

    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? {
        previous = (state.visibleRect, state.hold)
        state.visibleRect = request.visibleRect
        if state.hold?.origin != request.visibleRect.origin { state.hold = nil }
        guard resizes || !request.sizeReports.isEmpty else { return nil }
        return .visible(in: &state, startsHold: resizes)
    }

    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        do {
            if resizes {
                // Rare: the whole frame is applied to a copy, so that a refusal of
                // its reports cannot leave the new viewport behind.
                let request = request
                // The reports first: they were measured before this frame, and a
                // waterfall section assigned again under the new width (12.3 b)
                // uses the sizes in use, theirs included.
                try state.changeAtomically { (next) throws(FlowLayoutError) in
                    var reports = SizeReportChange(request.sizeReports, in: next.sections)
                    try reports.apply(to: &next)
                    let settings = SectionSettings(
                        configuration: next.configuration, options: next.options, viewportSize: request.visibleRect.size)
                    try next.sections.resolve(under: settings, limitPath: "visibleRect.size")
                    next.viewportSize = request.visibleRect.size
                }
            } else {
                var reports = SizeReportChange(request.sizeReports, in: state.sections)
                try reports.apply(to: &state)
            }
        } catch {
            (state.visibleRect, state.hold) = previous ?? (state.visibleRect, state.hold)
            throw error
        }
    }
}

/// New settings (`flow-layout.md` 7.3, 8): a viewport, configuration or
/// options change. The anchor is captured under the settings before it (an
/// element that pins after the change does not anchor), and the rect is held
/// where the change leaves it.
struct SettingsChange: AnchoredChange {
    /// The settings after the change.
    let configuration: FlowLayoutConfiguration
    let options: FlowLayoutOptions
    let viewportSize: Size
    /// Where a refusal (the content limit) names the change.
    let path: FieldPath
    /// A viewport change follows the end (7.4); a change of configuration
    /// or options keeps the anchor.
    let mayFollowEnd: Bool

    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? {
        .visible(in: &state, before: configuration, startsHold: true)
    }

    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        let settings = SectionSettings(configuration: configuration, options: options, viewportSize: viewportSize)
        let change = self
        try state.changeAtomically { (next) throws(FlowLayoutError) in
            try next.sections.resolve(under: settings, limitPath: change.path)
            next.configuration = change.configuration
            next.options = change.options
            next.viewportSize = change.viewportSize
        }
    }
}

/// A viewport change that keeps the extent lines span (its height, scrolling
/// vertically): no line breaks again and no element moves in the content, so
/// nothing is anchored; only the end can move V (7.4 with 8.6: content at the
/// end is shifted by the viewport, and the content size clamps to it).
struct ViewportLengthChange: AnchoredChange {
    /// The viewport after the change.
    let viewportSize: Size

    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? { nil }

    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        // The sections are resolved under the new size all the same, in O(1).
        try state.sections.resolve(
            under: SectionSettings(configuration: state.configuration, options: state.options, viewportSize: viewportSize),
            limitPath: "viewportSize")
        state.viewportSize = viewportSize
    }
}

/// A header's or footer's reported size (`flow-layout.md` 4.2, 7): the
/// section's extent and every later offset change, its lines stay.
struct SupplementarySizeChange: AnchoredChange {
    let size: Size
    let category: ElementCategory
    let section: Int

    mutating func captureAnchor(in state: inout FlowLayoutState) -> AnchorCapture? {
        .visible(in: &state, startsHold: false)
    }

    mutating func apply(to state: inout FlowLayoutState) throws(FlowLayoutError) {
        let change = self
        try state.changeAtomically { (next) throws(FlowLayoutError) in
            try next.sections.setSize(change.size, of: change.category, section: change.section, path: "size")
        }
    }
}
