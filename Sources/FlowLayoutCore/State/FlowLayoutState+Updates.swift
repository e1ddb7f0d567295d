/// Changing the layout: size reports, viewport and configuration changes, the
/// visible rect, and whole frames (`flow-layout.md` 7).
///
/// Every update keeps the anchor element still (7.2): before the change the
/// engine notes the first (or last) element meeting the visible rect and its
/// leading (or trailing) edge along the scroll axis; after it, it returns the
/// content-offset adjustment that puts that edge back where it was on screen.
/// The stored visible rect moves by the same adjustment, as the host's will.
extension FlowLayoutState {
    /// Sets the rect of content the host shows. A pure scroll: the layout does
    /// not change (`flow-layout.md` 7.3).
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a NaN or
    ///   infinite component or a negative size.
    /// - Complexity: O(1).
    public mutating func setVisibleRect(_ rect: Rect) throws {
        try Self.validate(rect: rect, path: "visibleRect")
        visibleRect = rect
    }

    /// Applies the real sizes items reported, re-laying out only what they can
    /// move, and keeps the anchor still.
    ///
    /// A report equal to the size in use changes nothing. Reports for items in
    /// sections not laid out yet are kept and used when the section is laid out.
    /// When one item is reported twice, the later report wins.
    ///
    /// - Throws: ``FlowLayoutError`` for a report whose index path is out of
    ///   range or whose size is negative, NaN or infinite; nothing is applied.
    /// - Complexity: per report, O(log S + log B + items on the lines it re-breaks
    ///   or re-measures); a height change alone (vertical scrolling) re-breaks no line.
    public mutating func reportSizes(_ reports: [SizeReport]) throws -> LayoutUpdate {
        try validate(reports: reports, path: "sizeReports")
        return applyAnchored { $0.applySizeReports(reports) }
    }

    /// Applies the real size of one item; see ``reportSizes(_:)``.
    ///
    /// - Complexity: O(log S + log B + items on the lines re-broken or re-measured).
    public mutating func reportSize(_ size: Size, forItemAt indexPath: FlowIndexPath) throws -> LayoutUpdate {
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
    ///   NaN or infinite component.
    /// - Complexity: O(S) to re-estimate section extents, plus the layout of the
    ///   pending sections up to the anchor.
    public mutating func setViewportSize(_ size: Size) throws -> LayoutUpdate {
        try Self.validate(size: size, path: "viewportSize")
        let direction = configuration.scrollDirection
        if direction.main(size) == direction.main(viewportSize) {
            let contentSize = estimatedContentSize
            viewportSize = size
            return LayoutUpdate(
                contentOffsetAdjustment: .zero, previousContentSize: contentSize, contentSize: estimatedContentSize,
                anchor: nil)
        }
        return applyAnchored {
            $0.viewportSize = size
            $0.invalidateAllSections()
        }
    }

    /// Replaces the layout-wide properties, keeping the anchor still. Sections
    /// keep their own overrides and reported sizes.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` naming the invalid
    ///   property.
    /// - Complexity: O(S), plus the layout of pending sections up to the anchor.
    public mutating func setConfiguration(_ newConfiguration: FlowLayoutConfiguration) throws -> LayoutUpdate {
        try Self.validate(configuration: newConfiguration, path: "configuration")
        return applyAnchored {
            if newConfiguration.estimatedItemSize != $0.configuration.estimatedItemSize {
                $0.currentEstimatedItemSize = newConfiguration.estimatedItemSize
                $0.measuredTotals.nextRefresh = max(1, $0.measuredTotals.count + 1)
            }
            $0.configuration = newConfiguration
            $0.invalidateAllSections()
        }
    }

    /// Changes the engine options. A new estimate-refinement mode takes effect
    /// with the next report.
    ///
    /// - Complexity: O(1).
    public mutating func setOptions(_ newOptions: FlowLayoutOptions) {
        options = newOptions
    }

    /// One frame of a scrolling host, in one call: the visible rect (a viewport
    /// change if its size differs), the sizes measured since the last frame, and
    /// the elements the host must show, after the anchoring adjustment.
    ///
    /// - Throws: ``FlowLayoutError`` for an invalid rect or report; nothing is applied.
    /// - Complexity: O(log S + log B + k) for k visible elements, plus the
    ///   cost of the reports.
    public mutating func performFrame(_ request: FrameRequest) throws -> FrameResult {
        try Self.validate(rect: request.visibleRect, path: "visibleRect")
        try validate(reports: request.sizeReports, path: "sizeReports")
        let previousContentSize = estimatedContentSize
        visibleRect = request.visibleRect
        var adjustment = Point.zero
        var anchor: ElementIdentifier?
        var anchorFrame: Rect?
        if request.visibleRect.size != viewportSize {
            let update = try setViewportSize(request.visibleRect.size)
            adjustment = update.contentOffsetAdjustment
            anchor = update.anchor
            anchorFrame = update.previousAnchorFrame
        }
        if !request.sizeReports.isEmpty {
            let update = applyAnchored { $0.applySizeReports(request.sizeReports) }
            adjustment.x += update.contentOffsetAdjustment.x
            adjustment.y += update.contentOffsetAdjustment.y
            if anchor == nil {
                anchor = update.anchor
                anchorFrame = update.previousAnchorFrame
            }
        }
        let shown = visibleRect ?? request.visibleRect
        var elements: [LayoutAttributes] = []
        forEachElement(in: shown) {
            elements.append($0)
            return true
        }
        checkInvariants()
        return FrameResult(
            update: LayoutUpdate(
                contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize,
                contentSize: estimatedContentSize, anchor: anchor, previousAnchorFrame: anchorFrame),
            visibleRect: shown, elements: elements)
    }

    // MARK: - Implementation

    /// Throws unless every report names an existing item and a valid size.
    func validate(reports: [SizeReport], path: String) throws {
        for (index, report) in reports.enumerated() {
            try checkItem(report.indexPath, path: "\(path)[\(index)].indexPath")
            try Self.validate(size: report.size, path: "\(path)[\(index)].size")
        }
    }

    /// Runs `change`, then returns the adjustment that keeps the anchor element
    /// where it was on screen, and moves the stored visible rect by it.
    mutating func applyAnchored(_ change: (inout FlowLayoutState) -> Void) -> LayoutUpdate {
        let previousContentSize = estimatedContentSize
        let anchor = currentAnchor()
        change(&self)
        var adjustment = Point.zero
        if let anchor {
            let edge = anchorEdge(of: anchor.element)
            adjustment = configuration.scrollDirection.offset(cross: edge - anchor.edge)
            if var rect = visibleRect {
                rect.origin.x += adjustment.x
                rect.origin.y += adjustment.y
                visibleRect = rect
            }
        }
        checkInvariants()
        return LayoutUpdate(
            contentOffsetAdjustment: adjustment, previousContentSize: previousContentSize,
            contentSize: estimatedContentSize, anchor: anchor?.element, previousAnchorFrame: anchor?.frame)
    }

    /// The anchor element in the visible rect, its frame and its anchored edge
    /// along the scroll axis, or `nil` when no rect is set or it shows nothing.
    mutating func currentAnchor() -> (element: ElementIdentifier, frame: Rect, edge: Double)? {
        guard let rect = visibleRect else { return nil }
        var found: LayoutAttributes?
        switch options.scrollAnchor {
        case .firstVisibleItem:
            forEachElement(in: rect) {
                found = $0
                return false
            }
        case .lastVisibleItem:
            forEachElement(in: rect) {
                found = $0
                return true
            }
        }
        guard let found else { return nil }
        return (found.identifier, found.frame, edge(of: found.frame))
    }

    /// The anchored edge of a frame: leading for the first visible item, trailing
    /// for the last.
    func edge(of frame: Rect) -> Double {
        let span = configuration.scrollDirection.crossSpan(frame)
        return options.scrollAnchor == .firstVisibleItem ? span.min : span.max
    }

    /// The anchored edge of an element as laid out now.
    mutating func anchorEdge(of element: ElementIdentifier) -> Double {
        switch element.category {
        case .cell:
            return edge(of: attributesForItem(at: element.indexPath).frame)
        case .header, .footer:
            // A supplementary element that was visible has a non-zero extent, and
            // size reports cannot remove it.
            let attributes = supplementaryAttributes(element.category, section: element.indexPath.section)
            return attributes.map { edge(of: $0.frame) } ?? 0
        }
    }

    /// Stores reported sizes and re-lays out the sections they change.
    mutating func applySizeReports(_ reports: [SizeReport]) {
        // Order by index path; among reports of one item, the later wins.
        let order = reports.indices.sorted {
            (reports[$0].indexPath, $0) < (reports[$1].indexPath, $1)
        }
        let direction = configuration.scrollDirection
        // A refined estimate moves, so a measured item must keep its size even
        // when it equals the estimate of the moment.
        let keepsEveryReport = options.estimateRefinement == .meanOfReportedSizes && configuration.isSelfSizing
        var i = 0
        while i < order.count {
            let q = reports[order[i]].indexPath.section
            let defaultBase = sections[q].baseSizes == nil
            var changes: [SizeChange] = []
            while i < order.count, reports[order[i]].indexPath.section == q {
                let report = reports[order[i]]
                i += 1
                if i < order.count, reports[order[i]].indexPath == report.indexPath { continue }
                let item = report.indexPath.item
                let base = sections[q].baseSizes?[item] ?? defaultItemSize
                let stored = sections[q].overrides[item]
                let old = stored ?? base
                let keep = report.size != base || (keepsEveryReport && defaultBase)
                sections[q].overrides.set(keep ? report.size : nil, at: item)
                if defaultBase {
                    measuredTotals.count += (keep ? 1 : 0) - (stored == nil ? 0 : 1)
                }
                if report.size != old {
                    changes.append(
                        SizeChange(item: item, alongLineChanged: direction.main(report.size) != direction.main(old)))
                }
            }
            if !changes.isEmpty && !sections[q].needsLayout {
                relayOut(q, changes: changes)
            }
        }
        refineEstimateIfDue()
    }

    /// With ``FlowLayoutOptions/EstimateRefinement/meanOfReportedSizes``, moves
    /// the estimate to the mean of the measured sizes each time their number
    /// doubles, and re-estimates every section.
    mutating func refineEstimateIfDue() {
        guard options.estimateRefinement == .meanOfReportedSizes, configuration.isSelfSizing,
            measuredTotals.count >= measuredTotals.nextRefresh
        else { return }
        var width = 0.0
        var height = 0.0
        var count = 0
        for section in sections where section.baseSizes == nil {
            section.overrides.forEach { _, size in
                width += size.width
                height += size.height
                count += 1
            }
        }
        measuredTotals.nextRefresh = 2 * max(count, 1)
        guard count > 0 else { return }
        let mean = Size(width: width / Double(count), height: height / Double(count))
        guard mean != currentEstimatedItemSize else { return }
        currentEstimatedItemSize = mean
        invalidateAllSections()
    }
}
