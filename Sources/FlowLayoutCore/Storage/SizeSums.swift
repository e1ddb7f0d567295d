/// The sums of the explicit sizes of a section's items, widths and heights,
/// exactly: each size rounded *up* to a multiple of 2⁻¹⁶ point and summed
/// as integers, so that adding and removing sizes in any order never drifts and
/// the sums are never below the true ones. They give a pending section its
/// estimate (the mean size) and its bound (every item on a line of its own).
///
/// The sums saturate at 2⁶¹ units (about 3.5·10¹³ points): a saturated sum
/// no longer bounds anything (``isSaturated``), and a section that large is
/// checked against the content limit by laying it out.
struct SizeSums: Hashable, Sendable {
    /// Widths and heights, in units of 2⁻¹⁶ point.
    private(set) var width: Int64 = 0
    private(set) var height: Int64 = 0

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
        width = Self.saturate(width &+ Self.units(size.width))
        height = Self.saturate(height &+ Self.units(size.height))
    }

    /// Adds other sums.
    mutating func add(_ other: SizeSums) {
        width = Self.saturate(width &+ other.width)
        height = Self.saturate(height &+ other.height)
    }

    /// Removes other sums (which were added before: a sum never goes below 0,
    /// so add what comes before removing what goes).
    mutating func subtract(_ other: SizeSums) {
        // A saturated sum stays saturated: it no longer knows what it holds.
        if width < Self.ceiling { width = Self.saturate(width &- other.width) }
        if height < Self.ceiling { height = Self.saturate(height &- other.height) }
    }

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
            for index in start..<end {
                let size = sizes[index]
                if size.width < 0x1p32 && size.height < 0x1p32 {
                    width &+= Self.smallUnits(size.width)
                    height &+= Self.smallUnits(size.height)
                } else if !size.isUnsized {
                    add(size)
                }
            }
            self.width = Self.saturate(self.width &+ width)
            self.height = Self.saturate(self.height &+ height)
            start = end
        }
    }

    /// The units of `value`, at least 0 and below 2³², rounded up.
    @inline(__always)
    private static func smallUnits(_ value: Double) -> Int64 {
        let scaled = value * scale
        let truncated = Int64(scaled)
        return Double(truncated) < scaled ? truncated + 1 : truncated
    }

    init() {}
}
