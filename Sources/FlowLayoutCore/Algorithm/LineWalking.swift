/// Reading lines out of a section's runs: the lines that meet a span across lines
/// (for rect queries) and the line that holds an item (for single-item queries).
///
/// A run starts at a line start, so its lines are found by breaking its own
/// items from its first one: nothing per line is stored. The run is found by
/// one search of the section's run tree, by advance or by item, and every line's
/// top is an exact sum: the section's first-line offset, the advance of the runs
/// before, the advance of the lines before in the run. Three kinds of runs are
/// read three ways, with the one greedy rule (``OpenLine``): default items in
/// closed form, a dense run of sizes straight from its buffer, anything else
/// through ``LineBreaker``.
///
/// Searching by offset looks for the first line that ends at or after a *key*
/// slightly below the query's leading edge: an item's frame is computed from
/// its line's exact top by at most three roundings of half an ulp each (the
/// top's conversion, the centring offset, the item's extent), so its far edge
/// can exceed its line's exact end by less than four ulps.
struct LineSpan: Hashable {
    /// The line's first item, in the section.
    var firstItem: Int
    /// The line's leading edge across lines.
    var top: Offset
    /// The line's thickness.
    var thickness: Double
}

extension SectionContext {
    /// The exact offset from which a search for lines meeting `low` starts.
    static func searchKey(_ low: Double) -> Offset {
        Offset(clamping: low - 4 * Swift.max(abs(low), 1).ulp)
    }

    /// Calls `body` with the lines, and their items, whose span across lines may
    /// meet `key ... high` (`key` from ``searchKey(_:)``), in order, given the
    /// top of the section's first line. `body` receives where the line's items go
    /// along it when that is shared by many lines. Returns `false` when `body`
    /// stopped or a line started past `high`.
    func forEachLine(
        linesTop: Offset, from key: Offset, through high: Double,
        _ body: (LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        guard itemCount > 0 else { return true }
        guard let runs else {
            return walk(implicitRun, firstItem: 0, top: linesTop, key: key, high: high, body)
        }
        let found = runs.find(key - linesTop, in: { $0.advance }, rule: .reaching)
        guard found.element != nil else { return true }
        var completed = true
        runs.forEach(from: found.position, before: found.before) { run, before in
            let top = linesTop + before.advance
            if top.double > high {
                completed = false
                return false
            }
            completed = walk(run, firstItem: before.items, top: top, key: key, high: high, body)
            return completed
        }
        return completed
    }

    /// Walks one run's lines; see ``forEachLine(linesTop:from:through:_:)``.
    private func walk(
        _ run: Run, firstItem: Int, top: Offset, key: Offset, high: Double,
        _ body: (LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        guard let sizes = run.sizes else {
            // Default items only: one stretch, ending where the run ends.
            let group = LineGroup(
                start: 0, itemCount: run.itemCount, lineCount: geometry.linesOfDefaults(run.itemCount),
                thickness: geometry.defaultCross, isDefaultLines: true)
            return walkDefaultLines(group, firstItem: firstItem, top: top, key: key, high: high, body)
        }
        if sizes.isDense && run.sizedCount == run.itemCount {
            // Every item sized: break lines straight from the buffer.
            let buffer = UnsafeBufferPointer(start: sizes.sizes, count: run.itemCount)
            var lineTop = top
            var start = 0
            while start < buffer.count {
                var line = OpenLine()
                var end = start
                while end < buffer.count && line.take(buffer[end], in: geometry) { end += 1 }
                if lineTop.double > high { return false }
                let thickness = Offset(line.thickness)
                if lineTop + thickness >= key {
                    let span = LineSpan(firstItem: firstItem + start, top: lineTop, thickness: line.thickness)
                    if !body(span, .sized(UnsafeBufferPointer(rebasing: buffer[start..<end])), nil) { return false }
                }
                lineTop += thickness + geometry.lineSpacingOffset
                start = end
            }
            return true
        }
        var breaker = LineBreaker(RunReader(run), geometry: geometry)
        var scratch: [ItemSegment] = []
        var lineTop = top
        while true {
            scratch.removeAll(keepingCapacity: true)
            guard let group = breaker.next(into: &scratch) else { return true }
            if group.isDefaultLines {
                if !walkDefaultLines(group, firstItem: firstItem, top: lineTop, key: key, high: high, body) { return false }
                lineTop += geometry.defaultAdvance * group.lineCount
                continue
            }
            if lineTop.double > high { return false }
            let thickness = Offset(group.thickness)
            if lineTop + thickness >= key {
                let span = LineSpan(firstItem: firstItem + group.start, top: lineTop, thickness: group.thickness)
                if !body(span, .segments(scratch[...]), nil) { return false }
            }
            lineTop += thickness + geometry.lineSpacingOffset
        }
    }

    /// Walks a group of lines of default items from the first that may meet
    /// `key`, found in closed form; every full line is placed alike.
    private func walkDefaultLines(
        _ group: LineGroup, firstItem: Int, top: Offset, key: Offset, high: Double,
        _ body: (LineSpan, LineItems, AlongLine?) -> Bool
    ) -> Bool {
        let pitch = geometry.defaultAdvance
        let thickness = Offset(group.thickness)
        // Estimate the first line ending at or after the key, then correct exactly.
        var line = 0
        let pitchValue = pitch.double
        if pitchValue > 0 {
            let estimate = (key - top - thickness).double / pitchValue
            if estimate > 0 { line = estimate >= Double(group.lineCount) ? group.lineCount : Int(estimate) }
        }
        while line > 0 && top + pitch * (line - 1) + thickness >= key { line -= 1 }
        while line < group.lineCount && top + pitch * line + thickness < key { line += 1 }
        let perLine = geometry.perLine
        var shared: AlongLine?
        var lineTop = top + pitch * line
        while line < group.lineCount {
            if lineTop.double > high { return false }
            let start = firstItem + group.start + line * perLine
            let count = line == group.lineCount - 1 ? group.itemCount - line * perLine : perLine
            var along: AlongLine?
            if count == perLine && start + count < itemCount {
                // A full line that is not the section's last: placed like every other.
                if shared == nil { shared = alongLine(.defaults(count), count: count, firstItem: start) }
                along = shared
            }
            if !body(LineSpan(firstItem: start, top: lineTop, thickness: group.thickness), .defaults(count), along) {
                return false
            }
            line += 1
            lineTop += pitch
        }
        return true
    }

    /// The line holding `item`, its items, and the top of the section's first line.
    /// `body` receives them (items read from buffers are only valid inside it).
    func withLine<Result>(
        containing item: Int, linesTop: Offset, _ body: (LineSpan, LineItems) -> Result
    ) -> Result {
        let run: Run
        let before: RunSummary
        if let runs {
            let found = runs.find(item, in: { $0.items }, rule: .containing)
            run = found.element!
            before = found.before
        } else {
            run = implicitRun
            before = .zero
        }
        let target = item - before.items
        var lineTop = linesTop + before.advance
        if run.sizes == nil {
            let line = target / geometry.perLine
            let lines = geometry.linesOfDefaults(run.itemCount)
            let count = line == lines - 1 ? run.itemCount - line * geometry.perLine : geometry.perLine
            let span = LineSpan(
                firstItem: before.items + line * geometry.perLine, top: lineTop + geometry.defaultAdvance * line,
                thickness: geometry.defaultCross)
            return body(span, .defaults(count))
        }
        var breaker = LineBreaker(RunReader(run), geometry: geometry)
        var segments: [ItemSegment] = []
        while true {
            segments.removeAll(keepingCapacity: true)
            let group = breaker.next(into: &segments)!
            if group.end <= target {
                lineTop +=
                    group.isDefaultLines
                    ? geometry.defaultAdvance * group.lineCount : Offset(group.thickness) + geometry.lineSpacingOffset
                continue
            }
            if !group.isDefaultLines {
                let span = LineSpan(firstItem: before.items + group.start, top: lineTop, thickness: group.thickness)
                return body(span, .segments(segments[...]))
            }
            let line = (target - group.start) / geometry.perLine
            let count = line == group.lineCount - 1 ? group.itemCount - line * geometry.perLine : geometry.perLine
            let span = LineSpan(
                firstItem: before.items + group.start + line * geometry.perLine,
                top: lineTop + geometry.defaultAdvance * line, thickness: group.thickness)
            return body(span, .defaults(count))
        }
    }
}
