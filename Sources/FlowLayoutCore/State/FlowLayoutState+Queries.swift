/// Reading the layout: elements in a rect, one element's attributes, the content
/// size (`flow-layout.md` 6).
///
/// Rect queries find the first section by a search of the section tree, then the
/// first block by a search of that section's block tree, then walk lines in
/// order: O(log S + log B + k) for k elements returned. Pending sections before
/// the rect are laid out first, so every frame returned is exact.
extension FlowLayoutState {
    /// The attributes of every cell, header and footer whose frame meets `rect`,
    /// touching edges included, ordered per section: header, cells by index, footer.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a rect with a
    ///   NaN or infinite component or a negative size.
    /// - Complexity: O(log S + log B + k) for k elements returned, once the
    ///   sections before the rect are laid out.
    public mutating func layoutAttributesForElements(in rect: Rect) throws -> [LayoutAttributes] {
        try Self.validate(rect: rect, path: "rect")
        var result: [LayoutAttributes] = []
        forEachElement(in: rect) {
            result.append($0)
            return true
        }
        checkInvariants()
        return result
    }

    /// Calls `body` with each element meeting `rect`, in the order of
    /// ``layoutAttributesForElements(in:)``, until it returns `false`: the same
    /// query without building an array, for streaming millions of elements.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: O(log S + log B + k) for k elements visited.
    public mutating func enumerateElements(in rect: Rect, _ body: (LayoutAttributes) -> Bool) throws {
        try Self.validate(rect: rect, path: "rect")
        forEachElement(in: rect, body)
        checkInvariants()
    }

    /// The attributes of one cell.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(section:sectionCount:)`` or
    ///   ``FlowLayoutError/itemOutOfRange(_:itemCount:)``.
    /// - Complexity: O(log S + log B + line length), once the sections up to
    ///   `indexPath.section` are laid out.
    public mutating func layoutAttributesForItem(at indexPath: FlowIndexPath) throws -> LayoutAttributes {
        try checkItem(indexPath, path: "indexPath")
        let attributes = attributesForItem(at: indexPath)
        checkInvariants()
        return attributes
    }

    /// The attributes of a section's header or footer, or `nil` when its extent
    /// along the scroll axis is zero and it is omitted (`flow-layout.md` 4.2).
    ///
    /// - Parameters:
    ///   - category: ``ElementCategory/header`` or ``ElementCategory/footer``;
    ///     ``ElementCategory/cell`` returns the attributes of item
    ///     `indexPath.item`, like ``layoutAttributesForItem(at:)``.
    ///   - indexPath: the section, with item 0.
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(section:sectionCount:)``.
    /// - Complexity: O(log S), once the sections before it are laid out.
    public mutating func layoutAttributesForSupplementaryElement(
        ofKind category: ElementCategory, at indexPath: FlowIndexPath
    ) throws -> LayoutAttributes? {
        if category == .cell { return try layoutAttributesForItem(at: indexPath) }
        try checkSection(indexPath.section, path: "indexPath.section")
        let attributes = supplementaryAttributes(category, section: indexPath.section)
        checkInvariants()
        return attributes
    }

    /// The size of all content: the viewport's extent across the scroll axis by the
    /// sum of the section extents along it (`flow-layout.md` 4.5). Exact: lays out
    /// any pending section first.
    ///
    /// - Complexity: O(1) when no section is pending.
    public var contentSize: Size {
        mutating get {
            layOutPendingSections(through: sections.count - 1)
            checkInvariants()
            return estimatedContentSize
        }
    }

    /// The content size counting pending sections at their estimated extent;
    /// equal to ``contentSize`` when ``pendingSectionCount`` is zero. Updates
    /// report this size, so that they never lay out sections nobody looks at.
    ///
    /// - Complexity: O(1).
    public var estimatedContentSize: Size {
        let total = sectionTree.totalExtent
        return configuration.scrollDirection == .vertical
            ? Size(width: viewportSize.width, height: total)
            : Size(width: total, height: viewportSize.height)
    }

    /// The number of sections waiting to be laid out: never laid out, or
    /// invalidated by a viewport width change or a new estimate.
    ///
    /// - Complexity: O(1).
    public var pendingSectionCount: Int { pending.count }

    /// Items wider than their line (taller, when scrolling horizontally) in
    /// `section`, in runs of consecutive items (`flow-layout.md` 2.2).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(section:sectionCount:)``.
    /// - Complexity: O(1) for a section whose items all have the default size,
    ///   else O(n).
    public func diagnostics(inSection section: Int) throws -> [LayoutDiagnostic] {
        try checkSection(section, path: "section")
        let context = self.context(section)
        let available = context.metrics.available
        var result: [LayoutDiagnostic] = []
        if sections[section].isImplicitlyUniform {
            if context.itemCount > 0, !(context.geometry.main <= available) {
                result.append(
                    .itemsWiderThanLine(
                        section: section, items: 0...(context.itemCount - 1), itemExtent: context.geometry.main,
                        available: available))
            }
            return result
        }
        var runStart = -1
        var widest = 0.0
        for i in 0...context.itemCount {
            let main = i < context.itemCount ? context.sizes.main(i) : -Double.infinity
            if main > available {
                if runStart < 0 {
                    runStart = i
                    widest = main
                } else {
                    widest = max(widest, main)
                }
            } else if runStart >= 0 {
                result.append(
                    .itemsWiderThanLine(section: section, items: runStart...(i - 1), itemExtent: widest, available: available))
                runStart = -1
            }
        }
        return result
    }

    // MARK: - Implementation

    /// Calls `body` with each element meeting `rect`, in order, until it returns `false`.
    mutating func forEachElement(in rect: Rect, _ body: (LayoutAttributes) -> Bool) {
        guard !sections.isEmpty else { return }
        let direction = configuration.scrollDirection
        let (low, high) = direction.crossSpan(rect)
        let (mainLow, mainHigh) = direction.mainSpan(rect)
        var q = firstSection(reaching: low)
        while q < sections.count {
            if sections[q].needsLayout { layOutSection(q) }
            let start = sectionStart(q)
            if start > high { return }
            let metrics = metricsTable[sections[q].metricsIndex]
            let extent = sectionTree.extent(at: q)
            let headerMeetsMain = 0 <= mainHigh && mainLow <= metrics.viewportMain
            if metrics.headerExtent > 0, headerMeetsMain, start + metrics.headerExtent >= low {
                if !body(supplementary(.header, section: q, cross: start, extent: metrics.headerExtent, metrics: metrics)) {
                    return
                }
            }
            let context = self.context(q)
            let linesTop = start + metrics.linesOffset
            var stopped = false
            let completed = context.forEachLine(
                blocks: sections[q].blocks, linesTop: linesTop, from: low, through: high
            ) { line in
                context.placeLine(start: line.start, end: line.end, top: line.top, thickness: line.thickness) {
                    item, main, cross, mainLength, crossLength in
                    guard main <= mainHigh, mainLow <= main + mainLength, cross <= high, low <= cross + crossLength
                    else { return true }
                    let attributes = LayoutAttributes(
                        category: .cell, indexPath: FlowIndexPath(item: item, section: q),
                        frame: direction.rect(main: main, cross: cross, mainLength: mainLength, crossLength: crossLength),
                        zIndex: 0)
                    stopped = !body(attributes)
                    return !stopped
                }
            }
            if stopped { return }
            if metrics.footerExtent > 0, headerMeetsMain {
                let footerTop = footerStart(start: start, extent: extent, metrics: metrics)
                if footerTop <= high, footerTop + metrics.footerExtent >= low {
                    if !body(supplementary(.footer, section: q, cross: footerTop, extent: metrics.footerExtent, metrics: metrics)) {
                        return
                    }
                }
            }
            // Lines that ran past the rect put every later section past it too.
            if !completed { return }
            q += 1
        }
    }

    /// The first section whose end reaches `offset`, after laying out every pending
    /// section before it; `sections.count` when the content ends above `offset`.
    mutating func firstSection(reaching offset: Double) -> Int {
        let slack = abs(offset) * 0x1p-40
        while true {
            let found = sectionTree.leaf(reachingExtent: offset - slack).leaf
            if let p = pending.first(atOrAfter: 0), p <= min(found, sections.count - 1) {
                layOutPendingSections(through: min(found, sections.count - 1))
                continue
            }
            return found
        }
    }

    /// The footer's offset: after the section's lines and its trailing inset.
    @inline(__always)
    func footerStart(start: Double, extent: Double, metrics: SectionMetrics) -> Double {
        start + (extent - metrics.footerExtent)
    }

    /// The attributes of a header or footer whose span along the scroll axis starts
    /// at `cross`.
    @inline(__always)
    func supplementary(
        _ category: ElementCategory, section q: Int, cross: Double, extent: Double, metrics: SectionMetrics
    ) -> LayoutAttributes {
        LayoutAttributes(
            category: category, indexPath: FlowIndexPath(item: 0, section: q),
            frame: configuration.scrollDirection.rect(main: 0, cross: cross, mainLength: metrics.viewportMain, crossLength: extent),
            zIndex: 10)
    }

    /// The attributes of a valid item.
    mutating func attributesForItem(at indexPath: FlowIndexPath) -> LayoutAttributes {
        let q = indexPath.section
        layOutPendingSections(through: q)
        let metrics = metricsTable[sections[q].metricsIndex]
        let context = self.context(q)
        let linesTop = sectionStart(q) + metrics.linesOffset
        let line = context.line(containing: indexPath.item, blocks: sections[q].blocks, linesTop: linesTop)
        var frame = Rect.zero
        let direction = configuration.scrollDirection
        context.placeLine(start: line.start, end: line.end, top: line.top, thickness: line.thickness) {
            item, main, cross, mainLength, crossLength in
            guard item == indexPath.item else { return true }
            frame = direction.rect(main: main, cross: cross, mainLength: mainLength, crossLength: crossLength)
            return false
        }
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
    }

    /// The attributes of a valid section's header or footer, or `nil` if omitted.
    mutating func supplementaryAttributes(_ category: ElementCategory, section q: Int) -> LayoutAttributes? {
        let metrics = metricsTable[sections[q].metricsIndex]
        let extent = category == .header ? metrics.headerExtent : metrics.footerExtent
        guard extent > 0 else { return nil }
        layOutPendingSections(through: q)
        let start = sectionStart(q)
        let cross =
            category == .header
            ? start : footerStart(start: start, extent: sectionTree.extent(at: q), metrics: metrics)
        return supplementary(category, section: q, cross: cross, extent: extent, metrics: metrics)
    }
}
