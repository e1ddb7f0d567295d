/// The kind of element a layout produces (`flow-layout.md` 6.2).
public enum ElementCategory: String, Hashable, Sendable, CaseIterable {
    /// An item: UIKit's cell.
    case cell
    /// A section header: the supplementary view of kind `elementKindSectionHeader`.
    case header
    /// A section footer: the supplementary view of kind `elementKindSectionFooter`.
    case footer
}

/// Identifies one element of the layout: its category and index path.
public struct ElementIdentifier: Hashable, Sendable {
    /// Cell, header or footer.
    public var category: ElementCategory
    /// The element's index path; item 0 for headers and footers.
    public var indexPath: FlowIndexPath

    /// Creates an identifier.
    public init(category: ElementCategory, indexPath: FlowIndexPath) {
        self.category = category
        self.indexPath = indexPath
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
