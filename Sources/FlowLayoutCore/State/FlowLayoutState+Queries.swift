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
        try Validation.check(rect: rect, path: "rect")
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
        try Validation.check(rect: rect, path: "rect")
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
        try sections.checkItem(indexPath, path: "indexPath")
        let attributes = attributes(ofItemAt: indexPath)
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
        try sections.checkSection(indexPath.section, path: "indexPath.section")
        let attributes = attributes(of: kind.category, inSection: indexPath.section)
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
    /// the content size is never rounded (`flow-layout.md` 8.3). With
    /// ``FlowLayoutOptions/ContentAlignment/end``, content shorter than the
    /// viewport along the scroll axis is as long as the viewport (8.6).
    ///
    /// - Complexity: O(1).
    @inline(__always) public var contentSize: Size {
        let direction = configuration.scrollDirection
        var extent = sections.summary.extent.double
        if options.contentAlignment == .end { extent = Swift.max(extent, direction.cross(viewportSize)) }
        return direction.size(main: direction.main(viewportSize), cross: extent)
    }

    /// Lays out every pending section and returns the exact content size.
    ///
    /// - Complexity: O(1) when no section is pending; else the layout of the
    ///   pending sections.
    public mutating func exactContentSize() -> Size {
        sections.layOutAllPendingSections()
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
        try sections.checkSection(section, path: "section")
        return sections.section(section).diagnostics(section: section)
    }

    /// The index path of the cell whose presented frame holds `point` (edges
    /// included; the first in element order where two touch), or `nil` over a
    /// gap, a header or a footer: UIKit's `indexPathForItem(at:)`, which an
    /// interactive movement asks at every move of the finger.
    ///
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` at `point.x` or
    ///   `point.y` for a NaN or infinite component.
    /// - Complexity: O(log S + log R + k) for the k elements touching the point,
    ///   once the sections before it are laid out.
    public mutating func indexPathForItem(at point: Point) throws(FlowLayoutError) -> FlowIndexPath? {
        try Validation.check(rect: Rect(origin: point, size: .zero), path: "point")
        let found = sections.item(at: point, presentation: presentation())
        checkInvariants()
        return found
    }

    /// The index of the section whose span along the scroll axis holds
    /// `offset` (a content y when scrolling vertically, else a content x, left
    /// to right before any mirroring): the last section that starts at or
    /// before it. Offsets past the end give the last section; `nil` when there
    /// are no sections. Sections not laid out yet count at their estimated
    /// extents, so the answer is exact up to the first of them: what a host
    /// that supplies a section's content only when a query first reaches it
    /// reads.
    ///
    /// - Complexity: O(log S).
    public func sectionIndex(atOffset offset: Double) -> Int? { sections.sectionIndex(atOffset: offset) }

    /// The size an item has of its own, given with its section or reported, or
    /// `nil` when it takes the default: `itemSize`, or
    /// ``currentEstimatedItemSize`` while a self-sizing item is unmeasured:
    /// what a host compares a measured size with before reporting it
    /// (`flow-layout.md` 7.1), so that a report that would change nothing is
    /// never made.
    ///
    /// Presented frames may differ from it (pixel snapping rounds their edges);
    /// this is the size before presentation.
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R).
    public func ownSize(ofItemAt indexPath: FlowIndexPath) throws(FlowLayoutError) -> Size? {
        try sections.checkItem(indexPath, path: "indexPath")
        return sections[indexPath.section].explicitSize(ofItem: indexPath.item)
    }

    /// The size the layout uses for an item: its own size, else the default
    /// (`itemSize`, or ``currentEstimatedItemSize`` while self-sizing).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R).
    public func sizeOfItem(at indexPath: FlowIndexPath) throws(FlowLayoutError) -> Size {
        try ownSize(ofItemAt: indexPath) ?? sections.defaultItemSize
    }

    /// The size the header or footer of `section` is laid out at: the
    /// reported size, else the section's or the layout's reference size, with
    /// the line extent across the scroll axis (zero along it when omitted).
    ///
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)`` at `section`.
    /// - Complexity: O(log S).
    public func sizeOfSupplementaryElement(ofKind kind: SupplementaryKind, inSection section: Int) throws(FlowLayoutError)
        -> Size
    {
        try sections.checkSection(section, path: "section")
        return sections.metrics(ofSection: section).size(of: kind.category, direction: configuration.scrollDirection)
    }
}
