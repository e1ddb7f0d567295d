/// A waterfall section with its exact start along the scroll axis: where the
/// waterfall kind answers the queries of a ``LocatedSection``
/// (`flow-layout.md` 12.2, 12.4).
///
/// Each item is a line of its own for the queries that walk lines (snapping,
/// 12.4: every item's top is a line start): lines are the items in the order
/// of their tops, ties by index, found column by column.
struct LocatedWaterfallSection {
    /// The section's index.
    let index: Int
    /// Its exact start: the offset of its header's leading edge.
    let start: Offset
    /// The section.
    let section: WaterfallSectionLayout

    @inline(__always)
    init(index: Int, start: Offset, section: WaterfallSectionLayout) {
        self.index = index
        self.start = start
        self.section = section
    }

    /// Where the section ends: the next section's start.
    @inline(__always)
    var end: Offset { start + section.record.extent }

    /// The top of its lines' area: after the header and the leading inset.
    @inline(__always)
    var linesTop: Offset { start + section.metrics.linesOffset }

    /// The section's header and footer.
    @inline(__always)
    var supplementaries: SectionSupplementaries {
        SectionSupplementaries(index: index, start: start, end: end, metrics: section.metrics, direction: section.direction)
    }

    /// The natural frame of an item of `column` whose top is `top` from the
    /// lines' top, `length` long.
    @inline(__always)
    private func frame(column: Int, top: Offset, length: Double) -> Rect {
        let columns = section.columns
        return section.direction.rect(
            main: columns.start(ofColumn: column, leading: section.metrics.mainLeadingInset), cross: (linesTop + top).double,
            mainLength: columns.width, crossLength: length)
    }
}

extension LocatedWaterfallSection {
    // MARK: Elements

    /// Calls `body` with the header, each cell and the footer whose natural
    /// frames (pinned by `pinning` when given) meet `rect`, in that order
    /// (`flow-layout.md` 6.1), from the rect's search key `key`, until it
    /// returns `false`; `lines` with each cell's line (the cell itself).
    func forEachElement(
        in rect: Rect, from key: Offset, pinning: Presentation?, lines: (LineSpan) -> Void = { _ in },
        _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        supplementaries.forEachElement(in: rect, from: key, pinning: pinning, body) {
            forEachCell(in: rect, from: key, lines: lines, body)
        }
    }

    /// Calls `body` with each cell that meets `rect`, in index order, from
    /// the first item whose bottom reaches `key`. Returns whether `body`
    /// stopped, and whether the items ran out without passing the rect.
    ///
    /// Each column is walked on its own, from its first item reaching the
    /// key (found by its sums) until one starts past the rect, and the
    /// columns' items are merged in index order: however unevenly the
    /// columns hold the items (12.3 keeps an item where it was put), the walk
    /// reads only what it shows and a column's item just past it.
    ///
    /// - Complexity: O(n · log R) plus O(log R) per item shown.
    func forEachCell(
        in rect: Rect, from key: Offset, lines: (LineSpan) -> Void = { _ in }, _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        let stack = section.stack
        guard stack.itemCount > 0 else { return (false, true) }
        let high = section.direction.crossSpan(rect).max
        let target = key - linesTop + stack.lineSpacing
        var cursors: [WaterfallStack.ColumnCursor] = []
        var passed = false
        for column in 0..<section.columns.count {
            guard let cursor = stack.cursor(ofFirstAdvanceReaching: target, column: column) else { continue }
            if (linesTop + cursor.top).double > high {
                passed = true
            } else {
                cursors.append(cursor)
            }
        }
        while !cursors.isEmpty {
            // The column whose item comes first in index order.
            var next = 0
            for index in cursors.indices.dropFirst() where cursors[index].item < cursors[next].item { next = index }
            let cursor = cursors[next]
            let frame = frame(column: cursor.column, top: cursor.top, length: cursor.length)
            if frame.touches(rect) {
                lines(LineSpan(firstItem: cursor.item, top: linesTop + cursor.top, thickness: cursor.length))
                let attributes = LayoutAttributes(
                    category: .cell, indexPath: FlowIndexPath(item: cursor.item, section: index), frame: frame)
                if !body(attributes) { return (true, false) }
            }
            if !stack.advance(&cursors[next]) {
                cursors.remove(at: next)
            } else if (linesTop + cursors[next].top).double > high {
                // This column's items start past the rect from here on.
                passed = true
                cursors.remove(at: next)
            }
        }
        return (false, !passed)
    }

    /// The natural frame of `item`.
    ///
    /// - Complexity: O(n · log R).
    func frame(ofItem item: Int) -> Rect {
        let placed = section.stack.place(item)
        return frame(column: placed.column, top: placed.top, length: placed.length)
    }

    /// The natural frame `item` (numbered now) had before a batch that only
    /// inserted the items `inserted` (numbered now, ascending) into this
    /// section: an insertion moves only the items after it in its column
    /// (12.3 c), by its length and a line spacing. The top is taken back in
    /// exact sums, so it is the one the section had before, to the bit.
    ///
    /// - Complexity: O((1 + inserted) · n · log R).
    func frame(ofItem item: Int, lessInserted inserted: [Int]) -> Rect {
        let stack = section.stack
        let (column, place) = stack.columns.locate(item)
        var top = stack.top(of: place)
        for other in inserted {
            guard other < item else { break }
            let (otherColumn, otherPlace) = stack.columns.locate(other)
            guard otherColumn == column else { continue }
            top = top - (Offset(length: stack.length(of: otherPlace.run.explicitSize(at: otherPlace.index))) + stack.lineSpacing)
        }
        return frame(column: column, top: top, length: stack.length(of: place.run.explicitSize(at: place.index)))
    }

    /// The item whose frame, as `presentation` presents it, holds `point`
    /// (edges included; the first in item order where two touch), or `nil`.
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

    // MARK: Lines: each item's top a line start (12.4)

    /// How far past its top `line` and every line before it reach: the
    /// lowest bottom of every item whose top is at or before its own. Lines in
    /// the order of their tops do not end in order (an earlier item may be
    /// longer than a later one); the search for item centres (8.5), walking
    /// back from the middle line, stops at a line that cannot reach the best
    /// centre found only by this.
    ///
    /// - Complexity: O(n · log R).
    func reach(of line: LineSpan) -> Double {
        let stack = section.stack
        let top = line.top - linesTop
        var reach = top + Offset(length: line.thickness)
        // In each column, the last item whose top is at or before the line's (tops grow with rank).
        let past = top + Offset(high: 0, low: 1)
        for column in 0..<stack.columnCount {
            let count = stack.total(column).count
            let rank = (stack.rank(ofFirstTopReaching: past, column: column) ?? count) - 1
            guard rank >= 0, let cursor = stack.cursor(column: column, rank: rank) else { continue }
            reach = Swift.max(reach, cursor.top + Offset(length: cursor.length))
        }
        return (reach - top).double
    }

    /// The line of the item of rank `rank` in `column`, if there is one.
    /// (`stack` is the section's, made once by the caller: a section in closed
    /// form makes its columns' trees each time it is asked for one.)
    private func line(column: Int, rank: Int, in stack: WaterfallStack) -> LineSpan? {
        // Found by rank in its column: no search of the columns for the item.
        stack.cursor(column: column, rank: rank).map(line(at:))
    }

    /// The line of the item `cursor` is at.
    @inline(__always)
    private func line(at cursor: WaterfallStack.ColumnCursor) -> LineSpan {
        LineSpan(firstItem: cursor.item, top: linesTop + cursor.top, thickness: cursor.length)
    }

    /// Whether `a` comes before `b` in line order: by top, then by item.
    @inline(__always)
    private static func precedes(_ a: LineSpan, _ b: LineSpan) -> Bool {
        a.top < b.top || (a.top == b.top && a.firstItem < b.firstItem)
    }

    /// Of each column's line `pick` gives (`nil`: none), the first in line
    /// order, or with `last` the last.
    private func extreme(last: Bool = false, _ pick: (Int) -> LineSpan?) -> LineSpan? {
        var best: LineSpan?
        for column in 0..<section.columns.count {
            guard let line = pick(column) else { continue }
            if best.map({ last ? Self.precedes($0, line) : Self.precedes(line, $0) }) ?? true { best = line }
        }
        return best
    }

    /// The first line whose far edge reaches `key`: of the items whose bottom
    /// reaches it, the one whose top comes first.
    func firstLine(reaching key: Offset) -> LineSpan? {
        let stack = section.stack
        let target = key - linesTop + stack.lineSpacing
        return extreme { column in
            // The search finds the item's top: no second search by rank.
            stack.cursor(ofFirstAdvanceReaching: target, column: column).map(line(at:))
        }
    }

    /// The line after `line` in this section (the next item in line order), if any.
    func line(after line: LineSpan) -> LineSpan? {
        let stack = section.stack
        let top = line.top - linesTop
        return extreme { column in
            guard var rank = stack.rank(ofFirstTopReaching: top, column: column) else { return nil }
            // Items of the column at the same top come after it only past its item.
            while let candidate = self.line(column: column, rank: rank, in: stack) {
                if Self.precedes(line, candidate) { return candidate }
                rank += 1
            }
            return nil
        }
    }

    /// The line before `line` in this section (the previous item in line order), if any.
    func line(before line: LineSpan) -> LineSpan? {
        let stack = section.stack
        let top = line.top - linesTop
        return extreme(last: true) { column in
            let count = stack.total(column).count
            // The last of the column's items before `line`: the one before its
            // first top at or past `line`'s, or one at the same top and a lower index.
            var rank = stack.rank(ofFirstTopReaching: top, column: column) ?? count
            var candidate = rank > 0 ? self.line(column: column, rank: rank - 1, in: stack) : nil
            while let next = self.line(column: column, rank: rank, in: stack), Self.precedes(next, line) {
                candidate = next
                rank += 1
            }
            return candidate
        }
    }

    /// The section's last line (the item whose top comes last), or `nil` without items.
    var lastLine: LineSpan? {
        let stack = section.stack
        return extreme(last: true) { column in
            let count = stack.total(column).count
            return count > 0 ? line(column: column, rank: count - 1, in: stack) : nil
        }
    }

    /// Calls `body` with the natural frame of the item of the line starting
    /// at item `firstItem`: that item alone.
    func forEachItemFrame(ofLineAt firstItem: Int, _ body: (Rect) -> Void) {
        body(frame(ofItem: firstItem))
    }
}
