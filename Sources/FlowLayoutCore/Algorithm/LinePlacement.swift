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

/// The items of one line, as placement reads them.
enum LineItems {
    /// This many items of the section's default size.
    case defaults(Int)
    /// Items with sizes of their own, consecutive in a dense run.
    case sized(UnsafeBufferPointer<Size>)
    /// Anything else, as segments.
    case segments(ArraySlice<ItemSegment>)

    /// The number of items.
    var count: Int {
        switch self {
        case .defaults(let count): count
        case .sized(let sizes): sizes.count
        case .segments(let segments): segments.reduce(0) { $0 + $1.count }
        }
    }
}

/// Where a line's first item goes and the gap after each item.
struct AlongLine {
    var start: Double
    var gap: Double
}

extension SectionContext {
    /// Calls `body` for each item of a line whose main-axis span meets
    /// `mainLow ... mainHigh`, in index order, until it returns `false`; returns
    /// `false` if stopped.
    ///
    /// - Parameters:
    ///   - items: the line's items, in order.
    ///   - firstItem: the index of its first item in the section.
    ///   - top: the line's leading edge across lines.
    ///   - thickness: the line's thickness.
    ///   - along: where the items go along the line, when the caller knows it
    ///     (every full line of default items is placed alike).
    @discardableResult
    func placeLine(
        _ items: LineItems, firstItem: Int, top: Offset, thickness: Double, along: AlongLine? = nil,
        mainLow: Double = -.infinity, mainHigh: Double = .infinity, _ body: (PlacedItem) -> Bool
    ) -> Bool {
        let count = items.count
        guard count > 0 else { return true }
        let layout = along ?? alongLine(items, count: count, isLast: firstItem + count == itemCount)
        let topValue = top.double
        @inline(__always) func crossPosition(_ cross: Double) -> Double {
            switch crossAlignment {
            case .top: topValue
            case .center: topValue + (thickness - cross) / 2
            case .bottom: topValue + (thickness - cross)
            }
        }
        var position = layout.start
        var item = firstItem
        @inline(__always) func placeSized(_ size: Size) -> Bool? {
            let main = geometry.direction.main(size)
            if position > mainHigh { return true }
            if position + main >= mainLow {
                let cross = geometry.direction.cross(size)
                let placed = PlacedItem(item: item, main: position, mainLength: main, cross: crossPosition(cross), crossLength: cross)
                if !body(placed) { return false }
            }
            position = position + main + layout.gap
            item += 1
            return nil
        }
        switch items {
        case .defaults(let run):
            return placeDefaults(
                run, from: &position, item: &item, gap: layout.gap, cross: crossPosition(geometry.defaultCross), mainLow: mainLow,
                mainHigh: mainHigh, body)
        case .sized(let sizes):
            for size in sizes {
                if let result = placeSized(size) { return result }
            }
        case .segments(let segments):
            for segment in segments {
                switch segment {
                case .sized(let size):
                    if let result = placeSized(size) { return result }
                case .defaults(let run):
                    let crossValue = crossPosition(geometry.defaultCross)
                    if !placeDefaults(
                        run, from: &position, item: &item, gap: layout.gap, cross: crossValue, mainLow: mainLow, mainHigh: mainHigh, body)
                    {
                        return false
                    }
                    if position > mainHigh { return true }
                }
            }
        }
        return true
    }

    /// Places `run` default items from `position`: the ones ending before
    /// `mainLow` are skipped in closed form. Returns `false` if `body` stopped.
    private func placeDefaults(
        _ run: Int, from position: inout Double, item: inout Int, gap: Double, cross: Double, mainLow: Double,
        mainHigh: Double, _ body: (PlacedItem) -> Bool
    ) -> Bool {
        let width = geometry.defaultMain
        let thickness = geometry.defaultCross
        let steps = RepeatedSum(adding: width, then: gap)
        var index = 0
        if run > 8 && position + width < mainLow {
            index = Self.firstIndex(in: run, from: position, steps: steps) { $0 + width >= mainLow }
            position = steps.value(from: position, after: index)
        }
        while index < run {
            if position > mainHigh {
                item += run
                return true
            }
            if position + width >= mainLow {
                let placed = PlacedItem(item: item + index, main: position, mainLength: width, cross: cross, crossLength: thickness)
                if !body(placed) { return false }
            }
            position = position + width + gap
            index += 1
        }
        item += run
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
    func alongLine(_ items: LineItems, count: Int, isLast: Bool) -> AlongLine {
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let spacing = geometry.spacing
        let firstMain: Double
        switch items {
        case .defaults: firstMain = geometry.defaultMain
        case .sized(let sizes): firstMain = geometry.direction.main(sizes[0])
        case .segments(let segments):
            if case .sized(let size) = segments.first! {
                firstMain = geometry.direction.main(size)
            } else {
                firstMain = geometry.defaultMain
            }
        }
        // 2.2: an oversize item starts at the leading inset, whatever the alignment.
        if count == 1 && !(firstMain <= available) { return AlongLine(start: leading, gap: 0) }
        switch effectiveAlignment(isLast: isLast) {
        case .justified:
            if count == 1 { return AlongLine(start: leading + (available - firstMain) / 2, gap: 0) }
            let total = sum(items, count: count, adding: 0)
            return AlongLine(start: leading, gap: (available - total) / Double(count - 1))
        case .columns(let k):
            // 3.3: the last line of a uniform section sits on a full line's columns.
            return AlongLine(start: k == 1 ? leading + (available - firstMain) / 2 : leading, gap: geometry.fullLineGap)
        case .packed(let fraction):
            if fraction == 0 { return AlongLine(start: leading, gap: spacing) }
            let running = sum(items, count: count, adding: spacing)
            let start = fraction == 1 ? leading + (available - running) : leading + (available - running) / 2
            return AlongLine(start: start, gap: spacing)
        }
    }

    /// The line's main extents summed in order: the first, then `+ spacing +
    /// extent` for each later item (`spacing` 0: the plain sum of widths).
    private func sum(_ items: LineItems, count: Int, adding spacing: Double) -> Double {
        let direction = geometry.direction
        let defaults = RepeatedSum(adding: spacing, then: geometry.defaultMain)
        switch items {
        case .defaults(let run):
            return defaults.value(from: geometry.defaultMain, after: run - 1)
        case .sized(let sizes):
            var total = direction.main(sizes[0])
            for size in sizes.dropFirst() { total = total + spacing + direction.main(size) }
            return total
        case .segments(let segments):
            var total = 0.0
            var isFirst = true
            for segment in segments {
                switch segment {
                case .sized(let size):
                    total = isFirst ? direction.main(size) : total + spacing + direction.main(size)
                case .defaults(let run):
                    total = isFirst ? defaults.value(from: geometry.defaultMain, after: run - 1) : defaults.value(from: total, after: run)
                }
                isFirst = false
            }
            return total
        }
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
