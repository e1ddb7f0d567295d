#if canImport(Foundation)
import Foundation

/// The engine's index-path queries and updates with Foundation's `IndexPath`
/// and Core Graphics geometry, as on ``/FlowLayoutCore/FlowLayoutState``: each
/// converts, then runs on the actor in the same hop as the call of the same name.
extension FlowLayoutEngine {
    /// One cell's attributes: see ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForItem(at:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an index path that is not
    ///   two indexes long (`indexPath.count`) or is out of range.
    /// - Complexity: one actor hop, plus O(log S + log R + run length).
    public func layoutAttributesForItem(at indexPath: IndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try layoutAttributesForItem(at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// A header's or footer's attributes: see
    /// ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForSupplementaryElement(ofKind:at:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: one actor hop, plus O(log S).
    public func layoutAttributesForSupplementaryElement(
        ofKind kind: SupplementaryKind, at indexPath: IndexPath
    ) throws(FlowLayoutError) -> LayoutAttributes? {
        try layoutAttributesForSupplementaryElement(ofKind: kind, at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// The elements meeting a Core Graphics rect: see
    /// ``/FlowLayoutCore/FlowLayoutState/layoutAttributesForElements(in:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: one actor hop, plus O(log S + log R + k).
    @_disfavoredOverload
    public func layoutAttributesForElements(in rect: CGRect) throws(FlowLayoutError) -> [LayoutAttributes] {
        try layoutAttributesForElements(in: Rect(rect))
    }

    /// Applies one measured size: see ``/FlowLayoutCore/FlowLayoutState/reportSize(_:forItemAt:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path or size.
    /// - Complexity: one actor hop, plus O(log S + log R) and the lines re-broken.
    @_disfavoredOverload
    public func reportSize(_ size: CGSize, forItemAt indexPath: IndexPath) throws(FlowLayoutError) -> LayoutUpdate {
        try reportSize(Size(size), forItemAt: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// The content offset that shows an item at a position: see
    /// ``/FlowLayoutCore/FlowLayoutState/contentOffset(forItemAt:position:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: one actor hop, plus O(log S + log R + the item's line).
    @_disfavoredOverload
    public func contentOffset(forItemAt indexPath: IndexPath, position: ScrollPosition) throws(FlowLayoutError) -> CGPoint {
        try contentOffset(forItemAt: FlowIndexPath(checking: indexPath, path: "indexPath"), position: position).cgPoint
    }

    /// Sets the visible rect from a Core Graphics rect: see
    /// ``/FlowLayoutCore/FlowLayoutState/setVisibleRect(_:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: one actor hop, O(1).
    @_disfavoredOverload
    public func setVisibleRect(_ rect: CGRect) throws(FlowLayoutError) {
        try setVisibleRect(Rect(rect))
    }

    /// Changes the viewport size: see ``/FlowLayoutCore/FlowLayoutState/setViewportSize(_:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for an invalid size.
    /// - Complexity: one actor hop, plus O(S) and the sections up to the anchor.
    @_disfavoredOverload
    public func setViewportSize(_ size: CGSize) throws(FlowLayoutError) -> LayoutUpdate {
        try setViewportSize(Size(size))
    }

    /// Where a scroll gesture comes to rest: see
    /// ``/FlowLayoutCore/FlowLayoutState/targetContentOffset(forProposedContentOffset:velocity:)``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for a NaN or infinite component.
    /// - Complexity: one actor hop, plus O(log S + log R + a few lines).
    @_disfavoredOverload
    public func targetContentOffset(forProposedContentOffset proposed: CGPoint, velocity: CGPoint) throws(FlowLayoutError)
        -> CGPoint
    {
        try targetContentOffset(forProposedContentOffset: Point(proposed), velocity: Point(velocity)).cgPoint
    }
}
#endif
