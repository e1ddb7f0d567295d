/// The sums of the explicit sizes of a section's items, widths and heights,
/// exactly: each size rounded *up* to a multiple of 2⁻¹⁶ point and summed
/// as integers, so that adding and removing sizes in any order never drifts and
/// the sums are never below the true ones. They give a pending section its
/// estimate (the mean size) and its bound (every item on a line of its own).
///
/// The sums saturate at 2⁶¹ units (about 3.5·10¹³ points): a saturated sum
/// no longer bounds anything (``isSaturated``), and a section that large is
/// checked against the content limit by laying it out.
///
/// They also keep a census of the sizes (``SizeCensus``): whether every size
/// counted is exactly the same (`flow-layout.md` 3.3: a section of equal sizes
/// is uniform), in O(1) per size added or removed, never a scan.
struct SizeSums: Hashable, Sendable {
    /// Widths and heights, in units of 2⁻¹⁶ point.
    private(set) var width: Int64 = 0
    private(set) var height: Int64 = 0
    /// The census of the widths and of the heights.
    private(set) var widths = SizeCensus()
    private(set) var heights = SizeCensus()
    /// Whether the census of the widths, and of the heights, is counted. It is
    /// not only for sizes a host gave (``init(given:)``) whose widths (heights)
    /// are not all equal: counting them would cost the full layout a tenth of
    /// its time, and until they change it is known that they are not all
    /// equal. ``ItemStore/countCensus()`` counts it before the first change.
    private var widthsCounted = true
    private var heightsCounted = true

    /// Whether the whole census is counted.
    var isCounted: Bool { widthsCounted && heightsCounted }

    static let zero = SizeSums()
    private static let scale = 65_536.0
    private static let ceiling = Int64(1) << 61

    /// The units of `value` (not negative), rounded up, saturated.
    @inline(__always)
    private static func units(_ value: Double) -> Int64 {
        let scaled = value * scale
        guard scaled < Double(ceiling) else { return ceiling }
        let truncated = Int64(scaled)
        return Double(truncated) < scaled ? truncated + 1 : truncated
    }

    @inline(__always)
    private static func saturate(_ value: Int64) -> Int64 { Swift.min(Swift.max(value, 0), ceiling) }

    /// Adds a size.
    @inline(__always)
    mutating func add(_ size: Size) {
        precondition(isCounted, "a change to sizes whose census is not counted")
        width = Self.saturate(width &+ Self.units(size.width))
        height = Self.saturate(height &+ Self.units(size.height))
        widths.add(size.width)
        heights.add(size.height)
    }

    /// Adds other sums.
    mutating func add(_ other: SizeSums) {
        precondition(isCounted && other.isCounted, "a change to sizes whose census is not counted")
        width = Self.saturate(width &+ other.width)
        height = Self.saturate(height &+ other.height)
        widths.add(other.widths)
        heights.add(other.heights)
    }

    /// Removes other sums (which were added before: a sum never goes below 0,
    /// so add what comes before removing what goes).
    mutating func subtract(_ other: SizeSums) {
        precondition(isCounted && other.isCounted, "a change to sizes whose census is not counted")
        // A saturated sum stays saturated: it no longer knows what it holds.
        if width < Self.ceiling { width = Self.saturate(width &- other.width) }
        if height < Self.ceiling { height = Self.saturate(height &- other.height) }
        widths.subtract(other.widths)
        heights.subtract(other.heights)
    }

    /// The one size every size counted has, when they are all exactly equal and
    /// there is at least one; `nil` otherwise.
    var commonSize: Size? {
        guard isCounted, let w = widths.commonValue, let h = heights.commonValue else { return nil }
        return Size(width: w, height: h)
    }

    /// The one extent along lines every size counted has, when they all have
    /// the same and there is at least one.
    func commonMain(_ direction: ScrollDirection) -> Double? {
        if direction == .vertical { return widthsCounted ? widths.commonValue : nil }
        return heightsCounted ? heights.commonValue : nil
    }

    /// Whether `other` holds the same sums, and the same census when both are counted.
    func matches(_ other: SizeSums) -> Bool {
        guard width == other.width && height == other.height else { return false }
        return (!widthsCounted || !other.widthsCounted || widths == other.widths)
            && (!heightsCounted || !other.heightsCounted || heights == other.heights)
    }

    /// The sums of sizes a host gave, in one tight pass: as ``init(_:)``, but the
    /// census of the widths (heights) is counted only when they are all the same
    /// (then in O(1)); else it is left uncounted (they are known not to be).
    ///
    /// `equalWidths`, when given, says whether every width equals the first
    /// (as `==` compares them), so that they are not compared again.
    init(given sizes: UnsafeBufferPointer<Size>, equalWidths known: Bool? = nil) {
        guard let first = sizes.first else { return }
        // Each check stops at the first size that differs (at once, for sizes
        // that vary): no per-size cost in the tight loop.
        let equalWidths = known ?? !sizes.contains { $0.width != first.width }
        let equalHeights = !sizes.contains { $0.height != first.height }
        addGiven(sizes)
        countGiven(first: first, count: sizes.count, equalWidths: equalWidths, equalHeights: equalHeights)
    }

    /// The sums of sizes a host gave in chunks, chunk after chunk, as
    /// ``init(given:)`` of all of them joined.
    init(givenChunks chunks: [[Size]]) {
        if chunks.count == 1 {
            self = chunks[0].withUnsafeBufferPointer { SizeSums(given: $0) }
            return
        }
        guard let first = chunks.first(where: { !$0.isEmpty })?.first else { return }
        var equalWidths = true
        var equalHeights = true
        var count = 0
        for chunk in chunks {
            chunk.withUnsafeBufferPointer { sizes in
                if equalWidths { equalWidths = !sizes.contains { $0.width != first.width } }
                if equalHeights { equalHeights = !sizes.contains { $0.height != first.height } }
                addGiven(sizes)
            }
            count += chunk.count
        }
        countGiven(first: first, count: count, equalWidths: equalWidths, equalHeights: equalHeights)
    }

    /// Adds the sums of `sizes` (finite, not negative), leaving the census alone.
    @inline(__always)
    private mutating func addGiven(_ sizes: UnsafeBufferPointer<Size>) {
        var start = 0
        while start < sizes.count {
            let end = Swift.min(start + (1 << 14), sizes.count)
            var width: Int64 = 0
            var height: Int64 = 0
            for index in start..<end {
                let size = sizes[index]
                if size.width < 0x1p32 && size.height < 0x1p32 {
                    width &+= Self.smallUnits(size.width)
                    height &+= Self.smallUnits(size.height)
                } else {
                    self.width = Self.saturate(self.width &+ Self.units(size.width))
                    self.height = Self.saturate(self.height &+ Self.units(size.height))
                }
            }
            self.width = Self.saturate(self.width &+ width)
            self.height = Self.saturate(self.height &+ height)
            start = end
        }
    }

    /// Sets the census of `count` sizes a host gave: counted where every width
    /// (height) equals `first`'s, else left uncounted.
    @inline(__always)
    private mutating func countGiven(first: Size, count: Int, equalWidths: Bool, equalHeights: Bool) {
        if equalWidths { widths = SizeCensus(repeating: first.width, count: count) } else { widthsCounted = false }
        if equalHeights { heights = SizeCensus(repeating: first.height, count: count) } else { heightsCounted = false }
    }

    /// The number of sizes counted (0 when neither census is).
    var count: Int { widthsCounted ? widths.count : heights.count }

    /// Whether either sum reached the ceiling, so that it is no longer exact.
    var isSaturated: Bool { width >= Self.ceiling || height >= Self.ceiling }

    /// The sums in points along lines and across them: at least the true sums
    /// unless saturated.
    func main(_ direction: ScrollDirection) -> Double {
        direction.main(Size(width: Double(width), height: Double(height))) / Self.scale
    }
    func cross(_ direction: ScrollDirection) -> Double {
        direction.cross(Size(width: Double(width), height: Double(height))) / Self.scale
    }

    /// The sums of a sequence of sizes (unsized entries of a dense buffer skipped).
    init<S: Sequence>(_ sizes: S) where S.Element == Size {
        self = ContiguousArray(sizes).withUnsafeBufferPointer { SizeSums($0) }
    }

    /// The sums of `sizes`, each finite and not negative (unsized entries of a
    /// dense buffer skipped): the same value as adding them one by one, in one
    /// tight pass. Lengths below 2³² points (every real size) are added without
    /// saturating, 2¹⁴ at a time, which cannot overflow (each is below 2⁴⁸
    /// units); the rare longer one is added saturating.
    init(_ sizes: UnsafeBufferPointer<Size>) {
        var start = 0
        while start < sizes.count {
            let end = Swift.min(start + (1 << 14), sizes.count)
            var width: Int64 = 0
            var height: Int64 = 0
            var widths = SizeCensus.Block()
            var heights = SizeCensus.Block()
            for index in start..<end {
                let size = sizes[index]
                if size.width < 0x1p32 && size.height < 0x1p32 {
                    width &+= Self.smallUnits(size.width)
                    height &+= Self.smallUnits(size.height)
                    widths.add(size.width)
                    heights.add(size.height)
                } else if !size.isUnsized {
                    add(size)
                }
            }
            self.width = Self.saturate(self.width &+ width)
            self.height = Self.saturate(self.height &+ height)
            self.widths.add(widths.census)
            self.heights.add(heights.census)
            start = end
        }
    }

    /// The units of `value`, at least 0 and below 2³², rounded up.
    ///
    /// `scaled` is below 2⁴⁸, so adding 2⁵² rounds it to the nearest integer,
    /// which the low bits of the sum's pattern then hold: the same value as
    /// ``units(_:)`` without a checked conversion.
    @inline(__always)
    private static func smallUnits(_ value: Double) -> Int64 {
        let scaled = value * scale
        let shifted = scaled + 0x1p52
        let nearest = Int64(bitPattern: shifted.bitPattern & 0x000F_FFFF_FFFF_FFFF)
        return shifted - 0x1p52 < scaled ? nearest + 1 : nearest
    }

    init() {}
}

/// A census of non-negative doubles that answers, in O(1), whether every value
/// counted is exactly the same: the count `n`, and the sums of the values' bit
/// patterns `b` and of their squares, as exact integers. By Cauchy–Schwarz,
/// `n·Σb² = (Σb)²` exactly when every `b` is equal (the difference is the sum of
/// `(bᵢ − bⱼ)²` over all pairs). Values are added and removed in any order:
/// the sums wrap, and the true sums (below 2⁹⁵ and 2¹⁵⁸ for fewer than 2³¹
/// values) are what they hold whenever they are read.
struct SizeCensus: Hashable, Sendable {
    /// The number of values.
    private(set) var count = 0
    /// The sum of the bit patterns.
    private var sum: UInt128 = 0
    /// The sum of their squares, in two halves: `high·2¹²⁸ + low`.
    private var squaresLow: UInt128 = 0
    private var squaresHigh: UInt128 = 0

    /// An empty census.
    init() {}

    /// The census of `count` copies of `value`, in O(1).
    init(repeating value: Double, count: Int) {
        let pattern = UInt128((value + 0).bitPattern)
        let n = UInt128(count)
        let square = pattern &* pattern  // below 2¹²⁶
        let total = square.multipliedFullWidth(by: n)
        self.init(count: count, sum: pattern &* n, squaresLow: total.low, squaresHigh: total.high)
    }

    private init(count: Int, sum: UInt128, squaresLow: UInt128, squaresHigh: UInt128) {
        self.count = count
        self.sum = sum
        self.squaresLow = squaresLow
        self.squaresHigh = squaresHigh
    }

    /// Counts `value` (finite, not negative).
    @inline(__always)
    mutating func add(_ value: Double) {
        // `+ 0` turns −0 into +0, which compares equal to it.
        let pattern = (value + 0).bitPattern
        let bits = UInt128(pattern)
        count += 1
        sum &+= bits
        let square = pattern.multipliedFullWidth(by: pattern)
        let (low, overflow) = squaresLow.addingReportingOverflow(UInt128(square.high) << 64 | UInt128(square.low))
        squaresLow = low
        if overflow { squaresHigh &+= 1 }
    }

    /// A census of at most 2¹⁴ values in plain 64-bit words, for tight loops:
    /// the sum of bit patterns in two words (below 2⁷⁷), the sum of squares in
    /// three (below 2¹⁴⁰); ``census`` folds it into a ``SizeCensus``.
    struct Block {
        private var count = 0
        private var sumLow: UInt64 = 0
        private var sumHigh: UInt64 = 0
        private var squares0: UInt64 = 0
        private var squares1: UInt64 = 0
        private var squares2: UInt64 = 0

        /// Counts `value` (finite, not negative).
        @inline(__always)
        mutating func add(_ value: Double) {
            let bits = (value + 0).bitPattern
            count &+= 1
            let (low, carry) = sumLow.addingReportingOverflow(bits)
            sumLow = low
            sumHigh &+= carry ? 1 : 0
            let square = bits.multipliedFullWidth(by: bits)
            let (s0, c0) = squares0.addingReportingOverflow(square.low)
            squares0 = s0
            let (s1, c1) = squares1.addingReportingOverflow(square.high &+ (c0 ? 1 : 0))
            squares1 = s1
            squares2 &+= c1 ? 1 : 0
        }

        /// The block as a census.
        var census: SizeCensus {
            SizeCensus(
                count: count, sum: UInt128(sumHigh) << 64 | UInt128(sumLow),
                squaresLow: UInt128(squares1) << 64 | UInt128(squares0), squaresHigh: UInt128(squares2))
        }
    }

    /// Counts every value of `other`.
    mutating func add(_ other: SizeCensus) {
        count += other.count
        sum &+= other.sum
        let (low, overflow) = squaresLow.addingReportingOverflow(other.squaresLow)
        squaresLow = low
        squaresHigh &+= other.squaresHigh &+ (overflow ? 1 : 0)
    }

    /// Removes every value of `other`, counted before.
    mutating func subtract(_ other: SizeCensus) {
        count -= other.count
        sum &-= other.sum
        let (low, borrow) = squaresLow.subtractingReportingOverflow(other.squaresLow)
        squaresLow = low
        squaresHigh &-= other.squaresHigh &+ (borrow ? 1 : 0)
    }

    /// The value every value counted has, when they are all equal and there is
    /// at least one; `nil` otherwise.
    ///
    /// - Complexity: O(1).
    var commonValue: Double? {
        guard count > 0 else { return nil }
        let n = UInt128(count)
        // n·Σb², against (Σb)², both as 256-bit numbers.
        let product = squaresLow.multipliedFullWidth(by: n)
        let productHigh = product.high &+ squaresHigh &* n
        let square = sum.multipliedFullWidth(by: sum)
        guard productHigh == square.high && product.low == square.low else { return nil }
        return Double(bitPattern: UInt64(truncatingIfNeeded: sum / n))
    }
}
