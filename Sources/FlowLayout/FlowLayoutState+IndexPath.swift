#if canImport(Foundation)
import Foundation

/// The state's index-path queries and updates with Foundation's `IndexPath` and
/// Core Graphics geometry, the types a UIKit host holds. Each converts and
/// forwards to the method of the same name; ``/FlowLayoutCore/FlowIndexPath``
/// stays the fast core type.
///
/// An `IndexPath` must hold two indexes, `[section, item]`: any other length is
/// refused with ``/FlowLayoutCore/FlowLayoutError/invalidCount(path:count:)``
/// naming the argument (`indexPath.count`) and its length.
extension FlowLayoutState {
    /// One cell's attributes: see ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForItem(at:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path that is not
    ///   two indexes long or is out of range.
    /// - Complexity: O(log S + log R + run length).
    public mutating func layoutAttributesForItem(at indexPath: IndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try layoutAttributesForItem(at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// A header's or footer's attributes: see
    /// ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForSupplementaryElement(ofKind:at:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: O(log S).
    public mutating func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: IndexPath
    ) throws(FlowLayoutError) -> LayoutAttributes? {
        try layoutAttributesForSupplementaryElement(ofKind: kind, at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// The elements meeting a Core Graphics rect: see
    /// ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForElements(in:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: O(log S + log R + k) for k elements returned.
    @_disfavoredOverload
    public mutating func layoutAttributesForElements(in rect: CGRect) throws(FlowLayoutError) -> [LayoutAttributes] {
        try layoutAttributesForElements(in: Rect(rect))
    }

    /// Applies one measured size: see ``/FlowLayoutCore/FlowLayoutState/reportSize(_:forItemAt:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path or size.
    /// - Complexity: O(log S + log R) plus the lines re-broken.
    @_disfavoredOverload
    public mutating func reportSize(_ size: CGSize, forItemAt indexPath: IndexPath) throws(FlowLayoutError) -> LayoutUpdate {
        try reportSize(Size(size), forItemAt: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// The content offset that shows an item at a position: see
    /// ``/FlowLayoutCore/FlowLayoutState/contentOffset(forItemAt:position:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: O(log S + log R + the item's line).
    public mutating func contentOffset(forItemAt indexPath: IndexPath, position: ScrollPosition) throws(FlowLayoutError)
        -> CGPoint
    {
        try contentOffset(forItemAt: FlowIndexPath(checking: indexPath, path: "indexPath"), position: position).cgPoint
    }

    /// Sets the visible rect from a Core Graphics rect: see
    /// ``/FlowLayoutCore/FlowLayoutState/setVisibleRect(_:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: O(1).
    @_disfavoredOverload
    public mutating func setVisibleRect(_ rect: CGRect) throws(FlowLayoutError) {
        try setVisibleRect(Rect(rect))
    }

    /// Changes the viewport size: see ``/FlowLayoutCore/FlowLayoutState/setViewportSize(_:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an invalid size.
    /// - Complexity: O(S), plus the sections up to the anchor.
    @_disfavoredOverload
    public mutating func setViewportSize(_ size: CGSize) throws(FlowLayoutError) -> LayoutUpdate {
        try setViewportSize(Size(size))
    }

    /// Where a scroll gesture comes to rest: see
    /// ``/FlowLayoutCore/FlowLayoutState/targetContentOffset(forProposedContentOffset:velocity:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for a NaN or infinite component.
    /// - Complexity: O(log S + log R + a few lines).
    @_disfavoredOverload
    public mutating func targetContentOffset(forProposedContentOffset proposed: CGPoint, velocity: CGPoint)
        throws(FlowLayoutError) -> CGPoint
    {
        try targetContentOffset(forProposedContentOffset: Point(proposed), velocity: Point(velocity)).cgPoint
    }
}

/// A checked conversion from Foundation's `IndexPath`, for the overloads that take one.
extension FlowIndexPath {
    /// Converts a Foundation `IndexPath`, throwing
    /// ``/FlowLayoutCore/FlowLayoutError/invalidCount(path:count:)`` at
    /// `path.count` unless it holds exactly two indexes.
    ///
    /// - Complexity: O(1).
    public init(checking indexPath: IndexPath, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard let converted = FlowIndexPath(indexPath) else {
            throw .invalidCount(path: path().appending("count"), count: indexPath.count)
        }
        self = converted
    }
}

/// Attributes with the types a UIKit host sets on `UICollectionViewLayoutAttributes`.
extension LayoutAttributes {
    /// The element's index path as Foundation's `IndexPath`, `[section, item]`.
    public var foundationIndexPath: IndexPath { indexPath.indexPath }

    /// The frame as a Core Graphics rect.
    public var cgFrame: CGRect { frame.cgRect }
}
#endif
