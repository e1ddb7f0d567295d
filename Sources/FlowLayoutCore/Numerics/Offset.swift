/// An exact position or extent along the scroll axis: a signed fixed-point number
/// with 64 fractional bits, held in 128 bits (two's complement).
///
/// Positions along the scroll axis are sums of many extents (sections, lines,
/// spacing). Summed as `Double`s, the result would depend on the order of the
/// additions, so a tree's prefix sum and a walk line by line could disagree by an
/// ulp, and a search would need a slack. Summed as `Offset`s every addition is
/// exact: any order gives the same value, a million updates cannot drift, and a
/// search compares exactly what a walk computes.
///
/// Every `Double` of magnitude at least 2⁻¹² converts exactly (its lowest bit is at
/// or above 2⁻⁶⁴); smaller values round down to a multiple of 2⁻⁶⁴. The range is
/// ±2⁶³ points, far beyond the 10¹⁵ points content may span
/// (``FlowLayoutLimits/maximumLength``). Converting back to `Double` rounds
/// correctly (to nearest, ties to even), so it is monotone: `a <= b` implies
/// `a.double <= b.double`.
struct Offset: Hashable, Comparable, Sendable {
    /// The upper 64 bits: the integer part, `floor(value)`.
    private(set) var high: Int64
    /// The lower 64 bits: the fraction, `(value - floor(value)) · 2⁶⁴`.
    private(set) var low: UInt64

    /// Creates an offset from its two halves.
    @inline(__always)
    init(high: Int64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Zero.
    static let zero = Offset(high: 0, low: 0)

    /// The largest magnitude an offset takes: 2⁶², far beyond every position
    /// content can reach. Arithmetic saturates here.
    static let limit = Offset(high: 1 << 62, low: 0)

    /// The offset of `value`, which must be finite with a magnitude below 2⁶².
    /// Exact when `value` is a multiple of 2⁻⁶⁴, else rounded down.
    @inline(__always)
    init(_ value: Double) {
        // floor(value), without libm: truncate, then step down for negatives.
        var high = Int64(value)
        if Double(high) > value { high -= 1 }
        let fraction = value - Double(high)  // exact: the bits of `value` below 1
        self.init(high: high, low: UInt64(fraction * 0x1p64))
    }

    /// The offset of `value`, which must be finite, at least 0 (−0 included)
    /// and below 2⁶²: the same as ``init(_:)``, taken from the bits of `value`
    /// rather than through two conversions and their range checks. For paths
    /// that convert once an item (a waterfall's columns).
    @inline(__always)
    init(nonNegative value: Double) {
        let bits = value.bitPattern
        let biased = Int(truncatingIfNeeded: bits &>> 52) & 0x7FF
        // value = significand · 2^(max(biased, 1) − 1075), so value · 2⁶⁴ is the
        // significand shifted left by max(biased, 1) − 1011 (right when negative).
        let significand = bits & 0x000F_FFFF_FFFF_FFFF | (biased == 0 ? 0 : 0x0010_0000_0000_0000)
        let shift = Swift.max(biased, 1) &- 1011
        if shift >= 64 {
            self.init(high: Int64(bitPattern: significand &<< UInt64(shift &- 64)), low: 0)
        } else if shift >= 0 {
            // The high half by two shifts, so that a shift of 0 gives 0.
            self.init(
                high: Int64(bitPattern: (significand &>> 1) &>> UInt64(63 &- shift)), low: significand &<< UInt64(shift))
        } else {
            // Rounded down; below 2⁻⁶⁴ nothing is left.
            self.init(high: 0, low: shift > -64 ? significand &>> UInt64(0 &- shift) : 0)
        }
    }

    /// The offset of a length, finite and at least 0, clamped to 2⁶² as
    /// ``init(clamping:)`` clamps it, converted as ``init(nonNegative:)``
    /// does: for paths that convert an item's length at each step.
    @inline(__always)
    init(length value: Double) {
        self = value < 0x1p62 ? Offset(nonNegative: value) : .limit
    }

    /// The offset of `value`, clamped to ±2⁶²: for query bounds, which may be any
    /// finite number.
    init(clamping value: Double) {
        if value >= 0x1p62 {
            self = .limit
        } else if value <= -0x1p62 {
            self = .zero - .limit
        } else {
            self.init(value)
        }
    }

    /// The offset of a whole number of points.
    @inline(__always)
    init(integer: Int) {
        self.init(high: Int64(integer), low: 0)
    }

    /// The nearest `Double` (ties to even).
    @inline(__always)
    var double: Double {
        if high >= 0 { return Offset.unsignedDouble(high: UInt64(high), low: low) }
        let negated = Offset.zero - self
        return -Offset.unsignedDouble(high: UInt64(bitPattern: negated.high), low: negated.low)
    }

    /// The correctly rounded value of the unsigned 128-bit number `high·2⁶⁴ + low`, times 2⁻⁶⁴.
    @inline(__always)
    private static func unsignedDouble(high: UInt64, low: UInt64) -> Double {
        if high == 0 { return Double(low) * 0x1p-64 }
        // Keep the top 64 significant bits; fold every bit shifted out into the
        // lowest one (a sticky bit, far below the rounding position), so that the
        // conversion of 64 bits to 53 rounds as the whole number would.
        let shift = UInt64(64 - high.leadingZeroBitCount)
        let top = (high << (64 - shift)) | (low >> shift)
        let below: UInt64 = shift == 64 ? ~0 : (1 << shift) - 1
        let sticky: UInt64 = low & below != 0 ? 1 : 0
        // 2^(shift − 64), shift in 1...64: a normal number, built from its
        // exponent bits (the generic initializer is not inlined: ~28 instructions).
        let scale = Double(bitPattern: UInt64(1023 - 64 + Int(shift)) << 52)
        return Double(top | sticky) * scale
    }

    /// Whether the offset is below zero.
    var isNegative: Bool { high < 0 }

    /// The offset clamped to ±2⁶²: arithmetic saturates there rather than wrap,
    /// so a sum of extents too large to be content stays too large (and is
    /// refused by the content limit) instead of turning small.
    @inline(__always)
    private static func clamped(high: Int64, low: UInt64) -> Offset {
        if high >= 1 << 62 { return .limit }
        if high < -(1 << 62) { return Offset(high: -(1 << 62), low: 0) }
        return Offset(high: high, low: low)
    }

    /// The sum, saturating at ±2⁶².
    @inline(__always)
    static func + (lhs: Offset, rhs: Offset) -> Offset {
        let (low, carry) = lhs.low.addingReportingOverflow(rhs.low)
        // Both operands lie within ±2⁶², so the sum of the halves cannot wrap.
        return clamped(high: lhs.high &+ rhs.high &+ (carry ? 1 : 0), low: low)
    }

    /// The difference, saturating at ±2⁶².
    @inline(__always)
    static func - (lhs: Offset, rhs: Offset) -> Offset {
        let (low, borrow) = lhs.low.subtractingReportingOverflow(rhs.low)
        return clamped(high: lhs.high &- rhs.high &- (borrow ? 1 : 0), low: low)
    }

    @inline(__always)
    static func += (lhs: inout Offset, rhs: Offset) { lhs = lhs + rhs }

    @inline(__always)
    static func -= (lhs: inout Offset, rhs: Offset) { lhs = lhs - rhs }

    /// The offset times a count `n >= 0`, saturating at ±2⁶².
    @inline(__always)
    static func * (lhs: Offset, n: Int) -> Offset {
        precondition(n >= 0, "negative multiplier")
        let (carry, low) = lhs.low.multipliedFullWidth(by: UInt64(n))
        let (product, overflow) = lhs.high.multipliedReportingOverflow(by: Int64(n))
        let (high, overflowAgain) = product.addingReportingOverflow(Int64(bitPattern: carry))
        if overflow || overflowAgain { return lhs.high < 0 ? Offset(high: -(1 << 62), low: 0) : .limit }
        return clamped(high: high, low: low)
    }

    @inline(__always)
    static func < (lhs: Offset, rhs: Offset) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }

    /// The larger of two offsets.
    @inline(__always)
    static func max(_ a: Offset, _ b: Offset) -> Offset { a < b ? b : a }
}

extension Offset: CustomStringConvertible {
    /// The value as the nearest `Double`.
    var description: String { "\(double)" }
}
