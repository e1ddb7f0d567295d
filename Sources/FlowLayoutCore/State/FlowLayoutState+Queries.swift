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
        return configuration.scrollDirection == .vertical
            ? Size(width: viewportSize.width, height: total)
            : Size(width: total, height: viewportSize.height)
    }

    /// Lays out every pending section and returns the exact content size.
    ///
    /// - Complexity: O(1) when no section is pending; else the layout of the
    ///   pending sections.
    public mutating func exactContentSize() -> Size {
        layOutPendingSections(through: sections.count - 1)
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
        let record = sections[section]
        let geometry = geometry(of: record)
        let available = geometry.available
        var result: [LayoutDiagnostic] = []
        var runStart = -1
        var widest = 0.0
        var item = 0
        func visit(_ main: Double, count: Int) {
            if main > available {
                if runStart < 0 {
                    runStart = item
                    widest = main
                } else {
                    widest = Swift.max(widest, main)
                }
            } else if runStart >= 0 {
                result.append(
                    .itemsWiderThanLine(section: section, items: runStart...(item - 1), itemExtent: widest, available: available))
                runStart = -1
            }
            item += count
        }
        forEachItemSegment(of: record) { segment in
            switch segment {
            case .defaults(let count): visit(geometry.defaultMain, count: count)
            case .sized(let size): visit(geometry.direction.main(size), count: 1)
            }
        }
        visit(-.infinity, count: 0)
        return result
    }

    // MARK: - Implementation

    /// Calls `body` with every item of a section, as segments, in order, without
    /// gathering them (a section may hold millions).
    func forEachItemSegment(of record: SectionRecord, _ body: (ItemSegment) -> Void) {
        guard let store = record.store else {
            if record.itemCount > 0 { body(.defaults(record.itemCount)) }
            return
        }
        if let given = store.givenSizes {
            for size in given { body(.sized(size)) }
            return
        }
        store.runs.forEach(from: 0, before: .zero) { run, _ in
            var reader = RunReader(run)
            while let segment = reader.next() { body(segment) }
            return true
        }
    }

    /// Calls `body` with each element whose natural frame (pinned by `pinning`
    /// when given, not mirrored or snapped) meets `rect`, in order, until it
    /// returns `false`.
    mutating func forEachNaturalElement(
        in rect: Rect, pinning: Presentation? = nil, _ body: (LayoutAttributes) -> Bool
    ) {
        guard sections.count > 0 else { return }
        let direction = configuration.scrollDirection
        let (low, high) = direction.crossSpan(rect)
        let (mainLow, mainHigh) = direction.mainSpan(rect)
        let key = SectionContext.searchKey(low)
        var first = firstSection(reaching: key)
        guard var found = first.record.take() else { return }
        var q = first.position
        var start = first.start
        while true {
            if found.isPending {
                found.store = nil  // no copy of the store while it is laid out (layOutSection)
                layOutSection(q)
                found = sections[q]
            }
            let record = found
            if start.double > high { return }
            let metrics = sectionMetrics(record.metricsIndex)
            let meetsMainSpan = 0 <= mainHigh && mainLow <= metrics.viewportMain
            if metrics.headerExtent > 0, meetsMainSpan,
                let attributes = header(ofSection: q, start: start, extent: record.extent, metrics: metrics, pinning: pinning),
                pinning?.pinsHeaders == true || start + Offset(metrics.headerExtent) >= key
            {
                if attributes.frame.touches(rect), !body(attributes) { return }
            }
            let cells = forEachNaturalCell(
                in: rect, section: q, record: record, linesTop: start + metrics.linesOffset, from: key, body)
            if cells.stopped { return }
            let completed = cells.completed
            if metrics.footerExtent > 0, meetsMainSpan,
                let attributes = footer(ofSection: q, start: start, extent: record.extent, metrics: metrics, pinning: pinning),
                direction.crossSpan(attributes.frame).min <= high
            {
                if attributes.frame.touches(rect), !body(attributes) { return }
            }
            // Lines that ran past the rect put every later section past it too.
            if !completed { return }
            start += record.extent
            q += 1
            guard q < sections.count else { return }
            found = sections[q]
        }
    }

    /// Calls `body` with each cell of section `q` (whose lines start at
    /// `linesTop`) that meets `rect`, from the first line reaching `key`.
    /// Returns whether `body` stopped, and whether the lines ran to the end of
    /// the section without passing the rect.
    private func forEachNaturalCell(
        in rect: Rect, section q: Int, record: SectionRecord, linesTop: Offset, from key: Offset,
        _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        let direction = configuration.scrollDirection
        let high = direction.crossSpan(rect).max
        let (mainLow, mainHigh) = direction.mainSpan(rect)
        let context = context(of: record)
        var stopped = false
        let completed = context.forEachLine(linesTop: linesTop, from: key, through: high) { line, items, along in
            context.placeLine(
                items, firstItem: line.firstItem, top: line.top, thickness: line.thickness, along: along,
                mainLow: mainLow, mainHigh: mainHigh
            ) { placed in
                let frame = direction.rect(
                    main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                guard frame.touches(rect) else { return true }
                stopped = !body(
                    LayoutAttributes(
                        category: .cell, indexPath: FlowIndexPath(item: placed.item, section: q), frame: frame, zIndex: 0))
                return !stopped
            }
        }
        return (stopped, completed)
    }

    /// The first section whose end reaches `key`, after laying out every pending
    /// section before it: its index, start and record (`nil` when the content
    /// ends before `key`).
    mutating func firstSection(reaching key: Offset) -> (position: Int, start: Offset, record: SectionRecord?) {
        while true {
            let last: Int
            do {
                // Scoped: no copy of a record is alive while sections are laid out.
                let found = sections.find(key, in: { $0.extent }, rule: .reaching)
                guard found.before.pending > 0 else { return (found.position, found.before.extent, found.element) }
                last = Swift.min(found.position, sections.count - 1)
            }
            layOutPendingSections(through: last)
        }
    }

    /// The footer's offset: after the section's lines and its trailing inset.
    @inline(__always)
    func footerStart(start: Offset, extent: Offset, metrics: SectionMetrics) -> Offset {
        start + extent - Offset(metrics.footerExtent)
    }

    /// The attributes of a header or footer whose span along the scroll axis starts
    /// at `cross`.
    @inline(__always)
    func supplementary(
        _ category: ElementCategory, section q: Int, cross: Double, extent: Double, metrics: SectionMetrics,
        zIndex: Int = 10
    ) -> LayoutAttributes {
        LayoutAttributes(
            category: category, indexPath: FlowIndexPath(item: 0, section: q),
            frame: configuration.scrollDirection.rect(
                main: 0, cross: cross, mainLength: metrics.viewportMain, crossLength: extent),
            zIndex: zIndex)
    }

    /// The natural attributes of section `q`'s header (`nil` when omitted),
    /// pinned when `pinning` pins headers (8.1); the section starts at `start`
    /// and spans `extent`.
    @inline(__always)
    func header(
        ofSection q: Int, start: Offset, extent: Offset, metrics: SectionMetrics, pinning: Presentation?
    ) -> LayoutAttributes? {
        guard metrics.headerExtent > 0 else { return nil }
        guard let pinning, pinning.pinsHeaders else {
            return supplementary(.header, section: q, cross: start.double, extent: metrics.headerExtent, metrics: metrics)
        }
        let end = footerStart(start: start, extent: extent, metrics: metrics).double
        let cross = pinning.pinnedHeader(natural: start.double, extent: metrics.headerExtent, end: end)
        return supplementary(
            .header, section: q, cross: cross, extent: metrics.headerExtent, metrics: metrics)
    }

    /// The natural attributes of section `q`'s footer (`nil` when omitted),
    /// pinned when `pinning` pins footers (8.1).
    @inline(__always)
    func footer(
        ofSection q: Int, start: Offset, extent: Offset, metrics: SectionMetrics, pinning: Presentation?
    ) -> LayoutAttributes? {
        guard metrics.footerExtent > 0 else { return nil }
        let natural = footerStart(start: start, extent: extent, metrics: metrics).double
        guard let pinning, pinning.pinsFooters else {
            return supplementary(.footer, section: q, cross: natural, extent: metrics.footerExtent, metrics: metrics)
        }
        let contentStart = (start + Offset(metrics.headerExtent)).double
        let cross = pinning.pinnedFooter(natural: natural, extent: metrics.footerExtent, contentStart: contentStart)
        return supplementary(
            .footer, section: q, cross: cross, extent: metrics.footerExtent, metrics: metrics)
    }

    /// The natural attributes of a valid item.
    mutating func naturalAttributesForItem(at indexPath: FlowIndexPath) -> LayoutAttributes {
        let q = indexPath.section
        layOutPendingSections(through: q)
        let record = sections[q]
        let metrics = sectionMetrics(record.metricsIndex)
        let context = context(of: record)
        var frame = Rect.zero
        let direction = configuration.scrollDirection
        context.withLine(containing: indexPath.item, linesTop: sectionStart(q) + metrics.linesOffset) { line, items in
            if case .defaults(let count) = items {
                // Default items: the item's position in closed form, however long the line.
                let along = context.alongLine(items, count: count, firstItem: line.firstItem)
                let main = along.position(ofItem: indexPath.item - line.firstItem, width: context.geometry.defaultMain)
                context.placeLine(
                    .defaults(1), firstItem: indexPath.item, top: line.top, thickness: line.thickness,
                    along: AlongLine(start: main, gap: along.gap)
                ) { placed in
                    frame = direction.rect(
                        main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                    return false
                }
                return
            }
            context.placeLine(items, firstItem: line.firstItem, top: line.top, thickness: line.thickness) { placed in
                guard placed.item == indexPath.item else { return true }
                frame = direction.rect(
                    main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                return false
            }
        }
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, zIndex: 0)
    }

    /// The natural attributes of a valid section's header or footer, pinned by
    /// `pinning` when given, or `nil` if omitted.
    mutating func naturalSupplementaryAttributes(
        _ category: ElementCategory, section q: Int, pinning: Presentation?
    ) -> LayoutAttributes? {
        let metrics = sectionMetrics(sections[q].metricsIndex)
        guard (category == .header ? metrics.headerExtent : metrics.footerExtent) > 0 else { return nil }
        layOutPendingSections(through: q)
        let start = sectionStart(q)
        let extent = sections[q].extent
        return category == .header
            ? header(ofSection: q, start: start, extent: extent, metrics: metrics, pinning: pinning)
            : footer(ofSection: q, start: start, extent: extent, metrics: metrics, pinning: pinning)
    }
}
