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
    /// Consecutive items of a dense run, as its buffer holds them: a slot
    /// holding ``Size/unsized`` is an item of the default size
    /// (``LineGeometry/size(ofSlot:)``).
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
    /// Whether the items sit on columns: item `k` of the line at
    /// `start + k·(width + gap)` (a uniform section's lines, `flow-layout.md`
    /// 3.3), rather than each one `width + gap` after the one before.
    var columns = false

    /// Where item `k` of the line goes, the item before it being at `previous`
    /// and `width` wide: on its column, or `width + gap` after it (the one step
    /// of the running position, 3.1).
    @inline(__always)
    func position(ofItem k: Int, after previous: Double, width: Double) -> Double {
        columns ? start + Double(k) * (width + gap) : previous + width + gap
    }

    /// Whether positions from an item at `origin` on have a closed form: on
    /// columns, or while the running position never decreases.
    @inline(__always)
    func hasClosedForm(from origin: Double) -> Bool { columns || (gap >= 0 && origin >= 0) }

    /// Where item `index + k` of the line goes, item `index` being at `origin`
    /// and every item from it on `width` wide: the running position in closed
    /// form (``RepeatedSum``), exactly as `k` steps give it. Requires
    /// ``hasClosedForm(from:)``.
    ///
    /// - Complexity: O(1) on columns, else O(binades crossed).
    func position(ofItem index: Int, at origin: Double, plus k: Int, width: Double) -> Double {
        if columns { return start + Double(index + k) * (width + gap) }
        return RepeatedSum(adding: width, then: gap).value(from: origin, after: k)
    }

    /// The position of item `k` of a line of items `width` wide.
    ///
    /// - Complexity: O(1) on columns, else O(binades crossed) (O(k) with a
    ///   negative gap or start).
    func position(ofItem k: Int, width: Double) -> Double {
        if hasClosedForm(from: start) { return position(ofItem: 0, at: start, plus: k, width: width) }
        var x = start
        for item in 0..<k { x = position(ofItem: item + 1, after: x, width: width) }
        return x
    }
}

extension CrossAlignment {
    /// Where an item `extent` across goes across a line starting at `top`
    /// and `thickness` thick (2.3; centred by default).
    @inline(__always)
    func position(top: Double, thickness: Double, extent: Double) -> Double {
        switch self {
        case .top: top
        case .center: top + (thickness - extent) / 2
        case .bottom: top + (thickness - extent)
        }
    }
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
        let layout = along ?? alongLine(items, count: count, firstItem: firstItem)
        let topValue = top.double
        let crossAlignment = crossAlignment
        @inline(__always) func crossPosition(_ cross: Double) -> Double {
            crossAlignment.position(top: topValue, thickness: thickness, extent: cross)
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
            item += 1
            position = layout.position(ofItem: item - firstItem, after: position, width: main)
            return nil
        }
        switch items {
        case .defaults(let run):
            return placeDefaults(
                run, from: &position, item: &item, along: layout, lineStart: firstItem, cross: crossPosition(geometry.defaultCross),
                mainLow: mainLow, mainHigh: mainHigh, body)
        case .sized(let sizes):
            for size in sizes {
                if let result = placeSized(geometry.size(ofSlot: size)) { return result }
            }
        case .segments(let segments):
            for segment in segments {
                switch segment {
                case .sized(let size):
                    if let result = placeSized(size) { return result }
                case .defaults(let run):
                    let crossValue = crossPosition(geometry.defaultCross)
                    if !placeDefaults(
                        run, from: &position, item: &item, along: layout, lineStart: firstItem, cross: crossValue, mainLow: mainLow,
                        mainHigh: mainHigh, body)
                    {
                        return false
                    }
                    if position > mainHigh { return true }
                }
            }
        }
        return true
    }

    /// Places `run` default items from `position` (item `item`, on a line whose
    /// first item is `lineStart`): the ones ending before `mainLow` are skipped
    /// in closed form. Returns `false` if `body` stopped.
    private func placeDefaults(
        _ run: Int, from position: inout Double, item: inout Int, along: AlongLine, lineStart: Int, cross: Double,
        mainLow: Double, mainHigh: Double, _ body: (PlacedItem) -> Bool
    ) -> Bool {
        let width = geometry.defaultMain
        let thickness = geometry.defaultCross
        // The first item's index in the line.
        let first = item - lineStart
        var index = 0
        if run > 8 && position + width < mainLow && along.hasClosedForm(from: position) {
            let origin = position
            index = partitionPoint(in: 0..<run) { along.position(ofItem: first, at: origin, plus: $0, width: width) + width >= mainLow }
            position = along.position(ofItem: first, at: origin, plus: index, width: width)
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
            position = along.position(ofItem: first + index + 1, after: position, width: width)
            index += 1
        }
        item += run
        return true
    }

    /// Where a line's first item goes and the gap after each item.
    func alongLine(_ items: LineItems, count: Int, firstItem: Int) -> AlongLine {
        let isLast = firstItem + count == itemCount
        let firstMain = mainLength(ofFirstOf: items)
        // 2.1, 3.3, 3.4: a uniform section's lines sit on the columns of a full
        // line of `perLine` items, as the line alignment places one; the last
        // line too, unless an explicit last-line alignment says otherwise.
        if geometry.isUniform && geometry.perLine != LineGeometry.unbounded {
            if !isLast || lastLineAlignment == .automatic { return columns(firstMain: firstMain) }
        } else if count == 1 && !(firstMain <= metrics.available) {
            // 2.2: an oversize item of any other section starts at the leading inset.
            return AlongLine(start: metrics.mainLeadingInset, gap: 0)
        }
        let alignment: LineAlignment
        if !isLast {
            alignment = lineAlignment
        } else {
            switch lastLineAlignment {
            case .automatic:
                let automatic = automaticLastLine(items, count: count, firstItem: firstItem)
                if let columns = automatic.columns { return columns }
                alignment = automatic.alignment
            case .justified: alignment = .justified
            case .leading: alignment = .leading
            case .center: alignment = .center
            case .trailing: alignment = .trailing
            }
        }
        return aligned(items, count: count, firstMain: firstMain, alignment: alignment)
    }

    /// The main-axis length of a line's first item.
    private func mainLength(ofFirstOf items: LineItems) -> Double {
        switch items {
        case .defaults: return geometry.defaultMain
        case .sized(let sizes): return geometry.direction.main(geometry.size(ofSlot: sizes[0]))
        case .segments(let segments):
            if case .sized(let size) = segments.first! { return geometry.direction.main(size) }
            return geometry.defaultMain
        }
    }

    /// How `.automatic` places the last line of a section that is not uniform
    /// with a bound (3.3): a uniform section's (any number of items fits a
    /// line) and what is not laid out like a full line leading, the minimum
    /// spacing apart (3.3 (a), (b)); laid out like a full line, as the line
    /// alignment says; in a self-sizing section of one shared width under
    /// justified lines, on a full line's columns.
    private func automaticLastLine(
        _ items: LineItems, count: Int, firstItem: Int
    ) -> (alignment: LineAlignment, columns: AlongLine?) {
        if geometry.isUniform { return (.leading, nil) }
        if isLaidOutLikeFullLine(items, count: count, firstItem: firstItem) { return (lineAlignment, nil) }
        if lineAlignment == .justified, let width = sharedWidth, let along = sharedWidthColumns(width: width) {
            return (.justified, along)
        }
        return (.leading, nil)
    }

    /// A line of `count` items placed by `alignment` (3.1, 3.4): justified,
    /// the slack shared between the gaps (one item centred); leading, centred
    /// or trailing, the minimum spacing apart.
    private func aligned(_ items: LineItems, count: Int, firstMain: Double, alignment: LineAlignment) -> AlongLine {
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let spacing = geometry.spacing
        switch alignment {
        case .justified:
            if count == 1 { return AlongLine(start: leading + (available - firstMain) / 2, gap: 0) }
            let total = sum(items, count: count, adding: 0)
            return AlongLine(start: leading, gap: (available - total) / Double(count - 1))
        case .leading:
            return AlongLine(start: leading, gap: spacing)
        case .center, .trailing:
            let running = sum(items, count: count, adding: spacing)
            let start = alignment == .trailing ? leading + (available - running) : leading + (available - running) / 2
            return AlongLine(start: start, gap: spacing)
        }
    }

    /// The columns of a full line of a uniform section, as the line alignment
    /// places it (3.3, 3.4): justified, `n ≥ 2`: item `k` at
    /// `leading + k·(width + gap)`, `gap = (available − n·width) / (n − 1)`;
    /// `n = 1`: centred (an oversize item too, 2.2); packed: a full line's
    /// start, the minimum spacing apart.
    private func columns(firstMain width: Double) -> AlongLine {
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let n = geometry.perLine
        switch lineAlignment {
        case .justified:
            if n == 1 { return AlongLine(start: leading + (available - width) / 2, gap: 0, columns: true) }
            return AlongLine(start: leading, gap: geometry.fullLineGap, columns: true)
        case .leading:
            return AlongLine(start: leading, gap: geometry.spacing)
        case .center, .trailing:
            let running = Self.runningExtent(of: n, width: width, spacing: geometry.spacing, after: nil)
            let start = lineAlignment == .trailing ? leading + (available - running) : leading + (available - running) / 2
            return AlongLine(start: start, gap: geometry.spacing)
        }
    }

    /// 3.3 (a) and (b): whether a non-uniform section's last line is laid out
    /// like a full line: every line of the section holds one item, or the
    /// section has two lines or more and the last line's final `remaining`
    /// equals the previous line's exactly.
    private func isLaidOutLikeFullLine(_ items: LineItems, count: Int, firstItem: Int) -> Bool {
        if everyLineHoldsOneItem { return true }
        guard firstItem > 0 else { return false }
        let last = remaining(after: items)
        let previous = withLine(containing: firstItem - 1, linesTop: .zero) { _, items in remaining(after: items) }
        return last == previous
    }

    /// A line's final `remaining` (2.1): `available − (spacing + width)` after its
    /// first item, then `remaining − (spacing + width)` per item.
    func remaining(after items: LineItems) -> Double {
        let direction = geometry.direction
        let spacing = geometry.spacing
        var remaining = 0.0
        var isFirst = true
        @inline(__always) func take(_ main: Double) {
            remaining = isFirst ? geometry.available - (spacing + main) : remaining - (spacing + main)
            isFirst = false
        }
        @inline(__always) func takeDefaults(_ run: Int) {
            guard run > 0 else { return }
            if isFirst {
                remaining = geometry.lineStartRemaining
                isFirst = false
                remaining = geometry.defaultStep.value(from: remaining, after: run - 1)
            } else {
                remaining = geometry.defaultStep.value(from: remaining, after: run)
            }
        }
        switch items {
        case .defaults(let run): takeDefaults(run)
        case .sized(let sizes): for size in sizes { take(direction.main(geometry.size(ofSlot: size))) }
        case .segments(let segments):
            for segment in segments {
                switch segment {
                case .sized(let size): take(direction.main(size))
                case .defaults(let run): takeDefaults(run)
                }
            }
        }
        return remaining
    }

    /// In a self-sizing section whose items all have one width `width` along
    /// the line: the columns of a full justified line of such items, `n`
    /// counted by subtraction (3.3); `nil` when any number fits.
    private func sharedWidthColumns(width: Double) -> AlongLine? {
        let leading = metrics.mainLeadingInset
        let available = metrics.available
        let spacing = geometry.spacing
        if !(width <= available) { return nil }
        let n = LineGeometry.subtractionCount(width: width, spacing: spacing, available: available)
        guard n != LineGeometry.unbounded else { return nil }
        if n == 1 { return AlongLine(start: leading + (available - width) / 2, gap: 0) }
        // The widths summed in order, as a justified line sums them (3.1).
        let total = Self.runningExtent(of: n, width: width, spacing: 0, after: nil)
        return AlongLine(start: leading, gap: (available - total) / Double(n - 1))
    }

    /// The line's main extents summed in order: the first, then `+ spacing +
    /// extent` for each later item (`spacing` 0: the plain sum of widths).
    private func sum(_ items: LineItems, count: Int, adding spacing: Double) -> Double {
        let direction = geometry.direction
        let width = geometry.defaultMain
        switch items {
        case .defaults(let run):
            return Self.runningExtent(of: run, width: width, spacing: spacing, after: nil)
        case .sized(let sizes):
            var total = direction.main(geometry.size(ofSlot: sizes[0]))
            for size in sizes.dropFirst() { total = total + spacing + direction.main(geometry.size(ofSlot: size)) }
            return total
        case .segments(let segments):
            var total = 0.0
            var isFirst = true
            for segment in segments {
                switch segment {
                case .sized(let size):
                    total = isFirst ? direction.main(size) : total + spacing + direction.main(size)
                case .defaults(let run):
                    total = Self.runningExtent(of: run, width: width, spacing: spacing, after: isFirst ? nil : total)
                }
                isFirst = false
            }
            return total
        }
    }

    /// The running extent (2.1, 3.1) after `count` more items `width` wide:
    /// each adds `spacing`, then its width, rounded at every step as the loop
    /// rounds, in closed form (``RepeatedSum``). After `total`, or, from nothing
    /// (`nil`), the first item adds its width alone.
    ///
    /// - Complexity: O(binades crossed).
    static func runningExtent(of count: Int, width: Double, spacing: Double, after total: Double?) -> Double {
        let steps = RepeatedSum(adding: spacing, then: width)
        guard let total else { return steps.value(from: width, after: count - 1) }
        return steps.value(from: total, after: count)
    }
}
