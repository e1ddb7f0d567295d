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

extension SectionList {
    /// The first line of the content whose far edge reaches `key`, or `nil` when
    /// every line ends before it.
    mutating func line(reaching key: Offset) -> LineLocation? {
        guard var section = locatedSection(reaching: key) else { return nil }
        repeat {
            if let span = section.firstLine(reaching: key) { return LineLocation(section: section.index, span: span) }
        } while advance(&section)
        return nil
    }

    /// The line after `line`, in its section or a later one.
    mutating func line(after line: LineLocation) -> LineLocation? {
        var section = locatedSection(line.section)
        if let next = section.line(after: line.span) { return LineLocation(section: line.section, span: next) }
        while advance(&section) {
            if let span = section.firstLine(reaching: section.start) { return LineLocation(section: section.index, span: span) }
        }
        return nil
    }

    /// The line before `line`, in its section or an earlier one.
    mutating func line(before line: LineLocation) -> LineLocation? {
        guard line.span.firstItem > 0 else { return lastLine(before: line.section) }
        return locatedSection(line.section).line(before: line.span).map { LineLocation(section: line.section, span: $0) }
    }

    /// The last line of the sections before section `q` (`q` may be the section
    /// count: the content's last line).
    mutating func lastLine(before q: Int) -> LineLocation? {
        var r = q - 1
        while r >= 0 {
            // An empty section has no line: it is passed without laying anything out.
            if records[r].itemCount > 0, let last = locatedSection(r).lastLine {
                return LineLocation(section: r, span: last)
            }
            r -= 1
        }
        return nil
    }

    /// How far past its top `line` and every earlier line of its section
    /// reach (``LocatedSection/reach(of:)``): its thickness in a flow section.
    mutating func reach(of line: LineLocation) -> Double {
        guard isWaterfall(line.section) else { return line.span.thickness }
        return locatedSection(line.section).reach(of: line.span)
    }

    /// Calls `body` with the natural frame of each item of `line`.
    mutating func forEachItemFrame(of line: LineLocation, _ body: (Rect) -> Void) {
        locatedSection(line.section).forEachItemFrame(ofLineAt: line.span.firstItem, body)
    }
}
