/// What changed in the layout, for the host to apply: UIKit's
/// `UICollectionViewLayoutInvalidationContext` (and its flow-layout subclass),
/// as a value.
///
/// ``FlowLayoutHost`` returns one from
/// ``FlowLayoutHost/invalidationContext(forBoundsChange:)-(Rect)`` and
/// ``FlowLayoutHost/invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``.
/// The change it describes has already been applied to the layout; the host
/// adds ``contentOffsetAdjustment`` to its content offset (UIKit does so when
/// it receives the context), which keeps the anchor element still on screen,
/// and re-reads the attributes of the elements named.
public struct InvalidationContext: Hashable, Sendable {
    /// Whether every element's attributes may have changed: a relayout, such
    /// as a change of the width lines span. UIKit's `invalidateEverything`.
    public var invalidateEverything: Bool
    /// Whether the numbers of sections and items must be read again: UIKit's
    /// `invalidateDataSourceCounts`. The host then gives the new sections to
    /// ``FlowLayoutHost/reloadData(sections:)``.
    public var invalidateDataSourceCounts: Bool
    /// Add this to the content offset: the anchor element then stays exactly
    /// where it was on screen (`flow-layout.md` 7.2).
    public var contentOffsetAdjustment: Point
    /// Add this to the content size: the change the invalidation made.
    public var contentSizeAdjustment: Size
    /// The cells whose attributes changed, in element order, or `nil` for none
    /// named (all of them, with ``invalidateEverything``). UIKit's
    /// `invalidatedItemIndexPaths`.
    public var invalidatedItemIndexPaths: [FlowIndexPath]?
    /// The headers and footers whose attributes changed, by kind, or `nil` for
    /// none named. UIKit's `invalidatedSupplementaryIndexPaths`.
    public var invalidatedSupplementaryIndexPaths: [SupplementaryKind: [FlowIndexPath]]?

    /// A context that invalidates nothing; every property has UIKit's default.
    public init(
        invalidateEverything: Bool = false,
        invalidateDataSourceCounts: Bool = false,
        contentOffsetAdjustment: Point = .zero,
        contentSizeAdjustment: Size = .zero,
        invalidatedItemIndexPaths: [FlowIndexPath]? = nil,
        invalidatedSupplementaryIndexPaths: [SupplementaryKind: [FlowIndexPath]]? = nil
    ) {
        self.invalidateEverything = invalidateEverything
        self.invalidateDataSourceCounts = invalidateDataSourceCounts
        self.contentOffsetAdjustment = contentOffsetAdjustment
        self.contentSizeAdjustment = contentSizeAdjustment
        self.invalidatedItemIndexPaths = invalidatedItemIndexPaths
        self.invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths
    }

    /// Whether the context asks for nothing: no element, no adjustment, no counts.
    public var isEmpty: Bool {
        !invalidateEverything && !invalidateDataSourceCounts && contentOffsetAdjustment == .zero
            && contentSizeAdjustment == .zero && (invalidatedItemIndexPaths ?? []).isEmpty
            && (invalidatedSupplementaryIndexPaths ?? [:]).values.allSatisfy(\.isEmpty)
    }

    /// Names the elements of `identifiers`: cells as items, headers and footers
    /// as supplementary elements of their kind.
    mutating func invalidate(_ identifiers: [ElementIdentifier]) {
        for identifier in identifiers {
            switch identifier.category {
            case .cell: invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + [identifier.indexPath]
            case .header: invalidatedSupplementaryIndexPaths = adding(identifier.indexPath, to: .header)
            case .footer: invalidatedSupplementaryIndexPaths = adding(identifier.indexPath, to: .footer)
            }
        }
    }

    private func adding(_ indexPath: FlowIndexPath, to kind: SupplementaryKind) -> [SupplementaryKind: [FlowIndexPath]] {
        var paths = invalidatedSupplementaryIndexPaths ?? [:]
        paths[kind, default: []].append(indexPath)
        return paths
    }
}
