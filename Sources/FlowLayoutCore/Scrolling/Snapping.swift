/// Where a scroll gesture comes to rest (`flow-layout.md` 8.5): the offsets
/// that put a line's or header's leading edge at the visible rect's leading
/// edge (`lineStart`), an item's centre at its centre (`itemCenter`), or
/// multiples of the viewport's extent (`page`), on each side of a proposal.
///
/// Candidates are presented offsets (the visible rect's origin, mirrored and
/// on the pixel grid as the frames a host sees), found from natural lines
/// across sections (``SectionList/line(reaching:)`` and its steps), which
/// each section answers (``LocatedSection/firstLine(reaching:)``).
struct Snapping {
    /// The presentation frames are read through.
    let presentation: Presentation
    /// The scroll direction.
    let direction: ScrollDirection
    /// The viewport's extent along the scroll axis.
    let extent: Double
    /// The content's width, which mirrored frames are measured from.
    let width: Double
    /// Whether the content mirrors along the scroll axis.
    let mirrors: Bool

    /// The snapping of `state`'s layout as it is.
    init(_ state: inout FlowLayoutState) {
        presentation = state.presentation()
        direction = state.configuration.scrollDirection
        extent = direction.cross(state.viewportSize)
        width = state.contentSize.width
        mirrors = state.mirrorsAlongScrollAxis
    }

    /// The candidates of `mode` at or below and at or above `offset`.
    func candidates(
        _ mode: FlowLayoutOptions.ScrollSnapping, around offset: Double, in sections: inout SectionList
    ) -> (before: Double?, after: Double?) {
        switch mode {
        case .none: (offset, offset)
        case .page: pageCandidates(around: offset)
        case .lineStart: lineStartCandidates(around: offset, in: &sections)
        case .itemCenter: itemCenterCandidates(around: offset, in: &sections)
        }
    }

    /// Where a gesture released at `offset` with `speed` (its sign along the
    /// scroll axis) comes to rest among `candidates`: at zero speed the
    /// nearest (the smaller, on a tie); moving forward, the first at or after
    /// it; moving back, the last at or before it; without a candidate on the
    /// side asked for, `offset` itself.
    static func resting(at offset: Double, speed: Double, among candidates: (before: Double?, after: Double?)) -> Double {
        if speed > 0 { return candidates.after ?? offset }
        if speed < 0 { return candidates.before ?? offset }
        if let before = candidates.before, let after = candidates.after {
            return offset - before <= after - offset ? before : after
        }
        return candidates.before ?? candidates.after ?? offset
    }

    /// The multiples of the viewport's extent at or below and at or above `offset`.
    func pageCandidates(around offset: Double) -> (before: Double?, after: Double?) {
        guard extent > 0 else { return (nil, nil) }
        let page = (offset / extent).rounded(.down)
        let before = page * extent
        return (before, before == offset ? before : (page + 1) * extent)
    }

    /// The `lineStart` candidates at or below and at or above `offset`.
    ///
    /// Snapping (and mirroring's rounding) moves a presented candidate up to half
    /// a pixel from its natural edge, so the natural edges nearest the key may
    /// present on the wrong side of `offset`, and edges need not present in
    /// their natural order: every natural edge within a pixel of the key is
    /// presented, and on each side the first beyond it with every edge within
    /// two pixels past that one, and the choice is made among presented values.
    func lineStartCandidates(around offset: Double, in sections: inout SectionList) -> (before: Double?, after: Double?) {
        var before: Double?
        var after: Double?
        for start in naturalLineStarts(near: offset, in: &sections) {
            for candidate in presented(start, in: &sections) {
                if candidate <= offset { before = Swift.max(before ?? candidate, candidate) }
                if candidate >= offset { after = Swift.min(after ?? candidate, candidate) }
            }
        }
        return (before, after)
    }

    /// The natural line starts that may present nearest `offset`: each way
    /// from its key, past the first edge beyond the reach (that edge presents
    /// on its side of the key, within the reach of where it lies), and every
    /// edge within twice the reach past it (which may present nearer still: a
    /// line of no extent next to one whose item rounds out by half a pixel);
    /// one farther cannot.
    private func naturalLineStarts(near offset: Double, in sections: inout SectionList) -> [LineStart] {
        let key = Offset(clamping: mirrors ? width - offset - extent : offset)
        let reach = Offset(clamping: presentationReach(around: offset))
        let unit = Offset(high: 0, low: 1)
        var starts: [LineStart] = []
        var probe = key
        var bound: Offset?
        while let start = Self.naturalLineStarts(around: probe, in: &sections).before, start.edge >= bound ?? start.edge {
            starts.append(start)
            if bound == nil, start.edge < key - reach { bound = start.edge - reach - reach }
            probe = start.edge - unit
        }
        probe = key
        bound = nil
        while let start = Self.naturalLineStarts(around: probe, in: &sections).after, start.edge <= bound ?? start.edge {
            starts.append(start)
            if bound == nil, start.edge > key + reach { bound = start.edge + reach + reach }
            probe = start.edge + unit
        }
        return starts
    }

    /// The candidates a natural line start presents as. Leading from the
    /// right, a line's leading edge is the largest right edge of its items as
    /// presented: origins are rounded, widths are not (8.3), so lines (and a
    /// header) that start at one natural edge may present apart.
    private func presented(_ start: LineStart, in sections: inout SectionList) -> [Double] {
        guard mirrors else { return [presentation.snap(start.edge.double)] }
        var candidates: [Double] = []
        if let line = start.line {
            var lines = [line]
            var earlier = line
            while let previous = sections.line(before: earlier), previous.span.top == start.edge {
                lines.append(previous)
                earlier = previous
            }
            var later = line
            while let next = sections.line(after: later), next.span.top == start.edge {
                lines.append(next)
                later = next
            }
            for line in lines {
                var edge = -Double.infinity
                sections.forEachItemFrame(of: line) { frame in
                    edge = Swift.max(edge, direction.crossSpan(presentation.present(frame)).max)
                }
                candidates.append(edge - extent)
            }
        }
        if let section = start.headerSection {
            let header = sections.metrics(ofSection: section).headerExtent
            let frame = direction.rect(main: 0, cross: start.edge.double, mainLength: 0, crossLength: header)
            candidates.append(direction.crossSpan(presentation.present(frame)).max - extent)
        }
        return candidates
    }

    /// A leading edge of lines or a header, in natural coordinates: a line that
    /// starts there and the section of a header that starts there, if any.
    struct LineStart {
        var edge: Offset
        var line: LineLocation?
        var headerSection: Int?
    }

    /// The leading edges of lines and headers, in natural coordinates, at or
    /// below and at or above `key`.
    static func naturalLineStarts(around key: Offset, in sections: inout SectionList) -> (before: LineStart?, after: LineStart?) {
        let reaching = sections.line(reaching: key)
        let keySection = Swift.min(sections.records.find(key, in: { $0.extent }, rule: .reaching).position, sections.count - 1)
        // At or above: the first line starting there, or a header before it or
        // at its edge (a later section's, after lines of no extent).
        var next = reaching
        while let line = next, line.span.top < key { next = sections.line(after: line) }
        var after = next.map { LineStart(edge: $0.span.top, line: $0, headerSection: nil) }
        if keySection >= 0 {
            for q in keySection..<sections.count {
                let start = sections.start(ofSection: q)
                if let line = after, start > line.edge { break }
                if start >= key, sections.metrics(ofSection: q).headerExtent > 0 {
                    if let line = after, start == line.edge {
                        after?.headerSection = q
                    } else if after == nil || start < after!.edge {
                        after = LineStart(edge: start, line: nil, headerSection: q)
                    }
                    break
                }
            }
        }
        // At or below: the last line starting there, or a header after it.
        var last: LineLocation?
        if let line = reaching, line.span.top <= key {
            last = line
            while let following = sections.line(after: last!), following.span.top <= key { last = following }
        } else {
            last = reaching.map { sections.line(before: $0) } ?? sections.lastLine(before: sections.count)
        }
        var before = last.map { LineStart(edge: $0.span.top, line: $0, headerSection: nil) }
        // From the section after the key's: it may start exactly at the key.
        var q = Swift.min(keySection + 1, sections.count - 1)
        while q >= 0, q > (last?.section ?? -1) {
            let start = sections.start(ofSection: q)
            if start <= key, sections.metrics(ofSection: q).headerExtent > 0 {
                if let line = before, start == line.edge {
                    before?.headerSection = q
                } else {
                    before = LineStart(edge: start, line: nil, headerSection: q)
                }
                break
            }
            q -= 1
        }
        return (before, after)
    }

    /// How far a presented position along the scroll axis may lie from its
    /// natural one near `offset`: a pixel (rounding moves an origin by half of
    /// one at most, and a centre with it) and a few ulps (mirroring rounds).
    /// The one bound both snapping searches widen their natural search by.
    func presentationReach(around offset: Double) -> Double {
        let pixel = presentation.scale > 0 ? 1 / presentation.scale : 0
        return pixel + 8 * Swift.max(abs(offset), width, extent, 1).ulp
    }

    /// The `itemCenter` candidates at or below and at or above `offset`: the
    /// offsets that centre an item, as presented, at the viewport's centre.
    ///
    /// Rounding moves each item's origin on its own and keeps its extent, so
    /// presented centres need not keep the order of natural ones: an item of
    /// an earlier line may present its centre past a later line's, when the
    /// lines lie within a pixel (zero-extent lines at one edge, for example;
    /// the test "8.5 itemCenter: an earlier line's item may present its centre
    /// past a later line's" pins it). So from the line at the viewport's centre
    /// the lines are walked both ways, each way until a line's natural span,
    /// widened by ``presentationReach(around:)``, cannot hold a candidate nearer
    /// the offset than the best one found on that side; every line after it
    /// that way lies further still.
    ///
    /// - Complexity: O(log S + log R + the lines within a pixel of the two
    ///   candidates found, and one more each way), a run of lines of no extent
    ///   at one edge counting as one.
    func itemCenterCandidates(around offset: Double, in sections: inout SectionList) -> (before: Double?, after: Double?) {
        let centre = offset + extent / 2
        let key = Offset(clamping: mirrors ? width - centre : centre)
        guard let middle = sections.line(reaching: key) ?? sections.lastLine(before: sections.count) else { return (nil, nil) }
        var before: Double?
        var after: Double?
        func consider(_ line: LineLocation) {
            sections.forEachItemFrame(of: line) { frame in
                let span = direction.crossSpan(presentation.present(frame))
                let candidate = span.min + (span.max - span.min) / 2 - extent / 2
                if candidate <= offset { before = Swift.max(before ?? candidate, candidate) }
                if candidate >= offset { after = Swift.min(after ?? candidate, candidate) }
            }
        }
        // 1. The middle line, then the lines whose candidates decrease (earlier
        // ones; later ones, mirrored), until one cannot exceed `before`.
        consider(middle)
        var next = Self.step(from: middle, forward: mirrors, in: &sections)
        while let line = next {
            if let before, bounds(line, reach: sections.reach(of: line)).high <= before { break }
            consider(line)
            next = Self.step(from: line, forward: mirrors, in: &sections)
        }
        // 2. The lines whose candidates increase, until one cannot go below `after`.
        next = Self.step(from: middle, forward: !mirrors, in: &sections)
        while let line = next {
            if let after, bounds(line, reach: sections.reach(of: line)).low >= after { break }
            consider(line)
            next = Self.step(from: line, forward: !mirrors, in: &sections)
        }
        return (before, after)
    }

    /// The `itemCenter` candidates `line`, or a line before it, may present:
    /// from its top to as far as `reach` past it (``SectionList/reach(of:)``:
    /// its thickness in a flow section), mirrored, widened by the
    /// presentation's reach.
    private func bounds(_ line: LineLocation, reach: Double) -> (low: Double, high: Double) {
        let top = line.span.top.double
        let bottom = top + reach
        let (low, high) = mirrors ? (width - bottom, width - top) : (top, bottom)
        let reach = presentationReach(around: Swift.max(abs(low), abs(high)))
        return (low - reach - extent / 2, high + reach - extent / 2)
    }

    /// The next line to look at for item centres, forward or back. Lines of
    /// no extent at one edge present every item at the same place (a
    /// zero-extent item's presented centre is its rounded edge), so after the
    /// first of a run of them the rest are passed by one search, not walked:
    /// unmeasured items at a zero estimate may be millions of such lines.
    ///
    /// In a waterfall section, lines at one top need not all be empty (each
    /// item is a line, and a long one may share its top with empty ones): a
    /// run is passed only when nothing in it reaches past the edge
    /// (``SectionList/reach(of:)`` of its last line is 0), and walked
    /// otherwise.
    private static func step(from line: LineLocation, forward: Bool, in sections: inout SectionList) -> LineLocation? {
        guard let next = forward ? sections.line(after: line) : sections.line(before: line) else { return nil }
        guard line.span.thickness == 0, next.span.thickness == 0, next.span.top == line.span.top else { return next }
        let waterfall = sections.isWaterfall(line.section)
        // Line order: by section, then top, then first item. A waterfall's
        // items are not in index order along the scroll axis: a later item in
        // another column may start above this one and reach past it, and
        // taking it for a line after this one walked back (and round again).
        func precedes(_ a: LineLocation, _ b: LineLocation) -> Bool {
            (a.section, a.span.top, a.span.firstItem) < (b.section, b.span.top, b.span.firstItem)
        }
        if forward {
            // The first line reaching past the run's edge (none: every line
            // left is in the run).
            guard let past = sections.line(reaching: line.span.top + Offset(high: 0, low: 1)) else {
                return waterfall ? next : nil
            }
            guard precedes(line, past) else { return next }
            if waterfall {
                // Every line passed is empty when the last one and those before it reach nothing past their top.
                guard let last = sections.line(before: past), last.section == line.section, sections.reach(of: last) == 0
                else { return next }
            }
            return past
        }
        // The run's first line, or the line before it that ends at its edge.
        guard let first = sections.line(reaching: line.span.top), precedes(first, line) else { return next }
        if waterfall && sections.reach(of: line) > 0 { return next }
        return first.span.thickness > 0 ? first : sections.line(before: first)
    }
}
