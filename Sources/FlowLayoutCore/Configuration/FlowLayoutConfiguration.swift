/// The layout-wide properties of a flow layout, with `UICollectionViewFlowLayout`'s
/// names and defaults (`flow-layout.md` 1).
///
/// Every section uses these values unless its ``FlowSection`` overrides them, the
/// way a `UICollectionViewDelegateFlowLayout` method overrides the property of the
/// same name. Settings UIKit's flow layout does not have live in
/// ``FlowLayoutOptions``.
public struct FlowLayoutConfiguration: Hashable, Sendable {
    /// The scroll direction. Default: ``ScrollDirection/vertical``.
    public var scrollDirection: ScrollDirection
    /// The size of every item whose section gives no per-item sizes. Default: 50 × 50.
    public var itemSize: Size
    /// The size assumed for a self-sizing item until it reports its real size.
    ///
    /// Zero (the default) turns self-sizing off: items take ``itemSize``. Any other
    /// value makes items without per-item sizes self-sizing, as in UIKit.
    public var estimatedItemSize: Size
    /// The minimum spacing between successive lines of a section. Default: 10.
    public var minimumLineSpacing: Double
    /// The minimum spacing between items of the same line. Default: 10.
    public var minimumInteritemSpacing: Double
    /// The margins around each section's lines. Default: zero on every edge.
    public var sectionInset: EdgeInsets
    /// The size of each section's header; only its extent along the scroll axis is
    /// used, and zero there omits the header. Default: 0 × 0.
    public var headerReferenceSize: Size
    /// The size of each section's footer; only its extent along the scroll axis is
    /// used, and zero there omits the footer. Default: 0 × 0.
    public var footerReferenceSize: Size
    /// Whether each section's header sticks to the leading edge of the visible
    /// rect while its section is on screen, pushed away by the section's end
    /// (`flow-layout.md` 8.1). Default: `false`.
    public var sectionHeadersPinToVisibleBounds: Bool
    /// Whether each section's footer sticks to the trailing edge of the visible
    /// rect while its section is on screen (`flow-layout.md` 8.1). Default: `false`.
    public var sectionFootersPinToVisibleBounds: Bool
    /// The columns of every section that does not say otherwise
    /// (``SectionOverrides/kind``), making it a waterfall section
    /// (`flow-layout.md` 12); `nil`, the default, lays items out in lines.
    /// Beyond UIKit.
    public var waterfall: WaterfallColumns?

    /// Creates a configuration; every parameter defaults to UIKit's value.
    public init(
        scrollDirection: ScrollDirection = .vertical,
        itemSize: Size = Size(width: 50, height: 50),
        estimatedItemSize: Size = .zero,
        minimumLineSpacing: Double = 10,
        minimumInteritemSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero,
        headerReferenceSize: Size = .zero,
        footerReferenceSize: Size = .zero,
        sectionHeadersPinToVisibleBounds: Bool = false,
        sectionFootersPinToVisibleBounds: Bool = false,
        waterfall: WaterfallColumns? = nil
    ) {
        self.scrollDirection = scrollDirection
        self.itemSize = itemSize
        self.estimatedItemSize = estimatedItemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        self.waterfall = waterfall
    }

    /// Whether items without per-item sizes are self-sizing: the estimate is not zero.
    public var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// Whether elements of `category` pin to the visible bounds (`flow-layout.md`
    /// 8.1): headers and footers as their settings say, cells never. A pinned
    /// element follows the visible rect, so it is never an update's anchor.
    @inline(__always)
    package func pins(_ category: ElementCategory) -> Bool {
        switch category {
        case .cell: false
        case .header: sectionHeadersPinToVisibleBounds
        case .footer: sectionFootersPinToVisibleBounds
        }
    }

    /// Whether `other` lays lines out exactly as this configuration does: they
    /// differ at most in what pins (pinning moves frames at query time only).
    func hasSameLines(as other: FlowLayoutConfiguration) -> Bool {
        var unpinned = other
        unpinned.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        unpinned.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        return unpinned == self
    }
}
