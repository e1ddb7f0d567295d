import Foundation

/// UIKit's `UICollectionView`, with what its layout reads: counts, the
/// delegate, the bounds and insets. A simulation subclasses it (every member is
/// `open`, as in UIKit) to answer counts and to drive the layout.
@MainActor open class UICollectionView: UIScrollView, UIDataSourceTranslating {
    /// The category of an element a layout places.
    public enum ElementCategory: UInt, @unchecked Sendable {
        /// A cell.
        case cell = 0
        /// A supplementary view (header, footer).
        case supplementaryView = 1
        /// A decoration view.
        case decorationView = 2
    }

    /// The direction a flow layout scrolls in.
    public enum ScrollDirection: Int, @unchecked Sendable {
        /// Vertical scrolling.
        case vertical = 0
        /// Horizontal scrolling.
        case horizontal = 1
    }

    /// The element kind of a flow layout's section headers.
    public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
    /// The element kind of a flow layout's section footers.
    public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"

    private var storedLayout: UICollectionViewLayout
    /// Whether the layout was invalidated since the view last laid out: the
    /// next layout pass calls `prepare()` (UIKit's `setNeedsLayout`).
    package var layoutIsInvalid = true

    /// A collection view of `frame` with `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        storedLayout = layout
        super.init(frame: frame)
        layout.attachedCollectionView = self
    }

    /// A collection view decoded from an archive: the surface decodes nothing.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The layout; setting it attaches the new one to this view.
    open var collectionViewLayout: UICollectionViewLayout {
        get { storedLayout }
        set {
            storedLayout.attachedCollectionView = nil
            storedLayout = newValue
            newValue.attachedCollectionView = self
        }
    }

    /// The delegate, which a flow layout asks for sizes when it adopts
    /// `UICollectionViewDelegateFlowLayout`.
    weak open var delegate: (any UICollectionViewDelegate)?

    /// The number of sections: 0 here; a simulation overrides it.
    open var numberOfSections: Int { 0 }

    /// The number of items in `section`: 0 here; a simulation overrides it.
    open func numberOfItems(inSection section: Int) -> Int { 0 }

    /// The presented section of a data source section: the same, with no
    /// update in flight (as here).
    open func presentationSectionIndex(forDataSourceSectionIndex dataSourceSectionIndex: Int) -> Int {
        dataSourceSectionIndex
    }

    /// The data source section of a presented section: the same here.
    open func dataSourceSectionIndex(forPresentationSectionIndex presentationSectionIndex: Int) -> Int {
        presentationSectionIndex
    }

    /// The presented index path of a data source index path: the same here.
    open func presentationIndexPath(forDataSourceIndexPath dataSourceIndexPath: IndexPath?) -> IndexPath? {
        dataSourceIndexPath
    }

    /// The data source index path of a presented index path: the same here.
    open func dataSourceIndexPath(forPresentationIndexPath presentationIndexPath: IndexPath?) -> IndexPath? {
        presentationIndexPath
    }

    /// Runs `actionsToTranslate`.
    open func performUsingPresentationValues(_ actionsToTranslate: () -> Void) {
        actionsToTranslate()
    }
}
