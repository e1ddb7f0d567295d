/// Lines across section boundaries, found by offset and stepped through one at a
/// time: what snapping (`flow-layout.md` 8.5) reads around a proposed offset.
///
/// Every step is one search of the section tree and of a run tree, then a walk of
/// at most a run's lines: O(log S + log R + run). Sections are laid out as the
/// steps reach them, as queries do, so every line is exact.
struct LineLocation: Hashable {
    /// The line's section.
    var section: Int
    /// Its first item, top and thickness (natural coordinates).
    var span: LineSpan
}

extension FlowLayoutState {
    /// The first line of the content whose far edge reaches `key`, or `nil` when
    /// every line ends before it.
    mutating func line(reaching key: Offset) -> LineLocation? {
        let first = firstSection(reaching: key)
        guard first.record != nil else { return nil }
        var q = first.position
        var start = first.start
        while q < sections.count {
            layOutPendingSections(through: q)
            if let span = firstLine(ofSection: q, start: start, reaching: key) { return LineLocation(section: q, span: span) }
            start += sections[q].extent
            q += 1
        }
        return nil
    }

    /// The line after `line`, in its section or a later one.
    mutating func line(after line: LineLocation) -> LineLocation? {
        let q = line.section
        let start = sectionStart(q)
        let record = sections[q]
        let context = context(of: record)
        var next: LineSpan?
        let linesTop = start + sectionMetrics(record.metricsIndex).linesOffset
        _ = context.forEachLine(linesTop: linesTop, from: line.span.top + Offset(line.span.thickness), through: .infinity) {
            span, _, _ in
            guard span.firstItem > line.span.firstItem else { return true }
            next = span
            return false
        }
        if let next { return LineLocation(section: q, span: next) }
        var later = start + record.extent
        for r in (q + 1)..<Swift.max(q + 1, sections.count) {
            layOutPendingSections(through: r)
            if let span = firstLine(ofSection: r, start: later, reaching: later) { return LineLocation(section: r, span: span) }
            later += sections[r].extent
        }
        return nil
    }

    /// The line before `line`, in its section or an earlier one.
    mutating func line(before line: LineLocation) -> LineLocation? {
        let q = line.section
        guard line.span.firstItem > 0 else { return lastLine(before: q) }
        let record = sections[q]
        let metrics = sectionMetrics(record.metricsIndex)
        let linesTop = sectionStart(q) + metrics.linesOffset
        // The line before ends exactly a line spacing before this one starts.
        var previous: LineSpan?
        _ = context(of: record).forEachLine(linesTop: linesTop, from: line.span.top - metrics.lineSpacingOffset, through: .infinity) {
            span, _, _ in
            guard span.firstItem < line.span.firstItem else { return false }
            previous = span
            return true
        }
        return previous.map { LineLocation(section: q, span: $0) }
    }

    /// The last line of the sections before section `q` (`q` may be the section
    /// count: the content's last line).
    mutating func lastLine(before q: Int) -> LineLocation? {
        var r = q - 1
        while r >= 0 {
            let record = sections[r]
            if record.itemCount > 0 {
                layOutPendingSections(through: r)
                let record = sections[r]
                let metrics = sectionMetrics(record.metricsIndex)
                let context = context(of: record)
                let linesTop = sectionStart(r) + metrics.linesOffset
                // The last line ends where the lines' advance, less one spacing, does.
                let end = linesTop + context.runsSummary.advance - metrics.lineSpacingOffset
                var last: LineSpan?
                _ = context.forEachLine(linesTop: linesTop, from: end, through: .infinity) { span, _, _ in
                    last = span
                    return true
                }
                if let last { return LineLocation(section: r, span: last) }
            }
            r -= 1
        }
        return nil
    }

    /// The first line of laid-out section `q` (starting at `start`) whose far
    /// edge reaches `key`.
    private func firstLine(ofSection q: Int, start: Offset, reaching key: Offset) -> LineSpan? {
        let record = sections[q]
        var found: LineSpan?
        let linesTop = start + sectionMetrics(record.metricsIndex).linesOffset
        _ = context(of: record).forEachLine(linesTop: linesTop, from: key, through: .infinity) { span, _, _ in
            found = span
            return false
        }
        return found
    }

    /// Calls `body` with the natural frame of each item of `line`.
    mutating func forEachItemFrame(of line: LineLocation, _ body: (Rect) -> Void) {
        let record = sections[line.section]
        let context = context(of: record)
        let linesTop = sectionStart(line.section) + sectionMetrics(record.metricsIndex).linesOffset
        let direction = configuration.scrollDirection
        _ = context.withLine(containing: line.span.firstItem, linesTop: linesTop) { span, items in
            context.placeLine(items, firstItem: span.firstItem, top: span.top, thickness: span.thickness) { placed in
                body(direction.rect(main: placed.main, cross: placed.cross, mainLength: placed.mainLength, crossLength: placed.crossLength))
                return true
            }
        }
    }
}
