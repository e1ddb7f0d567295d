import Foundation

#if canImport(CoreGraphics)
// Apple's platforms: Core Graphics' types, re-exported as UIKit re-exports them,
// so that a file importing the surface sees what a file importing UIKit sees
// (`CGAffineTransform` is not certain to come with Foundation alone).
@_exported import CoreGraphics
#else
/// Core Graphics' affine transform, which UIKit re-exports and Foundation on
/// Linux lacks: the six coefficients, and the identity.
public struct CGAffineTransform: Equatable, Sendable {
    /// The coefficients of `[a b 0; c d 0; tx ty 1]`.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// A transform of the given coefficients.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity transform.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
#endif

/// UIKit's `UIDynamicItem` (iOS 7), which `UICollectionViewLayoutAttributes`
/// adopts; its two optional members (collision bounds) are left out.
@MainActor public protocol UIDynamicItem: NSObjectProtocol {
    /// The item's centre.
    var center: CGPoint { get set }
    /// The item's bounds.
    var bounds: CGRect { get }
    /// The item's transform.
    var transform: CGAffineTransform { get set }
}

/// UIKit's `UIDataSourceTranslating` (iOS 11), which `UICollectionView`
/// adopts: index translation between the data source and what is presented.
@MainActor public protocol UIDataSourceTranslating: NSObjectProtocol {
    /// The presented section of a data source section.
    func presentationSectionIndex(forDataSourceSectionIndex dataSourceSectionIndex: Int) -> Int
    /// The data source section of a presented section.
    func dataSourceSectionIndex(forPresentationSectionIndex presentationSectionIndex: Int) -> Int
    /// The presented index path of a data source index path.
    func presentationIndexPath(forDataSourceIndexPath dataSourceIndexPath: IndexPath?) -> IndexPath?
    /// The data source index path of a presented index path.
    func dataSourceIndexPath(forPresentationIndexPath presentationIndexPath: IndexPath?) -> IndexPath?
    /// Runs `actionsToTranslate` with presentation values in effect.
    func performUsingPresentationValues(_ actionsToTranslate: () -> Void)
}
