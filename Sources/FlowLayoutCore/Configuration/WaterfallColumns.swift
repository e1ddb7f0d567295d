/// How a waterfall section chooses its columns (`flow-layout.md` 12.1): a
/// fixed count, or as many columns of at least a width as fit.
///
/// A waterfall section lays its items out in columns of one width, each item
/// under the column whose bottom is highest when it is assigned, like
/// `CHTCollectionViewWaterfallLayout`'s `columnCount` and a web "masonry"
/// layout; unlike them, an item keeps its column while the user scrolls,
/// while items measure themselves and while items elsewhere come and go
/// (12.3).
public enum WaterfallColumns: Hashable, Sendable {
    /// `columnCount`: exactly this many columns, an integer from 1 to 64.
    case count(Int)
    /// `minimumColumnWidth`: as many columns at least this wide (finite,
    /// above 0) as fit across the section, from 1 to 64.
    case minimumWidth(Double)

    /// The most columns a section may have.
    public static let maximumCount = 64
}

/// What arranges a section's items (`flow-layout.md` 2, 12): lines, as
/// `UICollectionViewFlowLayout` does, or waterfall columns.
public enum SectionKind: Hashable, Sendable {
    /// Items packed into lines (`flow-layout.md` 2, 3): the flow layout's own.
    case flow
    /// Items in columns, each under the shortest column when assigned
    /// (`flow-layout.md` 12).
    case waterfall(WaterfallColumns)
}
