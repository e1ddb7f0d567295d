#if canImport(Foundation)
import Foundation

/// The host's override points with the types UIKit passes: `IndexPath`,
/// `CGRect`, `CGPoint`, element kinds as strings. Each converts and forwards
/// to the method of the same name, so a `UICollectionViewLayout` subclass
/// forwards with one call per override.
///
/// An `IndexPath` that is not two indexes long is refused with
/// ``/FlowLayoutCore/FlowLayoutError/invalidCount(path:count:)`` at
/// `indexPath.count`.
extension FlowLayoutHost {
    /// UIKit's `UICollectionView.elementKindSectionHeader`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// UIKit's `UICollectionView.elementKindSectionFooter`.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Creates a host for `sections` shown in the collection view's `bounds`.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` naming the first invalid value.
    /// - Complexity: that of ``init(configuration:sections:bounds:options:)``.
    public convenience init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(), sections: [FlowSection], bounds: CGRect,
        options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) {
        try self.init(configuration: configuration, sections: sections, bounds: Rect(bounds), options: options)
    }

    /// ``layoutAttributesForElements(in:)`` for a Core Graphics rect.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for an invalid rect.
    /// - Complexity: O(log S + log R + k) for k elements returned.
    @_disfavoredOverload
    public func layoutAttributesForElements(in rect: CGRect) throws(FlowLayoutError) -> [LayoutAttributes] {
        try layoutAttributesForElements(in: Rect(rect))
    }

    /// ``layoutAttributesForItem(at:)`` for a Foundation index path.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: O(log S + log R + run length).
    public func layoutAttributesForItem(at indexPath: IndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        try layoutAttributesForItem(at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// ``layoutAttributesForSupplementaryView(ofKind:at:)`` for UIKit's element
    /// kind strings: `nil` for a kind other than ``elementKindSectionHeader``
    /// and ``elementKindSectionFooter``.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path.
    /// - Complexity: O(log S).
    public func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        throws(FlowLayoutError) -> LayoutAttributes?
    {
        guard let kind = Self.kind(elementKind) else { return nil }
        return try layoutAttributesForSupplementaryView(
            ofKind: kind, at: FlowIndexPath(checking: indexPath, path: "indexPath"))
    }

    /// ``shouldInvalidateLayout(forBoundsChange:)`` for a Core Graphics rect.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for invalid bounds.
    /// - Complexity: O(1).
    @_disfavoredOverload
    public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) throws(FlowLayoutError) -> Bool {
        try shouldInvalidateLayout(forBoundsChange: Rect(newBounds))
    }

    /// ``invalidationContext(forBoundsChange:)`` for a Core Graphics rect.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for invalid bounds.
    /// - Complexity: O(k), plus the relayout up to the anchor after a width change.
    @_disfavoredOverload
    public func invalidationContext(forBoundsChange newBounds: CGRect) throws(FlowLayoutError) -> InvalidationContext {
        try invalidationContext(forBoundsChange: Rect(newBounds))
    }

    /// ``shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``
    /// for a cell's index path and its preferred (fitting) size.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path or size.
    /// - Complexity: O(log S + log R).
    @_disfavoredOverload
    public func shouldInvalidateLayout(forPreferredSize size: CGSize, ofItemAt indexPath: IndexPath) throws(FlowLayoutError)
        -> Bool
    {
        let attributes = try preferredAttributes(size, indexPath)
        return try shouldInvalidateLayout(forPreferredLayoutAttributes: attributes, withOriginalAttributes: attributes)
    }

    /// ``invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)``
    /// for a cell's index path and its preferred (fitting) size.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError`` for a bad index path or size.
    /// - Complexity: O(log S + log R) plus the lines re-broken, and O(k) for the elements in view.
    @_disfavoredOverload
    public func invalidationContext(forPreferredSize size: CGSize, ofItemAt indexPath: IndexPath) throws(FlowLayoutError)
        -> InvalidationContext
    {
        let attributes = try preferredAttributes(size, indexPath)
        return try invalidationContext(forPreferredLayoutAttributes: attributes, withOriginalAttributes: attributes)
    }

    /// ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`` for Core Graphics points.
    ///
    /// - Throws: ``/FlowLayoutCore/FlowLayoutError/invalidValue(path:value:)`` for a NaN or infinite component.
    /// - Complexity: O(log S + log R + a few lines).
    @_disfavoredOverload
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint)
        throws(FlowLayoutError) -> CGPoint
    {
        try targetContentOffset(forProposedContentOffset: Point(proposedContentOffset), withScrollingVelocity: Point(velocity))
            .cgPoint
    }

    /// ``targetContentOffset(forProposedContentOffset:)->Point`` for a Core Graphics point.
    ///
    /// - Complexity: O(1).
    @_disfavoredOverload
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        targetContentOffset(forProposedContentOffset: Point(proposedContentOffset)).cgPoint
    }

    /// ``initialLayoutAttributesForAppearingItem(at:)-(FlowIndexPath)`` for a Foundation index path;
    /// `nil` for one that is not two indexes long.
    ///
    /// - Complexity: O(1).
    public func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> TransitionAttributes? {
        FlowIndexPath(itemIndexPath).flatMap { initialLayoutAttributesForAppearingItem(at: $0) }
    }

    /// ``finalLayoutAttributesForDisappearingItem(at:)-(FlowIndexPath)`` for a Foundation index path;
    /// `nil` for one that is not two indexes long.
    ///
    /// - Complexity: O(1).
    public func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> TransitionAttributes? {
        FlowIndexPath(itemIndexPath).flatMap { finalLayoutAttributesForDisappearingItem(at: $0) }
    }

    /// ``initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`` for
    /// UIKit's kind strings and index paths.
    ///
    /// - Complexity: O(1).
    public func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath)
        -> TransitionAttributes?
    {
        guard let kind = Self.kind(elementKind), let indexPath = FlowIndexPath(elementIndexPath) else { return nil }
        return initialLayoutAttributesForAppearingSupplementaryElement(ofKind: kind, at: indexPath)
    }

    /// ``finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`` for
    /// UIKit's kind strings and index paths.
    ///
    /// - Complexity: O(1).
    public func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath)
        -> TransitionAttributes?
    {
        guard let kind = Self.kind(elementKind), let indexPath = FlowIndexPath(elementIndexPath) else { return nil }
        return finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: kind, at: indexPath)
    }

    /// The supplementary kind of one of UIKit's element kind strings.
    static func kind(_ elementKind: String) -> SupplementaryKind? {
        switch elementKind {
        case elementKindSectionHeader: .header
        case elementKindSectionFooter: .footer
        default: nil
        }
    }

    private func preferredAttributes(_ size: CGSize, _ indexPath: IndexPath) throws(FlowLayoutError) -> LayoutAttributes {
        let path = try FlowIndexPath(checking: indexPath, path: "preferredAttributes.indexPath")
        return LayoutAttributes(category: .cell, indexPath: path, frame: Rect(origin: .zero, size: Size(size)))
    }
}

extension UpdateIndexPath {
    /// The update path of a Foundation index path: two indexes name an item;
    /// one index, or an item of `NSNotFound` (UIKit's marker in the update
    /// items of section operations), names a whole section. `nil` otherwise.
    public init?(_ indexPath: IndexPath) {
        switch indexPath.count {
        case 1: self = .section(indexPath[0])
        case 2:
            self =
                indexPath[1] == NSNotFound
                ? .section(indexPath[0]) : UpdateIndexPath(FlowIndexPath(item: indexPath[1], section: indexPath[0]))
        default: return nil
        }
    }
}

extension UpdateItem {
    /// An update item from the values of a `UICollectionViewUpdateItem`, or
    /// `nil` for a shape UIKit does not produce or an index path that is not
    /// one or two indexes long.
    public init?(updateAction: Action, indexPathBeforeUpdate: IndexPath?, indexPathAfterUpdate: IndexPath?) {
        var before: UpdateIndexPath?
        var after: UpdateIndexPath?
        if let indexPathBeforeUpdate {
            guard let path = UpdateIndexPath(indexPathBeforeUpdate) else { return nil }
            before = path
        }
        if let indexPathAfterUpdate {
            guard let path = UpdateIndexPath(indexPathAfterUpdate) else { return nil }
            after = path
        }
        self.init(updateAction: updateAction, indexPathBeforeUpdate: before, indexPathAfterUpdate: after)
    }
}
#endif
