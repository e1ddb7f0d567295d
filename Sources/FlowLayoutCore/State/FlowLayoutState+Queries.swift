/// Reading the layout: elements in a rect, one element's attributes, the content
/// size (`flow-layout.md` 6).
///
/// Rect queries find the first section by a search of the section tree, then the
/// first run by a search of that section's run tree, then walk lines in order:
/// O(log S + log R + k) for k elements returned. Pending sections before the
/// rect are laid out first, so every frame returned is exact.
extension FlowLayoutState {
    /// The attributes of every cell, header and footer whose frame meets `rect`,
    /// touching edges included, ordered per section: header, cells by index, footer.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a rect with a
    ///   NaN or infinite component or a negative size.
    /// - Complexity: O(log S + log R + k) for k elements returned, once the
    ///   sections before the rect are laid out.
    public mutating func layoutAttributesForElements(in rect: Rect) throws(FlowLayoutError) -> [LayoutAttributes] {
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
    /// - Complexity: O(log S + log R + k) for k elements visited.
    public mutating func enumerateElements(in rect: Rect, _ body: (LayoutAttributes) -> Bool) throws(FlowLayoutError) {
        try Self.validate(rect: rect, path: "rect")
        forEachElement(in: rect, body)
        checkInvariants()
    }

    /// The attributes of one cell.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)`` or
    ///   ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R + run length), once the sections up to
    ///   `indexPath.section` are laid out.
    public mutating func layoutAttributesForItem(at indexPath: FlowIndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try checkItem(indexPath, path: "indexPath")
        let attributes = attributesForItem(at: indexPath)
        checkInvariants()
        return attributes
    }

    /// The attributes of a section's header or footer, or `nil` when its extent
    /// along the scroll axis is zero and it is omitted (`flow-layout.md` 4.2).
    ///
    /// - Parameters:
    ///   - kind: header or footer.
    ///   - indexPath: the section, with item 0.
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(log S), once the sections before it are laid out.
    public mutating func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: FlowIndexPath
    ) throws(FlowLayoutError) -> LayoutAttributes? {
        try checkSection(indexPath.section, path: "indexPath.section")
        let attributes = supplementaryAttributes(kind.category, section: indexPath.section)
        checkInvariants()
        return attributes
    }

    /// The size of all content: the viewport's extent across the scroll axis by the
    /// sum of the section extents along it (`flow-layout.md` 4.5), what UIKit's
    /// `collectionViewContentSize` gives: exact for every section laid out, and
    /// counting pending sections at their estimated extent. Equal to
    /// ``exactContentSize()`` when ``pendingSectionCount`` is zero.
    ///
    /// Pixel rounding (``FlowLayoutOptions/displayScale``) rounds origins only:
    /// the content size is never rounded (`flow-layout.md` 8.3).
    ///
    /// - Complexity: O(1).
    public var contentSize: Size { naturalContentSize }

    /// The content size before pixel snapping.
    var naturalContentSize: Size {
        let total = sections.summary.extent.double
        let direction = configuration.scrollDirection
        return direction.size(main: direction.main(viewportSize), cross: total)
    }

    /// Lays out every pending section and returns the exact content size.
    ///
    /// - Complexity: O(1) when no section is pending; else the layout of the
    ///   pending sections.
    public mutating func exactContentSize() -> Size {
        layOutAllPendingSections()
        checkInvariants()
        return contentSize
    }

    /// The number of sections waiting to be laid out: never laid out, or
    /// invalidated by a viewport width change or a new estimate.
    ///
    /// - Complexity: O(1).
    public var pendingSectionCount: Int { sections.summary.pending }

    /// Items wider than their line (taller, when scrolling horizontally) in
    /// `section`, in runs of consecutive items (`flow-layout.md` 2.2).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``.
    /// - Complexity: O(1) for a section whose items all have the default size,
    ///   else O(n).
    public func diagnostics(inSection section: Int) throws(FlowLayoutError) -> [LayoutDiagnostic] {
        try checkSection(section, path: "section")
        return self.section(section).diagnostics(section: section)
    }

    // MARK: - Implementation

    /// Calls `body` with each element whose natural frame (pinned by `pinning`
    /// when given, not mirrored or snapped) meets `rect`, in order, until it
    /// returns `false`. With `start` (past the rect's search key), only the
    /// elements of lines that reach it and of what follows, as if the search
    /// started there: a header that ends before it is passed over. With
    /// `startLine` as well, the item that starts a line exactly at `start`
    /// (a line known from a batch's re-break): the walk starts at that line
    /// instead of skipping its run's lines before it. `lines` is told of each
    /// line before its cells.
    mutating func forEachNaturalElement(
        in rect: Rect, from start: Offset? = nil, startLine: FlowIndexPath? = nil, pinning: Presentation? = nil,
        lines: (LineSpan) -> Void = { _ in }, _ body: (LayoutAttributes) -> Bool
    ) {
        guard sections.count > 0 else { return }
        let (low, high) = configuration.scrollDirection.crossSpan(rect)
        var key = SectionContext.searchKey(low)
        if let start, start > key { key = start }
        guard var located = locatedSection(reaching: key) else { return }
        // The line start holds only where the search starts.
        var startItem = startLine.flatMap { start != nil && key == start && $0.section == located.index ? $0.item : nil }
        while located.start.double <= high {
            let visit = located.forEachElement(
                in: rect, from: key, startingAt: startItem, pinning: pinning, lines: lines, body)
            startItem = nil
            // Lines that ran past the rect put every later section past it too.
            guard !visit.stopped, visit.completed, advance(&located) else { return }
        }
    }

    /// The natural attributes of a valid item.
    mutating func naturalAttributesForItem(at indexPath: FlowIndexPath) -> LayoutAttributes {
        let frame = locatedSection(indexPath.section).frame(ofItem: indexPath.item)
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    /// The natural attributes of a valid section's header or footer, pinned by
    /// `pinning` when given, or `nil` if omitted.
    mutating func naturalSupplementaryAttributes(
        _ category: ElementCategory, section q: Int, pinning: Presentation?
    ) -> LayoutAttributes? {
        // An omitted one lays nothing out.
        guard sectionMetrics(sections[q].metricsIndex).extent(of: category) > 0 else { return nil }
        let located = locatedSection(q)
        return category == .header ? located.header(pinning: pinning) : located.footer(pinning: pinning)
    }
}
