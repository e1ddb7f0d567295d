/// The kind of element a layout produces (`flow-layout.md` 6.2).
public enum ElementCategory: String, Hashable, Sendable, CaseIterable {
    /// An item: UIKit's cell.
    case cell
    /// A section header: the supplementary view of kind `elementKindSectionHeader`.
    case header
    /// A section footer: the supplementary view of kind `elementKindSectionFooter`.
    case footer

    /// Hashes the case, not its raw string: identifiers are hashed per element
    /// in a batch's transitions, and a string hash costs ten times as much.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .cell: hasher.combine(0 as UInt8)
        case .header: hasher.combine(1 as UInt8)
        case .footer: hasher.combine(2 as UInt8)
        }
    }
}

/// Identifies one element of the layout: its category and index path.
///
/// Identifiers compare in element order, the order rect queries answer in: by
/// section, then the header, the cells by index, the footer.
public struct ElementIdentifier: Hashable, Comparable, Sendable {
    /// Cell, header or footer.
    public var category: ElementCategory
    /// The element's index path; item 0 for headers and footers.
    public var indexPath: FlowIndexPath

    /// Creates an identifier.
    public init(category: ElementCategory, indexPath: FlowIndexPath) {
        self.category = category
        self.indexPath = indexPath
    }

    /// Hashes two words (the section with the category, the item) rather than
    /// three values: identifiers are hashed several times per element in a
    /// batch's transitions.
    public func hash(into hasher: inout Hasher) {
        let category: Int =
            switch self.category {
            case .cell: 0
            case .header: 1
            case .footer: 2
            }
        hasher.combine(indexPath.section &<< 2 | category)
        hasher.combine(indexPath.item)
    }

    /// Whether `a` comes before `b` in element order.
    public static func < (a: ElementIdentifier, b: ElementIdentifier) -> Bool {
        (a.indexPath.section, a.category.rank, a.indexPath.item) < (b.indexPath.section, b.category.rank, b.indexPath.item)
    }
}

extension ElementCategory {
    /// The category's place within a section in element order.
    fileprivate var rank: Int {
        switch self {
        case .header: 0
        case .cell: 1
        case .footer: 2
        }
    }
}

/// Where one element sits: UIKit's `UICollectionViewLayoutAttributes`, reduced to
/// what a flow layout decides (`flow-layout.md` 6.2).
public struct LayoutAttributes: Hashable, Sendable {
    /// Cell, header or footer.
    public var category: ElementCategory
    /// The element's index path; item 0 for headers and footers.
    public var indexPath: FlowIndexPath
    /// The frame in content coordinates, in points.
    public var frame: Rect
    /// The stacking order: 0 for cells, 10 for headers and footers.
    public var zIndex: Int

    /// Creates attributes; `zIndex` defaults to the category's (cells 0, others 10).
    public init(category: ElementCategory, indexPath: FlowIndexPath, frame: Rect, zIndex: Int? = nil) {
        self.category = category
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex ?? (category == .cell ? 0 : 10)
    }

    /// The category and index path together.
    public var identifier: ElementIdentifier {
        ElementIdentifier(category: category, indexPath: indexPath)
    }
}

extension LayoutAttributes: CustomStringConvertible {
    /// The attributes written as `cell [0, 3] (x, y, width, height)`.
    public var description: String { "\(category.rawValue) \(indexPath) \(frame)" }
}

/// The kind of a supplementary element a flow layout produces: UIKit's
/// `elementKindSectionHeader` and `elementKindSectionFooter`.
public enum SupplementaryKind: String, Hashable, Sendable, CaseIterable {
    /// The section header.
    case header
    /// The section footer.
    case footer

    /// The element category of this kind.
    public var category: ElementCategory {
        switch self {
        case .header: .header
        case .footer: .footer
        }
    }
}
