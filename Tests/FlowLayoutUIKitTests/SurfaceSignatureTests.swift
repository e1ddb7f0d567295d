import Foundation
import Testing
import UIKitSurface

/// The surface says what the iOS SDK says (`uikit-surface.md`): each member's
/// name and argument labels (the references below compile only with them),
/// its exact type with optionality and main-actor isolation (the runtime type
/// of an unapplied method reference of a `@MainActor` class is
/// `@Sendable (Self) -> @MainActor @Sendable (Arguments) -> Result`, and is
/// compared exactly: an added or removed `?`, a changed type or a lost
/// `@MainActor` fails), whether a property is settable (its key path's type),
/// that members are `open` (overridden from this module in
/// ``OverridesEverything``), that `init?(coder:)` is `required` (called on a
/// metatype) and the enums' raw types. A change of the surface away from the
/// SDK fails to compile or fails here.
@MainActor
@Suite("The UIKit surface matches the SDK")
struct SurfaceSignatureTests {
    typealias Layout = UICollectionViewLayout
    typealias Attributes = UICollectionViewLayoutAttributes
    typealias Context = UICollectionViewLayoutInvalidationContext

    @Test("UICollectionViewLayout's methods")
    func layoutMethods() {
        #expect(type(of: Layout.invalidateLayout as (Layout) -> () -> Void) == ((Layout) -> () -> Void).self)
        #expect(
            type(of: Layout.invalidateLayout(with:))
                == (@Sendable (Layout) -> @MainActor @Sendable (Context) -> Void).self)
        #expect(type(of: Layout.prepare as (Layout) -> () -> Void) == ((Layout) -> () -> Void).self)
        #expect(
            type(of: Layout.layoutAttributesForElements(in:))
                == (@Sendable (Layout) -> @MainActor @Sendable (CGRect) -> [Attributes]?).self)
        #expect(
            type(of: Layout.layoutAttributesForItem(at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.layoutAttributesForSupplementaryView(ofKind:at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (String, IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.shouldInvalidateLayout(forBoundsChange:))
                == (@Sendable (Layout) -> @MainActor @Sendable (CGRect) -> Bool).self)
        #expect(
            type(of: Layout.invalidationContext(forBoundsChange:))
                == (@Sendable (Layout) -> @MainActor @Sendable (CGRect) -> Context).self)
        #expect(
            type(of: Layout.shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:))
                == (@Sendable (Layout) -> @MainActor @Sendable (Attributes, Attributes) -> Bool).self)
        #expect(
            type(of: Layout.invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:))
                == (@Sendable (Layout) -> @MainActor @Sendable (Attributes, Attributes) -> Context).self)
        #expect(
            type(of: Layout.targetContentOffset(forProposedContentOffset:withScrollingVelocity:))
                == (@Sendable (Layout) -> @MainActor @Sendable (CGPoint, CGPoint) -> CGPoint).self)
        #expect(
            type(of: Layout.targetContentOffset(forProposedContentOffset:))
                == (@Sendable (Layout) -> @MainActor @Sendable (CGPoint) -> CGPoint).self)
        #expect(
            type(of: Layout.prepare(forCollectionViewUpdates:))
                == (@Sendable (Layout) -> @MainActor @Sendable ([UICollectionViewUpdateItem]) -> Void).self)
        #expect(
            type(of: Layout.finalizeCollectionViewUpdates) == (@Sendable (Layout) -> @MainActor @Sendable () -> Void).self)
        #expect(
            type(of: Layout.initialLayoutAttributesForAppearingItem(at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.finalLayoutAttributesForDisappearingItem(at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (String, IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:))
                == (@Sendable (Layout) -> @MainActor @Sendable (String, IndexPath) -> Attributes?).self)
        #expect(
            type(of: Layout.targetIndexPath(forInteractivelyMovingItem:withPosition:))
                == (@Sendable (Layout) -> @MainActor @Sendable (IndexPath, CGPoint) -> IndexPath).self)
        #expect(
            type(of: Layout.layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:))
                == (@Sendable (Layout) -> @MainActor @Sendable (IndexPath, CGPoint) -> Attributes).self)
        #expect(
            type(of: Layout.invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:previousPosition:))
                == (@Sendable (Layout) -> @MainActor @Sendable ([IndexPath], CGPoint, [IndexPath], CGPoint) -> Context).self)
        #expect(
            type(of: Layout.invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths:previousIndexPaths:movementCancelled:))
                == (@Sendable (Layout) -> @MainActor @Sendable ([IndexPath], [IndexPath], Bool) -> Context).self)
    }

    @Test("UICollectionViewLayout's properties and initializers")
    func layoutProperties() {
        #expect(type(of: \Layout.collectionView) == KeyPath<Layout, UICollectionView?>.self)
        #expect(type(of: \Layout.collectionViewContentSize) == KeyPath<Layout, CGSize>.self)
        // `init?(coder:)` is required: callable on any subclass's metatype.
        func decode(_ type: Layout.Type, from coder: NSCoder) -> Layout? { type.init(coder: coder) }
        let plain: () -> Layout = Layout.init
        #expect(plain().collectionView == nil)
        _ = decode
        requireSendable(Layout.self)
        #expect((Layout() as Any) is NSCoding)
    }

    @Test("UICollectionViewLayoutAttributes")
    func attributes() {
        #expect(type(of: \Attributes.frame) == ReferenceWritableKeyPath<Attributes, CGRect>.self)
        #expect(type(of: \Attributes.center) == ReferenceWritableKeyPath<Attributes, CGPoint>.self)
        #expect(type(of: \Attributes.size) == ReferenceWritableKeyPath<Attributes, CGSize>.self)
        #expect(type(of: \Attributes.alpha) == ReferenceWritableKeyPath<Attributes, CGFloat>.self)
        #expect(type(of: \Attributes.zIndex) == ReferenceWritableKeyPath<Attributes, Int>.self)
        #expect(type(of: \Attributes.isHidden) == ReferenceWritableKeyPath<Attributes, Bool>.self)
        #expect(type(of: \Attributes.bounds) == ReferenceWritableKeyPath<Attributes, CGRect>.self)
        #expect(type(of: \Attributes.transform) == ReferenceWritableKeyPath<Attributes, CGAffineTransform>.self)
        let item: any UIDynamicItem = Attributes()
        #expect(item.center == .zero)
        #expect(type(of: \Attributes.indexPath) == ReferenceWritableKeyPath<Attributes, IndexPath>.self)
        #expect(
            type(of: \Attributes.representedElementCategory) == KeyPath<Attributes, UICollectionView.ElementCategory>.self)
        #expect(type(of: \Attributes.representedElementKind) == KeyPath<Attributes, String?>.self)
        let cell: (IndexPath) -> Attributes = Attributes.init(forCellWith:)
        let supplementary: (String, IndexPath) -> Attributes = Attributes.init(forSupplementaryViewOfKind:with:)
        let header = supplementary(UICollectionView.elementKindSectionHeader, IndexPath(indexes: [2, 0]))
        #expect(cell(IndexPath(indexes: [0, 1])).representedElementCategory == .cell)
        #expect(cell(IndexPath(indexes: [0, 1])).representedElementKind == nil)
        #expect(header.representedElementCategory == .supplementaryView)
        #expect(header.representedElementKind == UICollectionView.elementKindSectionHeader)
        requireSendable(Attributes.self)
        #expect((header as Any) is NSCopying)
        #expect((header.copy() as? Attributes)?.representedElementKind == UICollectionView.elementKindSectionHeader)
    }

    @Test("UICollectionViewLayoutInvalidationContext and UICollectionViewUpdateItem")
    func contextAndUpdateItem() {
        #expect(type(of: \Context.invalidateEverything) == KeyPath<Context, Bool>.self)
        #expect(type(of: \Context.invalidateDataSourceCounts) == KeyPath<Context, Bool>.self)
        #expect(type(of: \Context.invalidatedItemIndexPaths) == KeyPath<Context, [IndexPath]?>.self)
        #expect(type(of: \Context.invalidatedSupplementaryIndexPaths) == KeyPath<Context, [String: [IndexPath]]?>.self)
        #expect(type(of: \Context.contentOffsetAdjustment) == ReferenceWritableKeyPath<Context, CGPoint>.self)
        #expect(type(of: \Context.contentSizeAdjustment) == ReferenceWritableKeyPath<Context, CGSize>.self)
        #expect(type(of: \Context.previousIndexPathsForInteractivelyMovingItems) == KeyPath<Context, [IndexPath]?>.self)
        #expect(type(of: \Context.targetIndexPathsForInteractivelyMovingItems) == KeyPath<Context, [IndexPath]?>.self)
        #expect(type(of: \Context.interactiveMovementTarget) == KeyPath<Context, CGPoint>.self)
        #expect(
            type(of: Context.invalidateItems(at:)) == (@Sendable (Context) -> @MainActor @Sendable ([IndexPath]) -> Void).self)
        #expect(
            type(of: Context.invalidateSupplementaryElements(ofKind:at:))
                == (@Sendable (Context) -> @MainActor @Sendable (String, [IndexPath]) -> Void).self)
        requireSendable(Context.self)

        typealias Item = UICollectionViewUpdateItem
        #expect(type(of: \Item.indexPathBeforeUpdate) == KeyPath<Item, IndexPath?>.self)
        #expect(type(of: \Item.indexPathAfterUpdate) == KeyPath<Item, IndexPath?>.self)
        #expect(type(of: \Item.updateAction) == KeyPath<Item, Item.Action>.self)
        requireSendable(Item.self)
    }

    @Test("UICollectionView, UIScrollView, UIView")
    func views() {
        #expect(type(of: \UICollectionView.numberOfSections) == KeyPath<UICollectionView, Int>.self)
        #expect(
            type(of: UICollectionView.numberOfItems(inSection:))
                == (@Sendable (UICollectionView) -> @MainActor @Sendable (Int) -> Int).self)
        #expect(
            type(of: \UICollectionView.collectionViewLayout)
                == ReferenceWritableKeyPath<UICollectionView, UICollectionViewLayout>.self)
        #expect(
            type(of: \UICollectionView.delegate)
                == ReferenceWritableKeyPath<UICollectionView, (any UICollectionViewDelegate)?>.self)
        let make: (CGRect, UICollectionViewLayout) -> UICollectionView = UICollectionView.init(frame:collectionViewLayout:)
        let layout = UICollectionViewLayout()
        let view = make(CGRect(x: 0, y: 0, width: 10, height: 10), layout)
        #expect(layout.collectionView === view)
        #expect(type(of: \UIView.bounds) == ReferenceWritableKeyPath<UIView, CGRect>.self)
        #expect(type(of: \UIView.safeAreaInsets) == KeyPath<UIView, UIEdgeInsets>.self)
        #expect(type(of: \UIView.layoutMargins) == ReferenceWritableKeyPath<UIView, UIEdgeInsets>.self)
        #expect(type(of: \UIView.traitCollection) == KeyPath<UIView, UITraitCollection>.self)
        #expect(type(of: \UITraitCollection.displayScale) == KeyPath<UITraitCollection, CGFloat>.self)
        #expect(type(of: \UIScrollView.contentOffset) == ReferenceWritableKeyPath<UIScrollView, CGPoint>.self)
        #expect(type(of: \UIScrollView.contentInset) == ReferenceWritableKeyPath<UIScrollView, UIEdgeInsets>.self)
        #expect(type(of: \UIScrollView.adjustedContentInset) == KeyPath<UIScrollView, UIEdgeInsets>.self)
        #expect(UICollectionView.elementKindSectionHeader == "UICollectionElementKindSectionHeader")
        #expect(UICollectionView.elementKindSectionFooter == "UICollectionElementKindSectionFooter")
        // Superclasses.
        let scrollView: UIScrollView = view
        let plainView: UIView = scrollView
        let responder: UIResponder = plainView
        #expect((responder as NSObject) === view)
        let flow: UICollectionViewLayout = UICollectionViewFlowLayout()
        #expect(flow is UICollectionViewFlowLayout)
        requireSendable(UICollectionView.self)
        let translating: any UIDataSourceTranslating = view
        #expect(translating.presentationSectionIndex(forDataSourceSectionIndex: 3) == 3)
        #expect(
            type(of: UICollectionView.presentationIndexPath(forDataSourceIndexPath:))
                == (@Sendable (UICollectionView) -> @MainActor @Sendable (IndexPath?) -> IndexPath?).self)
        func decode(_ type: UICollectionView.Type, from coder: NSCoder) -> UICollectionView? { type.init(coder: coder) }
        _ = decode
    }

    @Test("the enums' raw types and values")
    func enums() {
        #expect(UICollectionView.ElementCategory.RawValue.self == UInt.self)
        #expect(
            [UICollectionView.ElementCategory.cell, .supplementaryView, .decorationView].map(\.rawValue) == [0, 1, 2])
        #expect(UICollectionViewUpdateItem.Action.RawValue.self == Int.self)
        #expect([UICollectionViewUpdateItem.Action.insert, .delete, .reload, .move, .none].map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(UICollectionView.ScrollDirection.RawValue.self == Int.self)
        #expect([UICollectionView.ScrollDirection.vertical, .horizontal].map(\.rawValue) == [0, 1])
        #expect(UICollectionViewFlowLayout.SectionInsetReference.RawValue.self == Int.self)
        #expect(
            [UICollectionViewFlowLayout.SectionInsetReference.fromContentInset, .fromSafeArea, .fromLayoutMargins]
                .map(\.rawValue) == [0, 1, 2])
    }

    @Test("UICollectionViewDelegateFlowLayout and UIEdgeInsets")
    func delegateAndInsets() {
        typealias Delegate = any UICollectionViewDelegateFlowLayout
        let delegate: Delegate = EmptyDelegate()
        let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewLayout())
        let size: (UICollectionView, UICollectionViewLayout, IndexPath) -> CGSize = delegate.collectionView(_:layout:sizeForItemAt:)
        let inset: (UICollectionView, UICollectionViewLayout, Int) -> UIEdgeInsets = delegate.collectionView(_:layout:insetForSectionAt:)
        let line: (UICollectionView, UICollectionViewLayout, Int) -> CGFloat = delegate.collectionView(
            _:layout:minimumLineSpacingForSectionAt:)
        let interitem: (UICollectionView, UICollectionViewLayout, Int) -> CGFloat = delegate.collectionView(
            _:layout:minimumInteritemSpacingForSectionAt:)
        let header: (UICollectionView, UICollectionViewLayout, Int) -> CGSize = delegate.collectionView(
            _:layout:referenceSizeForHeaderInSection:)
        let footer: (UICollectionView, UICollectionViewLayout, Int) -> CGSize = delegate.collectionView(
            _:layout:referenceSizeForFooterInSection:)
        // Not implemented: the surface's stand-in for an absent `@objc optional` method.
        #expect(size(view, view.collectionViewLayout, IndexPath(indexes: [0, 0])).width.isNaN)
        #expect(inset(view, view.collectionViewLayout, 0).top.isNaN)
        #expect(line(view, view.collectionViewLayout, 0).isNaN)
        #expect(interitem(view, view.collectionViewLayout, 0).isNaN)
        #expect(header(view, view.collectionViewLayout, 0).height.isNaN)
        #expect(footer(view, view.collectionViewLayout, 0).height.isNaN)

        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect([insets.top, insets.left, insets.bottom, insets.right] == [1, 2, 3, 4])
        #expect(UIEdgeInsets.zero == UIEdgeInsets())
        #expect(type(of: \UIEdgeInsets.top) == WritableKeyPath<UIEdgeInsets, CGFloat>.self)
        #expect(UICollectionViewFlowLayout.automaticSize.width > 1e300)
    }
}

/// Compiles only for a `Sendable` type: an `open` class derived from
/// `NSObject` is `Sendable` only when it is isolated to a global actor, so
/// each UIKit class passed here is `@MainActor`.
func requireSendable<T: Sendable>(_: T.Type) {}

/// A delegate that implements none of the optional methods.
final class EmptyDelegate: NSObject, UICollectionViewDelegateFlowLayout {}

/// Overrides, from outside the surface module, every member a drop-in layout
/// overrides: each compiles only if the surface declares it `open`, with the
/// SDK's labels and types.
final class OverridesEverything: UICollectionViewLayout {
    override var collectionView: UICollectionView? { super.collectionView }
    override var collectionViewContentSize: CGSize { super.collectionViewContentSize }
    override func prepare() { super.prepare() }
    override func invalidateLayout() { super.invalidateLayout() }
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
    }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        super.layoutAttributesForItem(at: indexPath)
    }
    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath) }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        super.shouldInvalidateLayout(forBoundsChange: newBounds)
    }
    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        super.invalidationContext(forBoundsChange: newBounds)
    }
    override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        super.shouldInvalidateLayout(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    }
    override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        super.invalidationContext(forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    }
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint)
        -> CGPoint
    { super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity) }
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        super.targetContentOffset(forProposedContentOffset: proposedContentOffset)
    }
    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
    }
    override func finalizeCollectionViewUpdates() { super.finalizeCollectionViewUpdates() }
    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    }
    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    }
    override func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { super.initialLayoutAttributesForAppearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath) }
    override func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    { super.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: elementKind, at: elementIndexPath) }
    override func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    { super.targetIndexPath(forInteractivelyMovingItem: previousIndexPath, withPosition: position) }
    override func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> UICollectionViewLayoutAttributes
    { super.layoutAttributesForInteractivelyMovingItem(at: indexPath, withTargetPosition: position) }
    override func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> UICollectionViewLayoutInvalidationContext {
        super.invalidationContext(
            forInteractivelyMovingItems: targetIndexPaths, withTargetPosition: targetPosition,
            previousIndexPaths: previousIndexPaths, previousPosition: previousPosition)
    }
    override func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> UICollectionViewLayoutInvalidationContext {
        super.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: indexPaths, previousIndexPaths: previousIndexPaths, movementCancelled: movementCancelled)
    }
    override class var invalidationContextClass: AnyClass { super.invalidationContextClass }
}
