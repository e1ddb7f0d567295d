/// How many items of one size fit on a line (`flow-layout.md` 2.1 and 3.3).
///
/// Items fill a line while the running extent, accumulated item by item in index
/// order as `running + spacing + width`, stays within the available extent; an
/// exact fit fits. For items that all have the same size the count is the same
/// for every line, so it is computed once, by the same accumulation the greedy
/// loop performs (never by division, which could round differently).
enum LineFit: Hashable, Sendable {
    /// Exactly `k` items fit (`k >= 1`; 1 also when one item alone is wider
    /// than the line).
    case count(Int)
    /// More items fit than any line needs: more than `LineFit.unboundedThreshold`
    /// and more than the section holds. Includes width plus spacing of zero.
    case unbounded

    /// Lines holding more items than this (and than their section) are treated as
    /// unbounded: the fit count is not computed exactly, and a uniform section's
    /// last line is placed leading with the minimum spacing instead of on
    /// columns [C] (`README.md`, behaviour choices). This bounds the one-time
    /// cost of the count at O(max(n, 65,536)) for degenerate tiny items.
    static let unboundedThreshold = 65_536

    /// The fit of items `width` wide, `spacing` apart, in `available`, for a
    /// section of `itemCount` items.
    ///
    /// - Complexity: O(min(k, max(itemCount, 65,536))).
    static func of(width: Double, spacing: Double, available: Double, itemCount: Int) -> LineFit {
        if !(width <= available) { return .count(1) }
        if width + spacing == 0 { return .unbounded }
        let cap = max(itemCount, unboundedThreshold)
        var running = width
        var k = 1
        while k <= cap {
            let candidate = running + spacing + width
            if !(candidate <= available) { return .count(k) }
            running = candidate
            k += 1
        }
        return .unbounded
    }

    /// The number of items on a full line, for a section of `itemCount` items.
    @inline(__always)
    func perLine(itemCount: Int) -> Int {
        switch self {
        case .count(let k): k
        case .unbounded: max(itemCount, 1)
        }
    }
}
