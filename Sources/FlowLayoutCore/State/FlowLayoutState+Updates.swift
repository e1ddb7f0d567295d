/// Changing the layout: size reports, viewport and configuration changes, the
/// visible rect, and whole frames (`flow-layout.md` 7).
///
/// Every update keeps the anchor element still (7.2, ``VisibleAnchor``), and
/// every one checks all of its input before it changes anything; one whose
/// result might pass the content limit (9) is applied to a copy first.
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
        try Self.validate(rect: rect, path: "visibleRect")
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
        try validate(reports: reports, path: "sizeReports")
        let previousContentSize = contentSize
        let anchor = captureAnchor(startsHold: false)
        try applyReports(reports, path: "sizeReports")
        let update = finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
        checkInvariants()
        return update
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
    /// the other extent alone changes nothing in the layout.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a negative,
    ///   NaN, infinite or too large component;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)`` when the content
    ///   would pass 10¹⁵ points at the new width.
    /// - Complexity: O(S) to re-estimate section extents, plus the layout of the
    ///   pending sections up to the anchor.
    public mutating func setViewportSize(_ size: Size) throws(FlowLayoutError) -> LayoutUpdate {
        try Self.validate(size: size, path: "viewportSize")
        let previousContentSize = contentSize
        let direction = configuration.scrollDirection
        guard direction.main(size) != direction.main(viewportSize) else {
            viewportSize = size
            return LayoutUpdate(
                contentOffsetAdjustment: .zero, previousContentSize: previousContentSize, contentSize: contentSize,
                anchor: nil)
        }
        let anchor = captureAnchor(startsHold: true)
        try changeAtomically { (next) throws(FlowLayoutError) in try next.resizeViewport(to: size, path: "viewportSize") }
        let update = finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
        checkInvariants()
        return update
    }

    /// Replaces the layout-wide properties, keeping the anchor still. Sections
    /// keep their own overrides and the sizes reported for their items.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` naming the invalid
    ///   property; ``FlowLayoutError/contentTooLarge(path:extent:)``.
    /// - Complexity: O(S), plus the layout of pending sections up to the anchor.
    public mutating func setConfiguration(_ newConfiguration: FlowLayoutConfiguration) throws(FlowLayoutError) -> LayoutUpdate {
        try Self.validate(configuration: newConfiguration, path: "configuration")
        let previousContentSize = contentSize
        let anchor = captureAnchor(before: newConfiguration, startsHold: true)
        try changeAtomically { (next) throws(FlowLayoutError) in
            if newConfiguration.estimatedItemSize != next.configuration.estimatedItemSize {
                next.currentEstimatedItemSize = newConfiguration.estimatedItemSize
                next.measuredTotals.nextRefresh = Swift.max(1, next.sections.summary.measured + 1)
            }
            let keepsLines = newConfiguration.hasSameLines(as: next.configuration)
            next.configuration = newConfiguration
            if !keepsLines { try next.invalidateAllSections(limitPath: "configuration") }
        }
        let update = finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
        checkInvariants()
        return update
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
        try Self.validate(options: newOptions, path: "options")
        let previousContentSize = contentSize
        let anchor = captureAnchor(startsHold: true)
        options = newOptions
        let update = finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
        checkInvariants()
        return update
    }

    /// One frame of a scrolling host, in one call: the visible rect (a viewport
    /// change if its size differs), the sizes measured since the last frame, and
    /// the elements the host must show, after the anchoring adjustment.
    ///
    /// - Throws: ``FlowLayoutError`` for an invalid rect (or one whose size is not
    ///   a valid viewport) or report, or a change past the content limit; nothing
    ///   is applied.
    /// - Complexity: O(log S + log R + k) for k visible elements, plus the
    ///   cost of the reports.
    public mutating func performFrame(_ request: FrameRequest) throws(FlowLayoutError) -> FrameResult {
        try Self.validate(rect: request.visibleRect, path: "visibleRect")
        let resizes = request.visibleRect.size != viewportSize
        if resizes { try Self.validate(size: request.visibleRect.size, path: "visibleRect.size") }
        try validate(reports: request.sizeReports, path: "sizeReports")
        let previousContentSize = contentSize
        let previousVisibleRect = visibleRect
        let previousHold = hold
        visibleRect = request.visibleRect
        if hold?.origin != request.visibleRect.origin { hold = nil }
        // A frame that only scrolls changes nothing and keeps no anchor.
        let anchor = resizes || !request.sizeReports.isEmpty ? captureAnchor(startsHold: resizes) : nil
        do {
            if resizes {
                // Rare: the whole frame is applied to a copy, so that a refusal of
                // its reports cannot leave the new viewport behind.
                try changeAtomically { (next) throws(FlowLayoutError) in
                    try next.resizeViewport(to: request.visibleRect.size, path: "visibleRect.size")
                    if !request.sizeReports.isEmpty { try next.applyReports(request.sizeReports, path: "sizeReports") }
                }
            } else if !request.sizeReports.isEmpty {
                try applyReports(request.sizeReports, path: "sizeReports")
            }
        } catch {
            visibleRect = previousVisibleRect
            hold = previousHold
            throw error
        }
        let update = finishUpdate(anchor: anchor, previousContentSize: previousContentSize)
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

    // MARK: - Implementation

    /// Throws unless every report names an existing item and a valid size.
    func validate(reports: [SizeReport], path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        for (index, report) in reports.enumerated() {
            try checkItem(report.indexPath, path: path().appending(index: index).appending("indexPath"))
            try Self.validate(size: report.size, path: path().appending(index: index).appending("size"))
        }
    }

    /// Stores validated reports, re-lays out the sections they change, and
    /// refines the estimate when due.
    mutating func applyReports(_ reports: [SizeReport], path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        // Order by index path; among reports of one item, the later wins.
        let order = reports.indices.sorted { (reports[$0].indexPath, $0) < (reports[$1].indexPath, $1) }
        var bySection: [(section: Int, edits: [ItemEdit])] = []
        var growth = 0.0
        let direction = configuration.scrollDirection
        var i = 0
        while i < order.count {
            let q = reports[order[i]].indexPath.section
            let record = sections[q]
            var edits: [ItemEdit] = []
            while i < order.count, reports[order[i]].indexPath.section == q {
                let report = reports[order[i]]
                i += 1
                if i < order.count, reports[order[i]].indexPath == report.indexPath { continue }
                let stored = storedSize(report.size, in: record)
                guard let edit = record.edit(settingItem: report.indexPath.item, to: stored) else { continue }
                edits.append(edit)
                growth += direction.cross(report.size)
            }
            if !edits.isEmpty {
                growth += section(of: record).possibleGrowth
                bySection.append((q, edits))
            }
        }
        guard !bySection.isEmpty else { return }
        if staysWithinContentLimit(growingBy: growth) {
            for (q, edits) in bySection { applyEdits(edits, toSection: q) }
        } else {
            try changeAtomically { (next) throws(FlowLayoutError) in
                for (q, edits) in bySection { next.applyEdits(edits, toSection: q) }
                try next.enforceContentLimit(path: path())
            }
        }
        refineEstimateIfDue()
    }

    /// Whether a reported `size` is stored as the item's own: always in sections
    /// with per-item sizes and while estimates are refined (a measured item keeps
    /// its size when the estimate moves); otherwise unless it equals the default
    /// size, which keeps the section in closed form.
    func keepsExplicitSize(_ size: Size, in record: SectionRecord) -> Bool {
        record.hasItemSizes || size != defaultItemSize
            || (options.estimateRefinement == .meanOfReportedSizes && configuration.isSelfSizing)
    }

    /// What a section keeps of a `size` an item arrives with (reported, moved
    /// or inserted): the size itself where ``keepsExplicitSize(_:in:)`` says so,
    /// otherwise nothing, and the item takes the default size.
    func storedSize(_ size: Size?, in record: SectionRecord) -> Size? {
        guard let size, keepsExplicitSize(size, in: record) else { return nil }
        return size
    }

    /// The size `item` of a section has of its own, or `nil`.
    ///
    /// - Complexity: O(log R).
    func explicitSize(ofItem item: Int, in record: SectionRecord) -> Size? { record.explicitSize(ofItem: item) }

    /// With ``FlowLayoutOptions/EstimateRefinement/meanOfReportedSizes``, moves
    /// the estimate to the mean of the measured sizes each time their number
    /// doubles, and re-estimates every section. A refinement that would take the
    /// content past the limit is skipped: the estimate stays.
    mutating func refineEstimateIfDue() {
        let measured = sections.summary.measured
        guard options.estimateRefinement == .meanOfReportedSizes, configuration.isSelfSizing,
            measured >= measuredTotals.nextRefresh
        else { return }
        measuredTotals.nextRefresh = 2 * Swift.max(measured, 1)
        var total = (width: 0.0, height: 0.0, count: 0)
        sections.forEach(from: 0, before: .zero) { record, _ in
            if !record.hasItemSizes { record.addMeasuredSizes(to: &total) }
            return true
        }
        guard total.count > 0 else { return }
        let mean = Size(width: total.width / Double(total.count), height: total.height / Double(total.count))
        guard mean != currentEstimatedItemSize else { return }
        try? changeAtomically { (next) throws(FlowLayoutError) in
            next.currentEstimatedItemSize = mean
            try next.invalidateAllSections(limitPath: "")
        }
    }

    /// Applies `change` to a copy of the state and keeps the copy only if
    /// `change` returns: the one way a change that may be refused (past the
    /// content limit, an invalid report) leaves the state exactly as it was.
    @inline(__always)
    mutating func changeAtomically<Result>(_ change: (inout FlowLayoutState) throws(FlowLayoutError) -> Result)
        throws(FlowLayoutError) -> Result
    {
        var next = self
        let result = try change(&next)
        self = next
        return result
    }

    /// Sets the viewport size; when the extent lines span changes, every
    /// section is invalidated and the content limit checked, naming `path`.
    mutating func resizeViewport(to size: Size, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        let direction = configuration.scrollDirection
        let widthChanges = direction.main(size) != direction.main(viewportSize)
        viewportSize = size
        if widthChanges { try invalidateAllSections(limitPath: path()) }
    }
}
