/// Changing the layout: size reports, viewport and configuration changes, the
/// visible rect, and whole frames (`flow-layout.md` 7).
///
/// Every update checks all of its input before it changes anything, then goes
/// through the one anchored-update step (``update(_:)``), which keeps the
/// anchor element still (7.2); a change whose result might pass the content
/// limit (9) is applied to a copy first.
///
/// Headers and footers may size themselves too, beyond UIKit (whose flow
/// layout ignores their preferred size; 4.2, 7): the size one reports is kept
/// as the section's own reference size, so it travels as the section does
/// (kept through moves and changes of the layout's properties, forgotten when
/// the section is reloaded). Lines never re-break for it: the section's
/// extent and every later offset change, and the anchor element stays still.
extension FlowLayoutState {
    /// Sets the rect of content the host shows. A pure scroll: the layout does
    /// not change (`flow-layout.md` 7.3); pinned headers and footers follow the
    /// rect (8.1). A rect elsewhere than where the last update or a scroll to
    /// an item put it ends the engine's hold on it (and on the item, 8.4).
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a NaN or
    ///   infinite component or a negative size.
    /// - Complexity: O(1).
    public mutating func setVisibleRect(_ rect: Rect) throws(FlowLayoutError) {
        try Validation.check(rect: rect, path: "visibleRect")
        visibleRect = rect
        if hold?.origin != rect.origin { hold = nil }
    }

    /// Applies the real sizes items reported, re-laying out only what they can
    /// move, and keeps the anchor still.
    ///
    /// A report equal to the size in use changes nothing. Reports for items in
    /// sections not laid out yet are kept and used when the section is laid out.
    /// When one item is reported twice, the later report wins.
    ///
    /// - Throws: ``FlowLayoutError`` for a report whose index path is out of
    ///   range (`sizeReports[i].indexPath`) or whose size is negative, NaN,
    ///   infinite or too large (`sizeReports[i].size.width`), or for reports that
    ///   would take the content past 10¹⁵ points; nothing is applied.
    /// - Complexity: per report, O(log S + log R) plus the items and lines it
    ///   re-breaks: those of its run and the next few, until lines are back in step.
    public mutating func reportSizes(_ reports: [SizeReport]) throws(FlowLayoutError) -> LayoutUpdate {
        try sections.checkReports(reports, path: "sizeReports")
        var change = SizeReportChange(reports, in: sections)
        return try update(&change)
    }

    /// Applies the real size of one item; see ``reportSizes(_:)``.
    ///
    /// - Complexity: O(log S + log R) plus the items and lines re-broken.
    public mutating func reportSize(_ size: Size, forItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> LayoutUpdate {
        try reportSizes([SizeReport(indexPath: indexPath, size: size)])
    }

    /// Changes the viewport size, keeping the anchor still.
    ///
    /// A change of the extent lines span (the width when scrolling vertically)
    /// invalidates line breaks lazily: sections are laid out again as queries
    /// reach them, the anchor's section and those before it at once. A change of
    /// the other extent alone moves no element in the content and anchors
    /// nothing; only the end moves V then (`flow-layout.md` 7.4, 8.6: content
    /// at the end shifts with the viewport, and the content size clamps to it).
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a negative,
    ///   NaN, infinite or too large component;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)`` when the content
    ///   would pass 10¹⁵ points at the new width.
    /// - Complexity: O(S) to re-estimate section extents, plus the layout of the
    ///   pending sections up to the anchor.
    public mutating func setViewportSize(_ size: Size) throws(FlowLayoutError) -> LayoutUpdate {
        try Validation.check(size: size, path: "viewportSize")
        let direction = configuration.scrollDirection
        guard direction.main(size) != direction.main(viewportSize) else {
            // The extent lines span stays: no element moves in the content, and
            // only the end (7.4, 8.6) can move V.
            var change = ViewportLengthChange(viewportSize: size)
            return try update(&change)
        }
        var change = SettingsChange(
            configuration: configuration, options: options, viewportSize: size, path: "viewportSize", mayFollowEnd: true)
        return try update(&change)
    }

    /// Replaces the layout-wide properties, keeping the anchor still. Sections
    /// keep their own overrides and the sizes reported for their items.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` naming the invalid
    ///   property; ``FlowLayoutError/contentTooLarge(path:extent:)``.
    /// - Complexity: O(S), plus the layout of pending sections up to the anchor.
    public mutating func setConfiguration(_ newConfiguration: FlowLayoutConfiguration) throws(FlowLayoutError) -> LayoutUpdate {
        try Validation.check(configuration: newConfiguration, path: "configuration")
        var change = SettingsChange(
            configuration: newConfiguration, options: options, viewportSize: viewportSize, path: "configuration", mayFollowEnd: false)
        return try update(&change)
    }

    /// Changes the engine options (alignment, anchoring, estimate refinement,
    /// presentation), keeping the anchor still. A new estimate-refinement mode
    /// takes effect with the next report.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a negative,
    ///   NaN or infinite `displayScale` (`options.displayScale`); nothing changes.
    /// - Complexity: O(log S + log R + k) to find the anchor before and after;
    ///   alignment moves items within their lines, never the lines.
    @discardableResult
    public mutating func setOptions(_ newOptions: FlowLayoutOptions) throws(FlowLayoutError) -> LayoutUpdate {
        try Validation.check(options: newOptions, path: "options")
        var change = SettingsChange(
            configuration: configuration, options: newOptions, viewportSize: viewportSize, path: "options", mayFollowEnd: false)
        return try update(&change)
    }

    /// One frame of a scrolling host, in one call: the visible rect (a viewport
    /// change if its size differs), the sizes measured since the last frame, and
    /// the elements the host must show, after the anchoring adjustment. The
    /// sizes apply before a new viewport size: they were measured before it,
    /// so a waterfall section assigned again under a new width (`flow-layout.md`
    /// 12.3 b) counts them.
    ///
    /// - Throws: ``FlowLayoutError`` for an invalid rect (or one whose size is not
    ///   a valid viewport) or report, or a change past the content limit; nothing
    ///   is applied.
    /// - Complexity: O(log S + log R + k) for k visible elements, plus the
    ///   cost of the reports.
    public mutating func performFrame(_ request: FrameRequest) throws(FlowLayoutError) -> FrameResult {
        try Validation.check(rect: request.visibleRect, path: "visibleRect")
        if request.visibleRect.size != viewportSize { try Validation.check(size: request.visibleRect.size, path: "visibleRect.size") }
        try sections.checkReports(request.sizeReports, path: "sizeReports")
        var change = FrameChange(request, in: self)
        let update = try update(&change)
        let shown = visibleRect ?? request.visibleRect
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(64)
        forEachElement(in: shown) {
            elements.append($0)
            return true
        }
        checkInvariants()
        return FrameResult(update: update, visibleRect: shown, elements: elements)
    }

    /// Applies the size a header or footer reported, keeping the anchor still.
    ///
    /// A size whose extent along the scroll axis equals the one in use changes
    /// nothing. Zero omits the element, as a zero reference size does.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   at `section`; ``FlowLayoutError/invalidValue(path:value:)`` at
    ///   `size.width` or `size.height` for a negative, NaN or infinite value;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)`` at `size`. The state
    ///   is unchanged.
    /// - Complexity: O(log S), plus O(k) for the elements in view (the anchor).
    public mutating func reportSize(_ size: Size, ofSupplementaryElementOfKind kind: SupplementaryKind, inSection section: Int)
        throws(FlowLayoutError) -> LayoutUpdate
    {
        try sections.checkSection(section, path: "section")
        try Validation.check(size: size, path: "size")
        guard configuration.scrollDirection.cross(size) != sections.metrics(ofSection: section).extent(of: kind.category) else {
            return LayoutUpdate(
                contentOffsetAdjustment: .zero, previousContentSize: contentSize, contentSize: contentSize, anchor: nil,
                previousAnchorFrame: nil)
        }
        var change = SupplementarySizeChange(size: size, category: kind.category, section: section)
        return try update(&change)
    }
}
