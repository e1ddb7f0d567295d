/// One section of a flow layout: its item count, optionally the size of each item,
/// and optional overrides of the layout-wide properties.
///
/// The optional members play the roles of `UICollectionViewDelegateFlowLayout`'s
/// methods: `itemSizes` is `sizeForItemAt`, `sectionInset` is `insetForSectionAt`,
/// and so on. `nil` means "use the layout's property".
public struct FlowSection: Hashable, Sendable {
    /// The number of items. Equal to `itemSizes.count` when `itemSizes` is given.
    public var itemCount: Int
    /// The size of every item, in order, or `nil` to use the layout's `itemSize`
    /// (or `estimatedItemSize` for self-sizing items).
    public var itemSizes: [Size]?
    /// This section's margins, or `nil` for the layout's `sectionInset`.
    public var sectionInset: EdgeInsets?
    /// This section's line spacing, or `nil` for the layout's `minimumLineSpacing`.
    public var minimumLineSpacing: Double?
    /// This section's item spacing, or `nil` for the layout's `minimumInteritemSpacing`.
    public var minimumInteritemSpacing: Double?
    /// This section's header size, or `nil` for the layout's `headerReferenceSize`.
    public var headerReferenceSize: Size?
    /// This section's footer size, or `nil` for the layout's `footerReferenceSize`.
    public var footerReferenceSize: Size?

    /// Creates a section of `itemCount` items that take their size from the layout.
    public init(
        itemCount: Int,
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil
    ) {
        self.itemCount = itemCount
        self.itemSizes = nil
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }

    /// Creates a section whose items have the given sizes, in order.
    public init(
        itemSizes: [Size],
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil
    ) {
        self.init(
            itemCount: itemSizes.count,
            sectionInset: sectionInset,
            minimumLineSpacing: minimumLineSpacing,
            minimumInteritemSpacing: minimumInteritemSpacing,
            headerReferenceSize: headerReferenceSize,
            footerReferenceSize: footerReferenceSize
        )
        self.itemSizes = itemSizes
    }

    /// Whether the section overrides any layout-wide property other than item sizes.
    var hasMetricOverrides: Bool {
        sectionInset != nil || minimumLineSpacing != nil || minimumInteritemSpacing != nil
            || headerReferenceSize != nil || footerReferenceSize != nil
    }
}
