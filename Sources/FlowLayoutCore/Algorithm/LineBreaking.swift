/// Greedy line breaking (`flow-layout.md` 2.1–2.3).
///
/// A line starting at item `p` takes items while the running extent
/// (`running + spacing + width`, accumulated in index order) stays within the
/// available extent; an exact fit fits. The first item always goes on the line,
/// so an item wider than the line sits alone on it (2.2): every later candidate
/// exceeds the available extent too. A line is as thick as its thickest item (2.3).
/// A line holds at most ``LineFit/maximumItemsPerLine`` items [C].
extension ItemSizes {
    /// The line starting at `start`: its end (exclusive) and thickness.
    ///
    /// - Complexity: O(items on the line).
    @inline(__always)
    func breakLine(from start: Int, itemCount: Int, available: Double, spacing: Double) -> (end: Int, thickness: Double) {
        if hasNoOverrides, let base {
            return base.withUnsafeBufferPointer { sizes in
                Self.breakLine(from: start, itemCount: itemCount, available: available, spacing: spacing, direction: direction) {
                    sizes[$0]
                }
            }
        }
        return Self.breakLine(from: start, itemCount: itemCount, available: available, spacing: spacing, direction: direction) {
            size($0)
        }
    }

    @inline(__always)
    private static func breakLine(
        from start: Int, itemCount: Int, available: Double, spacing: Double, direction: ScrollDirection,
        size: (Int) -> Size
    ) -> (end: Int, thickness: Double) {
        let first = size(start)
        var running = direction.main(first)
        var thickness = direction.cross(first)
        var end = start + 1
        let limit = min(itemCount, start + LineFit.maximumItemsPerLine)
        while end < limit {
            let next = size(end)
            let candidate = running + spacing + direction.main(next)
            if !(candidate <= available) { break }
            running = candidate
            let cross = direction.cross(next)
            if cross > thickness { thickness = cross }
            end += 1
        }
        return (end, thickness)
    }

    /// The thickness of the line holding items `start ..< end`.
    ///
    /// - Complexity: O(end − start).
    @inline(__always)
    func thickness(from start: Int, to end: Int) -> Double {
        var thickness = cross(start)
        var i = start + 1
        while i < end {
            let c = cross(i)
            if c > thickness { thickness = c }
            i += 1
        }
        return thickness
    }
}
