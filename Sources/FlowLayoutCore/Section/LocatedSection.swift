/// A laid-out section with its exact start along the scroll axis: what every
/// query that reads positions (frames, elements in a rect, lines, headers,
/// footers) works on.
///
/// A section's start is the sum of the extents before it, exact only when no
/// earlier section is pending (a pending section counts at its estimate). A
/// `LocatedSection` is made only by the section list's calls that lay out
/// every pending section up to and including it first
/// (``SectionList/locatedSection(_:)``, ``SectionList/locatedSection(reaching:)``,
/// ``SectionList/advance(_:)``), so a query that holds one reads exact
/// positions by construction.
///
/// Every answer is a natural frame (pinned when asked, not mirrored or
/// snapped); each kind of section answers in its own way.
struct LocatedSection {
    /// The section's index.
    let index: Int
    /// Its exact start: the offset of its header's leading edge.
    let start: Offset
    /// The section, laid out.
    let section: SectionLayout

    /// Section `index`, laid out, starting exactly at `start`: for the
    /// section list's locating calls only.
    @inline(__always)
    init(index: Int, start: Offset, section: SectionLayout) {
        self.index = index
        self.start = start
        self.section = section
    }

    /// Where the section ends: the next section's start.
    @inline(__always)
    var end: Offset { start + section.record.extent }

    /// The leading edge of its first line: after the header and the leading inset.
    @inline(__always)
    var linesTop: Offset { start + section.metrics.linesOffset }

    /// Its header and footer, whatever its kind.
    @inline(__always)
    private var supplementaries: SectionSupplementaries {
        SectionSupplementaries(index: index, start: start, end: end, metrics: section.metrics, direction: section.direction)
    }

    /// The flow section, located.
    @inline(__always)
    private func flow(_ section: FlowSectionLayout) -> LocatedFlowSection {
        LocatedFlowSection(index: index, start: start, section: section)
    }

    /// The waterfall section, located.
    @inline(__always)
    private func waterfall(_ section: WaterfallSectionLayout) -> LocatedWaterfallSection {
        LocatedWaterfallSection(index: index, start: start, section: section)
    }

    // MARK: Elements

    /// Calls `body` with the header, each cell and the footer whose natural
    /// frames (pinned by `pinning` when given) meet `rect`, in that order
    /// (`flow-layout.md` 6.1), the cells from the first line reaching `key`
    /// (the rect's search key), until it returns `false`. Returns whether
    /// `body` stopped, and whether the section's items ran out without
    /// passing the rect (if not, every later section lies past it too).
    /// `lines` is told of each line before its cells. With `startItem`, the
    /// item that starts a line at `key` exactly, the cells' walk starts at
    /// that line.
    @inline(__always)
    func forEachElement(
        in rect: Rect, from key: Offset, startingAt startItem: Int? = nil, pinning: Presentation?,
        lines: (LineSpan) -> Void = { _ in }, _ body: (LayoutAttributes) -> Bool
    ) -> (stopped: Bool, completed: Bool) {
        switch section {
        case .flow(let section):
            flow(section).forEachElement(in: rect, from: key, startingAt: startItem, pinning: pinning, lines: lines, body)
        case .waterfall(let section):
            // Items are not in line order: the walk finds its own first item.
            waterfall(section).forEachElement(in: rect, from: key, pinning: pinning, lines: lines, body)
        }
    }

    /// The natural frame of `item`.
    ///
    /// - Complexity: O(log R + the item's run) for a flow section.
    func frame(ofItem item: Int) -> Rect {
        switch section {
        case .flow(let section): flow(section).frame(ofItem: item)
        case .waterfall(let section): waterfall(section).frame(ofItem: item)
        }
    }

    /// For a waterfall section, the natural frame `item` (numbered now) had
    /// before a batch that only inserted the items `inserted` (numbered now,
    /// ascending) into this section; `nil` for a flow section.
    func waterfallFrame(ofItem item: Int, lessInserted inserted: [Int]) -> Rect? {
        guard case .waterfall(let section) = section else { return nil }
        return waterfall(section).frame(ofItem: item, lessInserted: inserted)
    }

    /// The natural attributes of the header (`nil` when omitted), pinned when
    /// `pinning` pins headers (8.1).
    func header(pinning: Presentation?) -> LayoutAttributes? {
        supplementaries.header(pinning: pinning)
    }

    /// The natural attributes of the footer (`nil` when omitted), pinned when
    /// `pinning` pins footers (8.1).
    func footer(pinning: Presentation?) -> LayoutAttributes? {
        supplementaries.footer(pinning: pinning)
    }

    /// The item whose frame, as `presentation` presents it, holds `point`
    /// (edges included; the first in order where two touch), or `nil`.
    func item(at point: Point, presentation: Presentation) -> Int? {
        switch section {
        case .flow(let section): flow(section).item(at: point, presentation: presentation)
        case .waterfall(let section): waterfall(section).item(at: point, presentation: presentation)
        }
    }

    // MARK: Lines: line starts and item centres (8.5), a batch's kept view

    /// The first line whose far edge reaches `key`.
    func firstLine(reaching key: Offset) -> LineSpan? {
        switch section {
        case .flow(let section): flow(section).firstLine(reaching: key)
        case .waterfall(let section): waterfall(section).firstLine(reaching: key)
        }
    }

    /// How far past its top `line` and every earlier line of the section
    /// reach along the scroll axis: its thickness where lines end in order
    /// (a flow section's); in a waterfall section, the longest item that
    /// starts at or before it.
    func reach(of line: LineSpan) -> Double {
        switch section {
        case .flow: line.thickness
        case .waterfall(let section): waterfall(section).reach(of: line)
        }
    }

    /// The line after `line` in this section, if any.
    func line(after line: LineSpan) -> LineSpan? {
        switch section {
        case .flow(let section): flow(section).line(after: line)
        case .waterfall(let section): waterfall(section).line(after: line)
        }
    }

    /// The line before `line` in this section, if any.
    func line(before line: LineSpan) -> LineSpan? {
        switch section {
        case .flow(let section): flow(section).line(before: line)
        case .waterfall(let section): waterfall(section).line(before: line)
        }
    }

    /// The section's last line, or `nil` without items.
    var lastLine: LineSpan? {
        switch section {
        case .flow(let section): flow(section).lastLine
        case .waterfall(let section): waterfall(section).lastLine
        }
    }

    /// Calls `body` with the natural frame of each item of the line starting
    /// at item `firstItem`.
    func forEachItemFrame(ofLineAt firstItem: Int, _ body: (Rect) -> Void) {
        switch section {
        case .flow(let section): flow(section).forEachItemFrame(ofLineAt: firstItem, body)
        case .waterfall(let section): waterfall(section).forEachItemFrame(ofLineAt: firstItem, body)
        }
    }

    /// How the section places a cell again on a line that a change moved,
    /// unchanged, across lines (``MovedLinePlacement``): asked once for
    /// many cells. `nil` when its cells must be read again: a waterfall
    /// section's lines may each be its last (``mayReachLastLine(from:movedBy:before:)``).
    func movedLinePlacement() -> MovedLinePlacement? {
        switch section {
        case .flow(let section): flow(section).movedLinePlacement
        case .waterfall: nil
        }
    }

    /// Whether the section's last line, whose placement reads more than its
    /// own items (3.3: the line before it, whether every line holds one item),
    /// may be `line`, moved by `shift`, or a later line starting before `high`
    /// along the scroll axis: the cells in that span must then be read again
    /// rather than moved, since the last line's cells may have moved across
    /// the scroll axis into a rect they missed before.
    func mayReachLastLine(from line: LineSpan, movedBy shift: Offset, before high: Double) -> Bool {
        switch section {
        case .flow(let section): flow(section).mayReachLastLine(from: line, movedBy: shift, before: high)
        // Its columns move apart: a batch reads its cells again.
        case .waterfall: true
        }
    }
}
