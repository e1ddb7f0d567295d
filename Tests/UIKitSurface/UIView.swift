import Foundation

/// UIKit's `UIResponder`: here only the superclass of `UIView`.
@MainActor open class UIResponder: NSObject {}

/// UIKit's `UITraitCollection`: the display scale the layout rounds to.
open class UITraitCollection: NSObject, @unchecked Sendable {
    private let scale: CGFloat

    /// A trait collection with no trait specified (display scale 0).
    public override init() {
        scale = 0
        super.init()
    }

    /// A trait collection that specifies only the display scale.
    public init(displayScale scale: CGFloat) {
        self.scale = scale
        super.init()
    }

    /// Pixels per point; 0 when unspecified.
    open var displayScale: CGFloat { scale }
}

/// UIKit's `UIView`, with the members a collection view layout reads.
@MainActor open class UIView: UIResponder, @preconcurrency NSCoding {
    private var storedBounds: CGRect
    private var storedLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// A view with `frame` (its bounds at the origin, of the frame's size).
    public init(frame: CGRect) {
        storedBounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }

    /// A view decoded from an archive: the surface decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Encodes nothing.
    open func encode(with coder: NSCoder) {}

    /// The bounds: the content offset (for a scroll view) and the size.
    open var bounds: CGRect {
        get { storedBounds }
        set { storedBounds = newValue }
    }

    /// The insets of the area not covered by bars (iOS 11).
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// The default spacing around the view's content.
    open var layoutMargins: UIEdgeInsets {
        get { storedLayoutMargins }
        set { storedLayoutMargins = newValue }
    }

    /// The traits of the view's environment.
    open var traitCollection: UITraitCollection { UITraitCollection() }
}

/// UIKit's `UIScrollView`: the content offset is the bounds' origin.
@MainActor open class UIScrollView: UIView {
    private var storedContentSize = CGSize.zero
    private var storedContentInset = UIEdgeInsets.zero

    /// Where the content's origin sits: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    /// The size of the content.
    open var contentSize: CGSize {
        get { storedContentSize }
        set { storedContentSize = newValue }
    }

    /// Insets the app adds around the content.
    open var contentInset: UIEdgeInsets {
        get { storedContentInset }
        set { storedContentInset = newValue }
    }

    /// The content inset with the system's additions (iOS 11); here the content
    /// inset plus the safe area's top and bottom (UIKit's `automatic`
    /// adjustment of a vertically scrolling view, which leaves the left and
    /// right to `sectionInsetReference`).
    open var adjustedContentInset: UIEdgeInsets {
        let inset = contentInset
        let safe = safeAreaInsets
        return UIEdgeInsets(top: inset.top + safe.top, left: inset.left, bottom: inset.bottom + safe.bottom, right: inset.right)
    }
}

/// UIKit's `UIScrollViewDelegate`, empty here.
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

/// UIKit's `UICollectionViewDelegate`, empty here.
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}
