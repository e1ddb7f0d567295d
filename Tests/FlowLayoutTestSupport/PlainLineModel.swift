/// The plain models the component tests hold the re-break's parts to: lines as
/// arrays of item indexes, broken one item at a time.
///
/// **The break rule lives in ``PlainLineModel/joins(width:line:spacing:available:)``
/// and ``PlainLineModel/perLine(width:spacing:available:)`` only.** Every other
/// model and test derives its lines from these two functions, so that a change
/// of the rule is a change here and nowhere else.
///
/// `flow-layout.md` 2.1 (revised) states UIKit's rule, which these functions
/// state: `remaining` starts at avail; an item joins when its width ≤
/// `remaining`, then `remaining ← remaining − (spacing + width)`, in doubles
/// (the first item of a line always joins); a uniform section holds
/// `max(1, floor((avail + spacing) / (width + spacing)))` per line.
package enum PlainLineModel {
    /// A line being filled: its items so far and what the rule tracks.
    package struct OpenLine: Sendable {
        /// Items on the line.
        package var count = 0
        /// The `remaining` space: `available − (spacing + width)` after the first
        /// item, then `remaining − (spacing + width)` per item.
        package var remaining = 0.0

        package init() {}
    }

    /// BREAK RULE (2.1): whether an item `width` wide joins `line`, updating it
    /// if so. The first item of a line always joins.
    package static func joins(width: Double, line: inout OpenLine, spacing: Double, available: Double) -> Bool {
        if line.count == 0 {
            line.remaining = available - (spacing + width)
        } else {
            guard width <= line.remaining else { return false }
            line.remaining = line.remaining - (spacing + width)
        }
        line.count += 1
        return true
    }

    /// BREAK RULE (2.1, uniform lines): how many items `width` wide a line of a
    /// uniform section holds, by floor division; `Int.max` when any number does
    /// (width plus spacing 0 and avail ≥ 0, or a count past 2⁶²).
    package static func perLine(width: Double, spacing: Double, available: Double) -> Int {
        if width + spacing == 0 { return available >= 0 ? Int.max : 1 }
        let count = ((available + spacing) / (width + spacing)).rounded(.down)
        return count >= 0x1p62 ? Int.max : Swift.max(1, Int(count))
    }

    /// BREAK RULE (2.1, other sections): how many items `width` wide a line that
    /// starts with one holds, item by item with ``joins(width:line:spacing:available:)``;
    /// `Int.max` when `remaining` stops shrinking while they still fit.
    package static func subtractionCount(width: Double, spacing: Double, available: Double) -> Int {
        var line = OpenLine()
        _ = joins(width: width, line: &line, spacing: spacing, available: available)
        while line.count < 1 << 22 {
            let before = line.remaining
            guard joins(width: width, line: &line, spacing: spacing, available: available) else { return line.count }
            if line.remaining == before { return Int.max }
        }
        return Int.max
    }

    /// The lines `widths` form, as item index ranges, breaking item by item
    /// with ``joins(width:line:spacing:available:)``.
    package static func lines(widths: [Double], spacing: Double, available: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var line = OpenLine()
        for (index, width) in widths.enumerated() where !joins(width: width, line: &line, spacing: spacing, available: available) {
            lines.append(start..<index)
            start = index
            line = OpenLine()
            _ = joins(width: width, line: &line, spacing: spacing, available: available)
        }
        if start < widths.count { lines.append(start..<widths.count) }
        return lines
    }
}
