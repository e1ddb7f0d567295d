/// The plain models the component tests hold the re-break's parts to: lines as
/// arrays of item indexes, broken one item at a time.
///
/// **The break rule lives in ``PlainLineModel/joins(width:line:spacing:available:)``
/// and ``PlainLineModel/perLine(width:spacing:available:)`` only.** Every other
/// model and test derives its lines from these two functions, so that a change
/// of the rule is a change here and nowhere else.
///
/// `flow-layout.md` 2.1 (revised) states UIKit's rule: `remaining` starts at
/// avail; an item joins when its width ≤ `remaining`, then `remaining ←
/// remaining − (spacing + width)`, in doubles; a uniform section holds
/// `max(1, floor((avail + spacing) / (width + spacing)))` per line. The engine
/// on this branch still implements the earlier running-sum rule (an item joins
/// while `running + spacing + width ≤ avail`; a uniform line holds as many as
/// that loop takes), so the two functions state that rule, to test the code as
/// it is. The two rules give the same lines whenever the arithmetic is exact
/// (whole-number widths, spacings and avail): the structural tests use only
/// such inputs, and only the tests marked "break rule" depend on which rule
/// these functions state.
package enum PlainLineModel {
    /// A line being filled: its items so far and what the rule tracks.
    package struct OpenLine: Sendable {
        /// Items on the line.
        package var count = 0
        /// The running extent: the first width, then `+ spacing + width` per item.
        /// (Under the revised rule: the `remaining` space.)
        package var running = 0.0

        package init() {}
    }

    /// BREAK RULE (2.1): whether an item `width` wide joins `line`, updating it
    /// if so. The first item of a line always joins.
    package static func joins(width: Double, line: inout OpenLine, spacing: Double, available: Double) -> Bool {
        if line.count == 0 {
            line.running = width
        } else {
            let candidate = line.running + spacing + width
            guard candidate <= available else { return false }
            line.running = candidate
        }
        line.count += 1
        return true
    }

    /// BREAK RULE (2.1, uniform lines): how many items `width` wide a line of a
    /// uniform section holds; `Int.max` when any number does.
    package static func perLine(width: Double, spacing: Double, available: Double) -> Int {
        var line = OpenLine()
        _ = joins(width: width, line: &line, spacing: spacing, available: available)
        while line.count < 1 << 20 {
            let before = line.running
            guard joins(width: width, line: &line, spacing: spacing, available: available) else { return line.count }
            // The running extent stopped growing: it never passes the line.
            if line.running == before { return Int.max }
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
