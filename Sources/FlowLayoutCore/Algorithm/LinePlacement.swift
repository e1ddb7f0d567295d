/// Where the items of one line go along the line (`flow-layout.md` 3) and across
/// it (2.3), under the configured alignments (3.4).
///
/// With the defaults (UIKit's behaviour):
/// - A line with one item wider than the space available starts at the leading
///   inset (2.2), whatever the alignment.
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
/// Packed alignments (leading, centre, trailing) place the items the minimum
/// spacing apart, offset by the space left over: none, half, all of it, where
/// the extent used is the running extent of the fit loop.
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
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let spacing = metrics.interitemSpacing
        let count = end - start
        let alignment = lineAlignment(isLast: end == itemCount)

        var position: Double
        var gap: Double
        if count == 1 && !(sizes.main(start) <= available) {
            // 2.2: an oversize item starts at the leading inset, whatever the alignment.
            position = leading
            gap = 0
        } else {
            switch alignment {
            case .justified:
                if count == 1 {
                    position = leading + (available - sizes.main(start)) / 2
                    gap = 0
                } else {
                    var total = sizes.main(start)
                    for i in (start + 1)..<end { total += sizes.main(i) }
                    position = leading
                    gap = (available - total) / Double(count - 1)
                }
            case .uniformColumns(let k):
                // 3.3: the last line of a uniform section sits on a full line's columns.
                position = k == 1 ? leading + (available - sizes.main(start)) / 2 : leading
                gap = geometry.fullLineGap
            case .packed(let fraction):
                gap = spacing
                if fraction == 0 {
                    position = leading
                } else {
                    var running = sizes.main(start)
                    for i in (start + 1)..<end { running = running + spacing + sizes.main(i) }
                    position = fraction == 1 ? leading + (available - running) : leading + (available - running) / 2
                }
            }
        }
        for i in start..<end {
            let size = sizes.size(i)
            let main = sizes.direction.main(size)
            let cross = sizes.direction.cross(size)
            let crossPosition: Double
            switch crossAlignment {
            case .top: crossPosition = top
            case .center: crossPosition = top + (thickness - cross) / 2
            case .bottom: crossPosition = top + (thickness - cross)
            }
            if !body(i, position, crossPosition, main, cross) { return false }
            position = position + main + gap
        }
        return true
    }

    /// The effective alignment of a line.
    private enum EffectiveAlignment {
        /// Justified; one item centred.
        case justified
        /// On the columns of a full uniform line of `k` items.
        case uniformColumns(Int)
        /// Packed, offset by this fraction of the space left: 0, 1/2 or 1.
        case packed(Double)
    }

    private func lineAlignment(isLast: Bool) -> EffectiveAlignment {
        if !isLast {
            switch lineAlignment {
            case .justified: return .justified
            case .leading: return .packed(0)
            case .center: return .packed(0.5)
            case .trailing: return .packed(1)
            }
        }
        switch lastLineAlignment {
        case .automatic:
            if isUniformSection, case .count(let k) = fit { return .uniformColumns(k) }
            return .packed(0)
        case .justified: return .justified
        case .leading: return .packed(0)
        case .center: return .packed(0.5)
        case .trailing: return .packed(1)
        }
    }
}
