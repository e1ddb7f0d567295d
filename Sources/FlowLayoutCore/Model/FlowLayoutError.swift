/// Why the engine refused a call. A refused call leaves the layout exactly as it
/// was (`flow-layout.md` 9).
public enum FlowLayoutError: Error, Hashable, Sendable {
    /// A size, spacing, inset, viewport or rect component that is negative, NaN or
    /// infinite. `path` names where it came from, for example
    /// `sections[3].itemSizes[17].width` or `sizeReports[2].size.height`.
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
            "\(path): must be a finite number >= 0 (got \(value))"
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

/// The largest counts the engine accepts.
public enum FlowLayoutLimits {
    /// The largest number of sections, and of items in one section: 2³¹ − 1. Item
    /// indices within a section are stored in 32 bits.
    public static let maximumCount = Int(Int32.max)
}
