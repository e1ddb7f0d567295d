/// Why the engine refused a call. A refused call leaves the layout exactly as it
/// was (`flow-layout.md` 9).
public enum FlowLayoutError: Error, Hashable, Sendable {
    /// A size, spacing, inset, viewport or rect component that is negative, NaN,
    /// infinite, or larger than ``FlowLayoutLimits/maximumLength``. `path` names
    /// where it came from, for example `sections[3].itemSizes[17].width` or
    /// `sizeReports[2].size.height`.
    case invalidValue(path: String, value: Double)
    /// An item or section count that is negative or larger than the engine's limit
    /// (``FlowLayoutLimits``).
    case invalidCount(path: String, count: Int)
    /// A section whose `itemSizes` array does not hold exactly `itemCount` sizes.
    case itemSizesCountMismatch(section: Int, itemCount: Int, sizeCount: Int)
    /// A section index outside `0 ..< sectionCount`.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// An item index outside `0 ..< itemCount` of its (existing) section.
    case itemOutOfRange(FlowIndexPath, itemCount: Int)
}

extension FlowLayoutError: CustomStringConvertible {
    /// A one-line message naming the problem and where it came from.
    public var description: String {
        switch self {
        case let .invalidValue(path, value):
            value.isFinite && value > FlowLayoutLimits.maximumLength
                ? "\(path): must be at most 1e15 (got \(value))"
                : "\(path): must be a finite number >= 0 (got \(value))"
        case let .invalidCount(path, count):
            "\(path): must be a count from 0 to \(FlowLayoutLimits.maximumCount) (got \(count))"
        case let .itemSizesCountMismatch(section, itemCount, sizeCount):
            "sections[\(section)].itemSizes: holds \(sizeCount) sizes but the section has \(itemCount) items"
        case let .sectionOutOfRange(section, sectionCount):
            "section \(section) is out of range: the layout has \(sectionCount) sections"
        case let .itemOutOfRange(indexPath, itemCount):
            "item \(indexPath.item) of section \(indexPath.section) is out of range: the section has \(itemCount) items"
        }
    }
}

/// The largest counts and lengths the engine accepts.
public enum FlowLayoutLimits {
    /// The largest length (size, spacing, inset, viewport or rect component),
    /// in points: 10¹⁵. With at most 2³¹ − 1 items in a section, every sum the
    /// engine forms stays finite, so no frame can hold an infinity or a NaN.
    public static let maximumLength = 1e15

    /// The largest number of sections, and of items in one section: 2³¹ − 1. Item
    /// indices within a section are stored in 32 bits.
    public static let maximumCount = Int(Int32.max)
}

extension FlowLayoutError {
    /// Equal errors name the same problem; a NaN value equals a NaN value, so
    /// that a refusal of NaN can be compared with an expected one.
    public static func == (lhs: FlowLayoutError, rhs: FlowLayoutError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidValue(a, x), .invalidValue(b, y)):
            a == b && (x == y || (x.isNaN && y.isNaN))
        case let (.invalidCount(a, x), .invalidCount(b, y)):
            a == b && x == y
        case let (.itemSizesCountMismatch(s, i, c), .itemSizesCountMismatch(t, j, d)):
            s == t && i == j && c == d
        case let (.sectionOutOfRange(s, c), .sectionOutOfRange(t, d)):
            s == t && c == d
        case let (.itemOutOfRange(p, c), .itemOutOfRange(q, d)):
            p == q && c == d
        default:
            false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: every NaN hashes alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .invalidValue(path, value):
            hasher.combine(0)
            hasher.combine(path)
            hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case let .invalidCount(path, count):
            hasher.combine(1)
            hasher.combine(path)
            hasher.combine(count)
        case let .itemSizesCountMismatch(section, itemCount, sizeCount):
            hasher.combine(2)
            hasher.combine(section)
            hasher.combine(itemCount)
            hasher.combine(sizeCount)
        case let .sectionOutOfRange(section, sectionCount):
            hasher.combine(3)
            hasher.combine(section)
            hasher.combine(sectionCount)
        case let .itemOutOfRange(indexPath, itemCount):
            hasher.combine(4)
            hasher.combine(indexPath)
            hasher.combine(itemCount)
        }
    }
}
