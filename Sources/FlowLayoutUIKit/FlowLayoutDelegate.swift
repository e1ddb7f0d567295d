#if FLOWLAYOUT_UIKIT_SURFACE
// In tests only (FlowLayoutUIKitOnSurface compiles this file again, through a
// symlink, as it does FlowCollectionViewLayout.swift): the SDK's declarations.
import UIKitSurface
#elseif canImport(UIKit) && !os(watchOS)
import UIKit
#endif

#if FLOWLAYOUT_UIKIT_SURFACE || (canImport(UIKit) && !os(watchOS))
import Foundation

// What FlowCollectionViewLayout asks the collection view's delegate: UIKit's
// flow layout delegate, and the waterfall's column count.

/// The collection view's `UICollectionViewDelegateFlowLayout`, each method
/// answering `nil` where the delegate does not implement it. Made for one ask
/// (a section's content, a batch's items) and dropped after it.
@MainActor struct FlowDelegate {
    let delegate: any UICollectionViewDelegateFlowLayout
    let view: UICollectionView
    let layout: UICollectionViewLayout

    /// The delegate of `view`, when it adopts the protocol.
    init?(view: UICollectionView, layout: UICollectionViewLayout) {
        guard let delegate = view.delegate as? any UICollectionViewDelegateFlowLayout else { return nil }
        self.delegate = delegate
        self.view = view
        self.layout = layout
    }

    #if !FLOWLAYOUT_UIKIT_SURFACE
    // The SDK's methods are `@objc optional`: an optional call is `nil` where
    // the delegate does not implement the method.
    func sizeForItem(at indexPath: IndexPath) -> CGSize? {
        delegate.collectionView?(view, layout: layout, sizeForItemAt: indexPath)
    }
    func inset(forSection section: Int) -> UIEdgeInsets? {
        delegate.collectionView?(view, layout: layout, insetForSectionAt: section)
    }
    func lineSpacing(forSection section: Int) -> CGFloat? {
        delegate.collectionView?(view, layout: layout, minimumLineSpacingForSectionAt: section)
    }
    func interitemSpacing(forSection section: Int) -> CGFloat? {
        delegate.collectionView?(view, layout: layout, minimumInteritemSpacingForSectionAt: section)
    }
    func headerSize(forSection section: Int) -> CGSize? {
        delegate.collectionView?(view, layout: layout, referenceSizeForHeaderInSection: section)
    }
    func footerSize(forSection section: Int) -> CGSize? {
        delegate.collectionView?(view, layout: layout, referenceSizeForFooterInSection: section)
    }
    func columnCount(forSection section: Int) -> Int? {
        (delegate as? any FlowCollectionViewLayoutDelegate)?.collectionView?(view, layout: layout, columnCountForSectionAt: section)
    }
    #else
    // The surface, which Linux compiles (it has no Objective-C runtime), declares
    // the methods as requirements whose default implementations answer NaN for
    // "not implemented".
    func sizeForItem(at indexPath: IndexPath) -> CGSize? {
        implemented(delegate.collectionView(view, layout: layout, sizeForItemAt: indexPath))
    }
    func inset(forSection section: Int) -> UIEdgeInsets? {
        let inset = delegate.collectionView(view, layout: layout, insetForSectionAt: section)
        return inset.top.isNaN ? nil : inset
    }
    func lineSpacing(forSection section: Int) -> CGFloat? {
        let spacing = delegate.collectionView(view, layout: layout, minimumLineSpacingForSectionAt: section)
        return spacing.isNaN ? nil : spacing
    }
    func interitemSpacing(forSection section: Int) -> CGFloat? {
        let spacing = delegate.collectionView(view, layout: layout, minimumInteritemSpacingForSectionAt: section)
        return spacing.isNaN ? nil : spacing
    }
    func headerSize(forSection section: Int) -> CGSize? {
        implemented(delegate.collectionView(view, layout: layout, referenceSizeForHeaderInSection: section))
    }
    func footerSize(forSection section: Int) -> CGSize? {
        implemented(delegate.collectionView(view, layout: layout, referenceSizeForFooterInSection: section))
    }
    private func implemented(_ size: CGSize) -> CGSize? { size.width.isNaN ? nil : size }
    func columnCount(forSection section: Int) -> Int? {
        guard let delegate = delegate as? any FlowCollectionViewLayoutDelegate else { return nil }
        let count = delegate.collectionView(view, layout: layout, columnCountForSectionAt: section)
        return count == Int.min ? nil : count
    }
    #endif
}

#if !FLOWLAYOUT_UIKIT_SURFACE
/// A collection view delegate that gives a section of a
/// ``FlowCollectionViewLayout`` columns of its own: a waterfall section
/// (`flow-layout.md` 12), as `CHTCollectionViewWaterfallLayout`'s delegate's
/// `columnCountForSection` does. Everything else is
/// `UICollectionViewDelegateFlowLayout`'s.
@MainActor @objc public protocol FlowCollectionViewLayoutDelegate: UICollectionViewDelegateFlowLayout {
    /// The number of columns of `section`, 1 to 64; 0 keeps its items in
    /// lines (when the layout's ``FlowCollectionViewLayout/waterfall`` gives
    /// every section columns). Not implemented: the layout's.
    @objc optional func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, columnCountForSectionAt section: Int
    ) -> Int
}
#else
/// A collection view delegate that gives a section of a
/// ``FlowCollectionViewLayout`` columns of its own (`flow-layout.md` 12). On
/// the test surface, which has no Objective-C runtime, the method is a
/// requirement whose default answers `columnCountNotImplemented`.
@MainActor public protocol FlowCollectionViewLayoutDelegate: UICollectionViewDelegateFlowLayout {
    /// The number of columns of `section`, 1 to 64; 0 keeps its items in lines.
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, columnCountForSectionAt section: Int
    ) -> Int
}

extension FlowCollectionViewLayoutDelegate {
    /// What the surface's default answers: not implemented.
    public static var columnCountNotImplemented: Int { Int.min }

    /// Not implemented: the layout's columns.
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, columnCountForSectionAt section: Int
    ) -> Int {
        Self.columnCountNotImplemented
    }
}
#endif
#endif
