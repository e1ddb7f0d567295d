/// How many items of one size fit on a line (`flow-layout.md` 2.1 and 3.3).
///
/// Items fill a line while the running extent, accumulated item by item in index
/// order as `running + spacing + width`, stays within the available extent; an
/// exact fit fits. For items that all have the same size the count is the same
/// for every line, so it is computed once, by the same accumulation the greedy
/// loop performs (never by division, which could round differently).
///
/// A line holds at most ``maximumItemsPerLine`` items [C]: the next item starts a
/// new line even if it would fit. This bounds every loop over a line, and the
/// cost of counting, whatever the item sizes (UIKit sets no documented limit;
/// reaching this one takes items narrower than 1/100 of a point on a phone).
enum LineFit: Hashable, Sendable {
    /// Exactly `k` items fit (`1 <= k < maximumItemsPerLine`; 1 also when one item
    /// alone is wider than the line).
    case count(Int)
    /// ``maximumItemsPerLine`` items fit, and more would: the line is full by
    /// count, not by space (this includes width plus spacing of zero).
    case capped

    /// The most items a line holds: 2¹⁶.
    static let maximumItemsPerLine = 65_536

    /// The fit of items `width` wide, `spacing` apart, in `available`.
    ///
    /// - Complexity: O(min(k, 65,536)).
    static func of(width: Double, spacing: Double, available: Double) -> LineFit {
        if !(width <= available) { return .count(1) }
        if width + spacing == 0 { return .capped }
        var running = width
        var k = 1
        while k < maximumItemsPerLine {
            let candidate = running + spacing + width
            if !(candidate <= available) { return .count(k) }
            running = candidate
            k += 1
        }
        return .capped
    }

    /// The number of items on a full line.
    @inline(__always)
    var perLine: Int {
        switch self {
        case .count(let k): k
        case .capped: LineFit.maximumItemsPerLine
        }
    }
}
