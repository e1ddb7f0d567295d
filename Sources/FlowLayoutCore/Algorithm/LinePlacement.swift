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
///   centred when `k == 1`); when any number of items fits a line, leading with
///   the minimum spacing. Otherwise leading with exactly the minimum spacing (3.3).
/// - Across the line every item is centred: `top + (thickness − height) / 2`.
///
/// Packed alignments (leading, centre, trailing) place the items the minimum
/// spacing apart, offset by the space left over: none, half, all of it, where
/// the extent used is the running extent of the fit loop.
///
/// Positions accumulate item by item, `x = x + width + gap`, in index order; the
/// eager reference layout uses the same order, so both produce the same values.
/// A stretch of default-size items is summed and placed in closed form
/// (``RepeatedSum``), so a line of any length costs what it returns.
struct PlacedItem {
    /// The item's index in its section.
    var item: Int
    /// Its frame along the line: position and extent.
    var main: Double
    var mainLength: Double
    /// Its frame across the line: position and extent.
    var cross: Double
    var crossLength: Double
}

extension SectionContext {
    /// Calls `body` for each item of a line whose main-axis span meets
    /// `mainLow ... mainHigh`, in index order, until it returns `false`; returns
    /// `false` if stopped.
    ///
    /// - Parameters:
    ///   - segments: the line's items, in order.
    ///   - firstItem: the index of its first item in the section.
    ///   - top: the line's leading edge across lines.
    ///   - thickness: the line's thickness.
    @discardableResult
    func placeLine(
        _ segments: ArraySlice<ItemSegment>, firstItem: Int, top: Offset, thickness: Double,
        mainLow: Double = -.infinity, mainHigh: Double = .infinity, _ body: (PlacedItem) -> Bool
    ) -> Bool {
        let count = segments.reduce(0) { $0 + $1.count }
        guard count > 0 else { return true }
        let direction = geometry.direction
        let defaultMain = geometry.defaultMain
        let defaultCross = geometry.defaultCross
        let layout = alongLine(segments, count: count, isLast: firstItem + count == itemCount)
        let topValue = top.double
        func crossPosition(_ cross: Double) -> Double {
            switch crossAlignment {
            case .top: topValue
            case .center: topValue + (thickness - cross) / 2
            case .bottom: topValue + (thickness - cross)
            }
        }
        var position = layout.start
        var item = firstItem
        for segment in segments {
            switch segment {
            case .sized(let size):
                let main = direction.main(size)
                if position > mainHigh { return true }
                if position + main >= mainLow {
                    let cross = direction.cross(size)
                    let placed = PlacedItem(
                        item: item, main: position, mainLength: main, cross: crossPosition(cross), crossLength: cross)
                    if !body(placed) { return false }
                }
                position = position + main + layout.gap
                item += 1
            case .defaults(let run):
                let steps = RepeatedSum(adding: defaultMain, then: layout.gap)
                // Skip the items that end before the span, in closed form.
                var skipped = 0
                if run > 8 && position + defaultMain < mainLow {
                    skipped = Self.firstIndex(in: run, from: position, steps: steps) { $0 + defaultMain >= mainLow }
                    position = steps.value(from: position, after: skipped)
                }
                var index = skipped
                let crossValue = crossPosition(defaultCross)
                while index < run {
                    if position > mainHigh { return true }
                    if position + defaultMain >= mainLow {
                        let placed = PlacedItem(
                            item: item + index, main: position, mainLength: defaultMain, cross: crossValue,
                            crossLength: defaultCross)
                        if !body(placed) { return false }
                    }
                    position = steps.step(position)
                    index += 1
                }
                item += run
            }
        }
        return true
    }

    /// The first index `j < count` whose position, `j` steps from `start`,
    /// satisfies `predicate` (which must hold from some index on), or `count`.
    private static func firstIndex(
        in count: Int, from start: Double, steps: RepeatedSum, where predicate: (Double) -> Bool
    ) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(steps.value(from: start, after: middle)) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Where a line's first item goes and the gap after each item.
    private func alongLine(_ segments: ArraySlice<ItemSegment>, count: Int, isLast: Bool) -> (start: Double, gap: Double) {
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let spacing = geometry.spacing
        let firstMain: Double
        switch segments.first! {
        case .sized(let size): firstMain = geometry.direction.main(size)
        case .defaults: firstMain = geometry.defaultMain
        }
        // 2.2: an oversize item starts at the leading inset, whatever the alignment.
        if count == 1 && !(firstMain <= available) { return (leading, 0) }
        switch effectiveAlignment(isLast: isLast) {
        case .justified:
            if count == 1 { return (leading + (available - firstMain) / 2, 0) }
            let total = sum(segments, startingWith: firstMain, adding: 0)
            return (leading, (available - total) / Double(count - 1))
        case .columns(let k):
            // 3.3: the last line of a uniform section sits on a full line's columns.
            return (k == 1 ? leading + (available - firstMain) / 2 : leading, geometry.fullLineGap)
        case .packed(let fraction):
            if fraction == 0 { return (leading, spacing) }
            let running = sum(segments, startingWith: firstMain, adding: spacing)
            let start = fraction == 1 ? leading + (available - running) : leading + (available - running) / 2
            return (start, spacing)
        }
    }

    /// The line's main extents summed in order: the first, then `+ spacing +
    /// extent` for each later item (`spacing` 0: the plain sum of widths).
    private func sum(_ segments: ArraySlice<ItemSegment>, startingWith first: Double, adding spacing: Double) -> Double {
        var total = first
        var isFirst = true
        for segment in segments {
            switch segment {
            case .sized(let size):
                if !isFirst { total = total + spacing + geometry.direction.main(size) }
            case .defaults(let run):
                let more = isFirst ? run - 1 : run
                total = RepeatedSum(adding: spacing, then: geometry.defaultMain).value(from: total, after: more)
            }
            isFirst = false
        }
        return total
    }

    /// The effective alignment of a line.
    private enum EffectiveAlignment {
        /// Justified; one item centred.
        case justified
        /// On the columns of a full line of `k` default items.
        case columns(Int)
        /// Packed, offset by this fraction of the space left: 0, 1/2 or 1.
        case packed(Double)
    }

    private func effectiveAlignment(isLast: Bool) -> EffectiveAlignment {
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
            let k = geometry.perLine
            if lastLineUsesColumns && k != LineGeometry.unbounded { return .columns(k) }
            return .packed(0)
        case .justified: return .justified
        case .leading: return .packed(0)
        case .center: return .packed(0.5)
        case .trailing: return .packed(1)
        }
    }
}
