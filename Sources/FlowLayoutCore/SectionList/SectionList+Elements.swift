/// Reading natural frames across sections (`flow-layout.md` 6): elements in
/// a rect, one item's frame, a header or footer, the item at a point. Rect
/// queries find the first section by a search of the section tree, then ask
/// each section from there (``LocatedSection``) until one starts past the
/// rect: O(log S + log R + k) for k elements. Pending sections before the
/// rect are laid out first, so every frame is exact.
extension SectionList {
    /// Calls `body` with each element whose natural frame (pinned by `pinning`
    /// when given, not mirrored or snapped) meets `rect`, in order, until it
    /// returns `false`. `lines` is told of each line before its cells.
    mutating func forEachNaturalElement(
        in rect: Rect, pinning: Presentation? = nil, lines: (LineSpan) -> Void = { _ in },
        _ body: (LayoutAttributes) -> Bool
    ) {
        guard records.count > 0 else { return }
        let (low, high) = table.settings.configuration.scrollDirection.crossSpan(rect)
        let key = SectionContext.searchKey(low)
        guard let located = locatedSection(reaching: key) else { return }
        forEachNaturalElement(
            in: rect, from: key, through: high, startingIn: located, atLine: nil, pinning: pinning, lines: lines, body)
    }

    /// As ``forEachNaturalElement(in:pinning:lines:_:)``, but only the
    /// elements of lines that reach `start` (past the rect's search key) and
    /// of what follows, as if the search started there (a header that ends
    /// before it is passed over); `startItem` starts a line of `located`
    /// exactly at `start` (a line known from a batch's re-break), and the
    /// walk starts at that line instead of skipping its run's lines before
    /// it. The search of the section tree is skipped when `start` lies in
    /// `located` (laid out with every section before it) as that search
    /// would find it: past its start, not past its end.
    ///
    /// - Complexity: O(log R + k) for k elements, when the search is skipped.
    mutating func forEachNaturalElement(
        in rect: Rect, fromLine startItem: Int, at start: Offset, of located: LocatedSection,
        _ body: (LayoutAttributes) -> Bool
    ) {
        let (low, high) = table.settings.configuration.scrollDirection.crossSpan(rect)
        let searchKey = SectionContext.searchKey(low)
        let key = Swift.max(searchKey, start)
        let first: LocatedSection
        if located.start < start && start <= located.end && start >= searchKey {
            first = located
        } else {
            guard let found = locatedSection(reaching: key) else { return }
            first = found
        }
        // The line start holds only where the search starts.
        let line = key == start && first.index == located.index ? startItem : nil
        forEachNaturalElement(
            in: rect, from: key, through: high, startingIn: first, atLine: line, pinning: nil, lines: { _ in }, body)
    }

    /// The walk of ``forEachNaturalElement(in:pinning:lines:_:)``
    /// from `located`, the first section reaching `key`, until a section
    /// starts past `high`.
    @inline(__always)
    private mutating func forEachNaturalElement(
        in rect: Rect, from key: Offset, through high: Double, startingIn located: consuming LocatedSection,
        atLine firstLine: Int?, pinning: Presentation?, lines: (LineSpan) -> Void, _ body: (LayoutAttributes) -> Bool
    ) {
        // Taken, not copied: a copy of a located section retains its references.
        var startItem = firstLine
        while located.start.double <= high {
            let visit = located.forEachElement(
                in: rect, from: key, startingAt: startItem, pinning: pinning, lines: lines, body)
            startItem = nil
            // Lines that ran past the rect put every later section past it too.
            guard !visit.stopped, visit.completed, advance(&located) else { return }
        }
    }

    /// The natural attributes of a valid item.
    mutating func naturalAttributes(ofItemAt indexPath: FlowIndexPath) -> LayoutAttributes {
        let frame = locatedSection(indexPath.section).frame(ofItem: indexPath.item)
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    /// The natural attributes of a valid section's header or footer, pinned by
    /// `pinning` when given, or `nil` if omitted.
    mutating func naturalAttributes(
        of category: ElementCategory, inSection q: Int, pinning: Presentation?
    ) -> LayoutAttributes? {
        // An omitted one lays nothing out.
        guard metrics(ofSection: q).extent(of: category) > 0 else { return nil }
        let located = locatedSection(q)
        return category == .header ? located.header(pinning: pinning) : located.footer(pinning: pinning)
    }

    /// The item whose presented frame holds `point` (edges included; the
    /// first in element order where two touch), or `nil`: the sections from
    /// the one the point's natural query reaches, each asked for its item
    /// there, until one starts past it.
    ///
    /// - Complexity: O(log S + log R + the elements touching the point).
    mutating func item(at point: Point, presentation: Presentation) -> FlowIndexPath? {
        guard records.count > 0 else { return nil }
        let rect = Rect(origin: point, size: .zero)
        let (low, high) = table.settings.configuration.scrollDirection.crossSpan(
            presentation.isIdentity ? rect : presentation.naturalQuery(rect))
        guard var located = locatedSection(reaching: SectionContext.searchKey(low)) else { return nil }
        repeat {
            if let item = located.item(at: point, presentation: presentation) {
                return FlowIndexPath(item: item, section: located.index)
            }
        } while advance(&located) && located.start.double <= high
        return nil
    }
}
