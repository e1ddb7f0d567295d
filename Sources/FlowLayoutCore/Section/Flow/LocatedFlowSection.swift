/// A flow section with its exact start along the scroll axis: where the
/// flow kind answers the queries of a ``LocatedSection`` (its elements in a
/// rect, an item's frame, its header and footer, its lines), from its runs.
/// Made only by ``LocatedSection``, which holds the start that laying out
/// every section before it made exact.
struct LocatedFlowSection {
    /// The section's index.
    let index: Int
    /// Its exact start: the offset of its header's leading edge.
    let start: Offset
    /// The section, laid out.
    let section: FlowSectionLayout

    @inline(__always)
    init(index: Int, start: Offset, section: FlowSectionLayout) {
        self.index = index
        self.start = start
        self.section = section
    }

    /// Where the section ends: the next section's start.
    @inline(__always)
    var end: Offset { start + section.extent }

    /// The leading edge of its first line: after the header and the leading inset.
    @inline(__always)
    var linesTop: Offset { start + section.metrics.linesOffset }
}

/// What a located section answers (`flow-layout.md` 2–4, 8.1): its elements
/// and cells in a rect, one item's frame, its header and footer, and its lines around an
/// offset or a line. Every answer is a natural frame (pinned when asked, not
/// mirrored or snapped); lines are found through ``SectionContext``'s line
/// walking (`SectionLines.swift`).
extension LocatedFlowSection {
    /// Calls `body` with the header, each cell and the footer whose natural
    /// frames (pinned by `pinning` when given) meet `rect`, in that order, the
    /// cells from the first line reaching `key` (the rect's search key), until
    /// it returns `false`. Returns whether `body` stopped, and whether the
    /// lines ran to the end of the section without passing the rect (if not,
    /// every later section lies past it too). `lines` is told of each line
    /// before its cells. With `startItem`, the item that starts a line at
    /// `key` exactly, the cells' walk starts at that line.
    @inline(__always)
    func forEachElement(
        in rect: Rect, from key: Offset, startingAt startItem: Int? = nil, pinning: Presentation?,
        lines: (LineSpan) -> Void = { _ in }, _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        supplementaries.forEachElement(in: rect, from: key, pinning: pinning, body) {
            forEachCell(in: rect, from: key, startingAt: startItem, lines: lines, body)
        }
    }

    /// Calls `body` with each cell that meets `rect`, from the first line
    /// reaching `key` (or the line `startItem` starts there), and `lines` with
    /// each line before its cells. Returns whether `body` stopped, and whether
    /// the lines ran to the end of the section without passing the rect.
    func forEachCell(
        in rect: Rect, from key: Offset, startingAt startItem: Int? = nil, lines: (LineSpan) -> Void = { _ in },
        _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        let context = section.context
        let direction = context.geometry.direction
        let high = direction.crossSpan(rect).max
        let (mainLow, mainHigh) = direction.mainSpan(rect)
        let q = index
        var stopped = false
        let completed = context.forEachLine(linesTop: linesTop, from: key, startingAt: startItem, through: high) {
            context, line, items, along in
            lines(line)
            return context.placeLine(
                items, firstItem: line.firstItem, top: line.top, thickness: line.thickness, along: along,
                mainLow: mainLow, mainHigh: mainHigh
            ) { placed in
                let frame = direction.rect(
                    main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                guard frame.touches(rect) else { return true }
                stopped = !body(
                    LayoutAttributes(
                        category: .cell, indexPath: FlowIndexPath(item: placed.item, section: q), frame: frame))
                return !stopped
            }
        }
        return (stopped, completed)
    }

    /// The natural frame of `item`.
    ///
    /// - Complexity: O(log R + the item's run).
    func frame(ofItem item: Int) -> Rect {
        let context = section.context
        let direction = context.geometry.direction
        var frame = Rect.zero
        context.withLine(containing: item, linesTop: linesTop) { line, items in
            if case .defaults(let count) = items {
                // Default items: the item's position in closed form, however long the line.
                let along = context.alongLine(items, count: count, firstItem: line.firstItem)
                let main = along.position(ofItem: item - line.firstItem, width: context.geometry.defaultMain)
                context.placeLine(
                    .defaults(1), firstItem: item, top: line.top, thickness: line.thickness,
                    along: AlongLine(start: main, gap: along.gap)
                ) { placed in
                    frame = direction.rect(
                        main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                    return false
                }
                return
            }
            context.placeLine(items, firstItem: line.firstItem, top: line.top, thickness: line.thickness) { placed in
                guard placed.item == item else { return true }
                frame = direction.rect(
                    main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength)
                return false
            }
        }
        return frame
    }

    // MARK: Header and footer

    /// The section's header and footer.
    @inline(__always)
    var supplementaries: SectionSupplementaries {
        SectionSupplementaries(index: index, start: start, end: end, metrics: section.metrics, direction: section.direction)
    }

    /// The natural attributes of the header (`nil` when omitted), pinned when
    /// `pinning` pins headers (8.1).
    @inline(__always)
    func header(pinning: Presentation?) -> LayoutAttributes? { supplementaries.header(pinning: pinning) }

    /// The natural attributes of the footer (`nil` when omitted), pinned when
    /// `pinning` pins footers (8.1).
    @inline(__always)
    func footer(pinning: Presentation?) -> LayoutAttributes? { supplementaries.footer(pinning: pinning) }

    // MARK: Lines

    /// The first line whose far edge reaches `key`.
    func firstLine(reaching key: Offset) -> LineSpan? {
        var found: LineSpan?
        _ = section.context.forEachLine(linesTop: linesTop, from: key, through: .infinity) { _, span, _, _ in
            found = span
            return false
        }
        return found
    }

    /// The line after `line` in this section, if any.
    func line(after line: LineSpan) -> LineSpan? {
        var next: LineSpan?
        _ = section.context.forEachLine(linesTop: linesTop, from: line.top + Offset(line.thickness), through: .infinity) {
            _, span, _, _ in
            guard span.firstItem > line.firstItem else { return true }
            next = span
            return false
        }
        return next
    }

    /// The line before `line` in this section, if any.
    func line(before line: LineSpan) -> LineSpan? {
        guard line.firstItem > 0 else { return nil }
        // The line before ends exactly a line spacing before this one starts.
        var previous: LineSpan?
        let from = line.top - section.metrics.lineSpacingOffset
        _ = section.context.forEachLine(linesTop: linesTop, from: from, through: .infinity) { _, span, _, _ in
            guard span.firstItem < line.firstItem else { return false }
            previous = span
            return true
        }
        return previous
    }

    /// The section's last line, or `nil` without items.
    var lastLine: LineSpan? {
        guard section.itemCount > 0 else { return nil }
        let context = section.context
        // The last line ends where the lines' advance, less one spacing, does.
        let end = linesTop + context.runsSummary.advance - section.metrics.lineSpacingOffset
        var last: LineSpan?
        _ = context.forEachLine(linesTop: linesTop, from: end, through: .infinity) { _, span, _, _ in
            last = span
            return true
        }
        return last
    }

    /// Calls `body` with the natural frame of each item of the line starting
    /// at item `firstItem`.
    func forEachItemFrame(ofLineAt firstItem: Int, _ body: (Rect) -> Void) {
        let context = section.context
        let direction = context.geometry.direction
        _ = context.withLine(containing: firstItem, linesTop: linesTop) { span, items in
            context.placeLine(items, firstItem: span.firstItem, top: span.top, thickness: span.thickness) { placed in
                body(direction.rect(main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength))
                return true
            }
        }
    }
}

/// What hit testing and a batch's moved view ask of a located flow section.
extension LocatedFlowSection {
    /// The item whose frame, as `presentation` presents it, holds `point`
    /// (edges included; the first in item order where two touch), or `nil`:
    /// the cells meeting the natural query of a zero-size rect at `point`,
    /// presented and tested against it.
    func item(at point: Point, presentation: Presentation) -> Int? {
        let rect = Rect(origin: point, size: .zero)
        let query = presentation.isIdentity ? rect : presentation.naturalQuery(rect)
        let key = SectionContext.searchKey(section.direction.crossSpan(query).min)
        var found: Int?
        _ = forEachCell(in: query, from: key) { cell in
            guard presentation.shown(cell.frame, query: query, rect: rect) != nil else { return true }
            found = cell.indexPath.item
            return false
        }
        return found
    }

    /// How its cells are placed again on lines a change moved: across each
    /// line by the cross alignment, as ``forEachCell(in:from:startingAt:lines:_:)`` places them.
    var movedLinePlacement: MovedLinePlacement {
        MovedLinePlacement(direction: section.direction, cross: section.alignments.cross)
    }

    /// Whether the section's last line may be `line`, moved by `shift`, or a
    /// later line starting before `high` along the scroll axis.
    ///
    /// `line` may be the last when it ends, with its line spacing, where the
    /// lines' advance does (with lines of no extent, a later line may end
    /// there too). When the line after it starts before `high`, the last
    /// line is looked up: a line whose cells all miss a rect across the
    /// scroll axis is still within the rect's span along it.
    ///
    /// - Complexity: O(1), or O(log R) when the next line starts before `high`.
    func mayReachLastLine(from line: LineSpan, movedBy shift: Offset, before high: Double) -> Bool {
        let next = line.top + shift + Offset(line.thickness) + section.metrics.lineSpacingOffset
        if next >= linesTop + section.linesAdvance { return true }
        guard next.double < high else { return false }
        guard let last = lastLine else { return false }
        return last.top.double < high
    }
}

/// The natural frame of a cell read at a frame on a line, once that line
/// moved, unchanged, across lines: across the line by the cross alignment
/// (`flow-layout.md` 2.3), along it where it was. Two words, taken from the
/// section once, so that a batch moving a screen of cells copies no section.
struct MovedLinePlacement {
    /// The section's scroll direction.
    let direction: ScrollDirection
    /// How its cells sit across their lines.
    let cross: CrossAlignment

    /// The natural frame of a cell read at `frame` on `line`, once `line`
    /// moved by `shift`; only for a line that is not the section's last
    /// (``LocatedSection/mayReachLastLine(from:movedBy:before:)``).
    @inline(__always)
    func frame(ofCell frame: Rect, on line: LineSpan, movedBy shift: Offset) -> Rect {
        let top = (line.top + shift).double
        let position = cross.position(top: top, thickness: line.thickness, extent: direction.cross(frame.size))
        return direction.rect(
            main: direction.main(frame.origin), cross: position, mainLength: direction.main(frame.size),
            crossLength: direction.cross(frame.size))
    }
}
