/// Where the items of one line go along the line (`flow-layout.md` 3) and across
/// it (2.3).
///
/// - A line with one item wider than the space available starts at the leading
///   inset (2.2).
/// - A line that is not the section's last: one item is centred (3.2); two or more
///   are justified, the first at the leading inset and equal gaps
///   `(available − Σ widths) / (n − 1)` between them (3.1).
/// - The section's last line: in a uniform section, on the columns a full line
///   uses (its gap is that of a full line of `k` items, and a single item is
///   centred when `k == 1`); when the line is full by count rather than by space
///   (``LineFit/capped``), leading with the minimum spacing. Otherwise leading
///   with exactly the minimum spacing (3.3).
/// - Across the line every item is centred: `top + (thickness − height) / 2`.
///
/// Positions accumulate item by item, `x = x + width + gap`, in index order; the
/// eager reference layout uses the same order, so both produce the same values.
extension SectionContext {
    /// Calls `body(item, main, cross, mainLength, crossLength)` for each item of
    /// the line `start ..< end` whose top is `top`, in index order; stops when
    /// `body` returns `false`. Returns `false` if stopped.
    @inline(__always)
    @discardableResult
    func placeLine(
        start: Int, end: Int, top: Double, thickness: Double,
        _ body: (Int, Double, Double, Double, Double) -> Bool
    ) -> Bool {
        let metrics = self.metrics
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let isLast = end == itemCount
        let count = end - start
        @inline(__always) func emit(_ i: Int, _ main: Double, _ size: Size) -> Bool {
            let crossLength = sizes.direction.cross(size)
            return body(i, main, top + (thickness - crossLength) / 2, sizes.direction.main(size), crossLength)
        }
        if count == 1 {
            let size = sizes.size(start)
            let width = sizes.direction.main(size)
            let centred: Bool
            if !(width <= available) {
                centred = false
            } else if !isLast {
                centred = true
            } else if isUniformSection, case .count(1) = fit {
                centred = true
            } else {
                centred = false
            }
            return emit(start, centred ? leading + (available - width) / 2 : leading, size)
        }
        let gap: Double
        if !isLast {
            var total = sizes.main(start)
            for i in (start + 1)..<end { total += sizes.main(i) }
            gap = (available - total) / Double(count - 1)
        } else if isUniformSection, case .count = fit {
            gap = geometry.fullLineGap
        } else {
            gap = metrics.interitemSpacing
        }
        var position = leading
        for i in start..<end {
            let size = sizes.size(i)
            if !emit(i, position, size) { return false }
            position = position + sizes.direction.main(size) + gap
        }
        return true
    }
}
