/// Scrolling to an item and where scrolling comes to rest (`flow-layout.md` 8.4,
/// 8.5).
///
/// Scrolling to an item works on presented frames along the scroll axis (right
/// to left scrolling horizontally, an item's leading edge is its right one), so
/// that its comparisons are those of the frames the host sees. Offsets are
/// presented offsets (the visible rect's origin), clamped to
/// `[0, max(0, content − viewport)]` and, with pixel snapping, on the pixel grid.
extension FlowLayoutState {
    /// The content offset that shows an item at `position` in the visible rect,
    /// keeping the visible rect's offset across the scroll axis.
    ///
    /// The item's section is laid out if pending (and those before it, as for
    /// every query); unmeasured items count at their estimate. The engine then
    /// holds the item at that position: while the host's visible rect stays
    /// where this offset (moved by each adjustment) puts it, updates keep the
    /// item's edge that `position` names (its centre, for `center`) still on
    /// screen, so measuring the items around it never moves it. A visible rect
    /// elsewhere, or a batch update, ends the hold.
    ///
    /// - Parameters:
    ///   - indexPath: the item.
    ///   - position: where in the visible rect it goes.
    /// - Returns: the content offset: the visible rect's new origin.
    /// - Throws: ``FlowLayoutError/sectionOutOfRange(path:section:sectionCount:)``
    ///   or ``FlowLayoutError/itemOutOfRange(path:indexPath:itemCount:)``.
    /// - Complexity: O(log S + log R + the item's line), once the sections up to
    ///   the item's are laid out.
    public mutating func contentOffset(forItemAt indexPath: FlowIndexPath, position: ScrollPosition) throws(FlowLayoutError)
        -> Point
    {
        try checkItem(indexPath, path: "indexPath")
        let direction = configuration.scrollDirection
        let frame = attributesForItem(at: indexPath).frame
        // Presented coordinates, as the frames and the visible rect are: a trip
        // through reading coordinates (`W − x`) rounds, and an item whole in view
        // by its presented frame could then seem a hair outside (or the other
        // way round), which flips the edge `nearest` holds.
        let item = direction.crossSpan(frame)
        let visible = direction.crossSpan(visibleRectOrViewport)
        let extent = visible.max - visible.min
        let metrics = sectionMetrics(sections[indexPath.section].metricsIndex)
        let headerCover = configuration.pins(.header) ? metrics.headerExtent : 0
        let footerCover = configuration.pins(.footer) ? metrics.footerExtent : 0
        // The offsets that put the item's leading edge just after the header
        // cover, and its trailing edge just before the footer cover; mirrored,
        // the leading edge is the item's right one.
        let mirrors = mirrorsAlongScrollAxis
        let top = mirrors ? item.max + headerCover - extent : item.min - headerCover
        let bottom = mirrors ? item.min - footerCover : item.max + footerCover - extent
        let (offset, kept): (Double, KeptEdge) =
            switch position {
            case .top: (top, .leading)
            case .center: (item.min + (item.max - item.min) / 2 - extent / 2, .center)
            case .bottom: (bottom, .trailing)
            case .nearest: Self.nearestOffset(top: top, bottom: bottom, visible: visible.min, mirrors: mirrors)
            }
        let origin = direction.point(
            main: direction.main(visibleRectOrViewport.origin), cross: clampedOffset(presentation().snap(offset)))
        hold = AnchorHold(origin: origin, target: ScrollTarget(indexPath: indexPath, kept: kept))
        checkInvariants()
        return origin
    }

    /// Where a scroll gesture released at `proposed` with `velocity` comes to rest:
    /// UIKit's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
    /// under ``FlowLayoutOptions/snapping`` (`flow-layout.md` 8.5).
    ///
    /// The candidates are the offsets that put a line's or header's leading edge
    /// at the visible rect's leading edge (`lineStart`), an item's centre at its
    /// centre (`itemCenter`), or multiples of the viewport's extent (`page`). At
    /// zero velocity the nearest candidate wins (the smaller, on a tie); moving
    /// forward, the first at or after the proposal; moving back, the last at or
    /// before it; then the offset is clamped as in 8.4. Without a candidate on
    /// the side the velocity asks for, the proposal is kept (then clamped). With
    /// snapping off the proposal is returned as it is, as UIKit does.
    ///
    /// - Parameters:
    ///   - proposed: where the scroll view would stop.
    ///   - velocity: the scroll velocity; only its sign along the scroll axis is read.
    /// - Throws: ``FlowLayoutError/invalidValue(path:value:)`` for a NaN or infinite
    ///   component (`proposedContentOffset.y`, `velocity.x`).
    /// - Complexity: O(log S + log R + a few lines), once the sections before the
    ///   proposal are laid out.
    public mutating func targetContentOffset(forProposedContentOffset proposed: Point, velocity: Point)
        throws(FlowLayoutError) -> Point
    {
        for (value, path): (Double, FieldPath) in [
            (proposed.x, "proposedContentOffset.x"), (proposed.y, "proposedContentOffset.y"),
            (velocity.x, "velocity.x"), (velocity.y, "velocity.y"),
        ] where !value.isFinite {
            throw .invalidValue(path: path, value: value)
        }
        guard options.snapping != .none else { return proposed }
        let direction = configuration.scrollDirection
        let along = direction.cross(proposed)
        let speed = direction.cross(velocity)
        let candidates: (before: Double?, after: Double?) =
            switch options.snapping {
            case .none: (along, along)
            case .page: pageCandidates(around: along)
            case .lineStart: lineStartCandidates(around: along)
            case .itemCenter: itemCenterCandidates(around: along)
            }
        var chosen = along
        if speed > 0 {
            chosen = candidates.after ?? along
        } else if speed < 0 {
            chosen = candidates.before ?? along
        } else if let before = candidates.before, let after = candidates.after {
            chosen = along - before <= after - along ? before : after
        } else {
            chosen = candidates.before ?? candidates.after ?? along
        }
        let offset = clampedOffset(chosen)
        checkInvariants()
        return direction.point(main: direction.main(proposed), cross: offset)
    }

    // MARK: - Implementation

    /// The offset `nearest` scrolls to (`flow-layout.md` 8.4), and the edge it
    /// holds: every offset between `top` and `bottom` shows the item whole, so
    /// the visible rect's `offset` stays if it is one of them (holding the
    /// leading edge), else the nearer of the two; an item longer than the space
    /// goes to `top`. Exact comparisons of presented offsets, as the reference's.
    static func nearestOffset(top: Double, bottom: Double, visible offset: Double, mirrors: Bool) -> (Double, KeptEdge) {
        let (low, high) = (Swift.min(top, bottom), Swift.max(top, bottom))
        // Exactly as long as the space: both edges show, and `top` is taken.
        let fits = mirrors ? top < bottom : bottom < top
        if !fits { return (top, .leading) }
        if offset < low { return (low, low == top ? .leading : .trailing) }
        if offset > high { return (high, high == top ? .leading : .trailing) }
        return (offset, .leading)
    }

    /// `offset` clamped to `[0, max(0, content − viewport)]` along the scroll axis.
    func clampedOffset(_ offset: Double) -> Double {
        let direction = configuration.scrollDirection
        let limit = Swift.max(0, direction.cross(contentSize) - direction.cross(viewportSize))
        return Swift.min(Swift.max(offset, 0), limit)
    }

    /// The multiples of the viewport's extent at or below and at or above `offset`.
    func pageCandidates(around offset: Double) -> (before: Double?, after: Double?) {
        let extent = configuration.scrollDirection.cross(viewportSize)
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
    mutating func lineStartCandidates(around offset: Double) -> (before: Double?, after: Double?) {
        let presentation = presentation()
        let direction = configuration.scrollDirection
        let extent = direction.cross(viewportSize)
        let width = contentSize.width
        let mirrors = mirrorsAlongScrollAxis
        // Leading from the right, a line's leading edge is the largest right edge
        // of its items as presented: origins are rounded, widths are not (8.3), so
        // lines (and a header) that start at one natural edge may present apart.
        func presented(_ start: LineStart) -> [Double] {
            guard mirrors else { return [presentation.snap(start.edge.double)] }
            var candidates: [Double] = []
            if let line = start.line {
                var lines = [line]
                var earlier = line
                while let previous = self.line(before: earlier), previous.span.top == start.edge {
                    lines.append(previous)
                    earlier = previous
                }
                var later = line
                while let next = self.line(after: later), next.span.top == start.edge {
                    lines.append(next)
                    later = next
                }
                for line in lines {
                    var edge = -Double.infinity
                    forEachItemFrame(of: line) { frame in edge = Swift.max(edge, direction.crossSpan(presentation.present(frame)).max) }
                    candidates.append(edge - extent)
                }
            }
            if let section = start.headerSection {
                let header = sectionMetrics(sections[section].metricsIndex).headerExtent
                let frame = direction.rect(main: 0, cross: start.edge.double, mainLength: 0, crossLength: header)
                candidates.append(direction.crossSpan(presentation.present(frame)).max - extent)
            }
            return candidates
        }
        let key = Offset(clamping: mirrors ? width - offset - extent : offset)
        let reach = Offset(clamping: presentationReach(around: offset))
        let unit = Offset(high: 0, low: 1)
        // Each way, past the first edge beyond the reach: that edge presents on
        // its side of the key, within the reach of where it lies; an edge within
        // twice the reach past it may present nearer still (a line of no extent
        // next to one whose item rounds out by half a pixel), one farther cannot.
        var starts: [LineStart] = []
        var probe = key
        var bound: Offset?
        while let start = naturalLineStarts(around: probe).before, start.edge >= bound ?? start.edge {
            starts.append(start)
            if bound == nil, start.edge < key - reach { bound = start.edge - reach - reach }
            probe = start.edge - unit
        }
        probe = key
        bound = nil
        while let start = naturalLineStarts(around: probe).after, start.edge <= bound ?? start.edge {
            starts.append(start)
            if bound == nil, start.edge > key + reach { bound = start.edge + reach + reach }
            probe = start.edge + unit
        }
        var before: Double?
        var after: Double?
        for start in starts {
            for candidate in presented(start) {
                if candidate <= offset { before = Swift.max(before ?? candidate, candidate) }
                if candidate >= offset { after = Swift.min(after ?? candidate, candidate) }
            }
        }
        return (before, after)
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
    mutating func naturalLineStarts(around key: Offset) -> (before: LineStart?, after: LineStart?) {
        let reaching = line(reaching: key)
        let keySection = Swift.min(sections.find(key, in: { $0.extent }, rule: .reaching).position, sections.count - 1)
        // At or above: the first line starting there, or a header before it or
        // at its edge (a later section's, after lines of no extent).
        var next = reaching
        while let line = next, line.span.top < key { next = self.line(after: line) }
        var after = next.map { LineStart(edge: $0.span.top, line: $0, headerSection: nil) }
        if keySection >= 0 {
            for q in keySection..<sections.count {
                let start = start(ofSection: q)
                if let line = after, start > line.edge { break }
                if start >= key, sectionMetrics(sections[q].metricsIndex).headerExtent > 0 {
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
            while let following = self.line(after: last!), following.span.top <= key { last = following }
        } else {
            last = reaching.map { self.line(before: $0) } ?? lastLine(before: sections.count)
        }
        var before = last.map { LineStart(edge: $0.span.top, line: $0, headerSection: nil) }
        // From the section after the key's: it may start exactly at the key.
        var q = Swift.min(keySection + 1, sections.count - 1)
        while q >= 0, q > (last?.section ?? -1) {
            let start = start(ofSection: q)
            if start <= key, sectionMetrics(sections[q].metricsIndex).headerExtent > 0 {
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
        let pixel = options.displayScale > 0 ? 1 / options.displayScale : 0
        let width = contentSize.width
        let extent = configuration.scrollDirection.cross(viewportSize)
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
    mutating func itemCenterCandidates(around offset: Double) -> (before: Double?, after: Double?) {
        let presentation = presentation()
        let direction = configuration.scrollDirection
        let extent = direction.cross(viewportSize)
        let width = contentSize.width
        let mirrors = mirrorsAlongScrollAxis
        let centre = offset + extent / 2
        let key = Offset(clamping: mirrors ? width - centre : centre)
        guard let middle = line(reaching: key) ?? lastLine(before: sections.count) else { return (nil, nil) }
        var before: Double?
        var after: Double?
        func consider(_ line: LineLocation) {
            forEachItemFrame(of: line) { frame in
                let span = direction.crossSpan(presentation.present(frame))
                let candidate = span.min + (span.max - span.min) / 2 - extent / 2
                if candidate <= offset { before = Swift.max(before ?? candidate, candidate) }
                if candidate >= offset { after = Swift.min(after ?? candidate, candidate) }
            }
        }
        // The candidates a line may present: its natural span, mirrored, widened.
        func bounds(_ line: LineLocation) -> (low: Double, high: Double) {
            let top = line.span.top.double
            let bottom = top + line.span.thickness
            let (low, high) = mirrors ? (width - bottom, width - top) : (top, bottom)
            let reach = presentationReach(around: Swift.max(abs(low), abs(high)))
            return (low - reach - extent / 2, high + reach - extent / 2)
        }
        // The next line to look at, forward or back. Lines of no extent at one
        // edge present every item at the same place (a zero-extent item's
        // presented centre is its rounded edge), so after the first of a run of
        // them the rest are passed by one search, not walked: unmeasured items
        // at a zero estimate may be millions of such lines.
        func step(from line: LineLocation, forward: Bool) -> LineLocation? {
            guard let next = forward ? self.line(after: line) : self.line(before: line) else { return nil }
            guard line.span.thickness == 0, next.span.thickness == 0, next.span.top == line.span.top else { return next }
            func precedes(_ a: LineLocation, _ b: LineLocation) -> Bool {
                (a.section, a.span.firstItem) < (b.section, b.span.firstItem)
            }
            if forward {
                // The first line reaching past the run's edge (none: every line
                // left is in the run).
                guard let past = self.line(reaching: line.span.top + Offset(high: 0, low: 1)) else { return nil }
                return precedes(line, past) ? past : next
            }
            // The run's first line, or the line before it that ends at its edge.
            guard let first = self.line(reaching: line.span.top), precedes(first, line) else { return next }
            return first.span.thickness > 0 ? first : self.line(before: first)
        }
        // 1. The middle line, then the lines whose candidates decrease (earlier
        // ones; later ones, mirrored), until one cannot exceed `before`.
        consider(middle)
        var next = step(from: middle, forward: mirrors)
        while let line = next {
            if let before, bounds(line).high <= before { break }
            consider(line)
            next = step(from: line, forward: mirrors)
        }
        // 2. The lines whose candidates increase, until one cannot go below `after`.
        next = step(from: middle, forward: !mirrors)
        while let line = next {
            if let after, bounds(line).low >= after { break }
            consider(line)
            next = step(from: line, forward: !mirrors)
        }
        return (before, after)
    }
}
