/// One section of a flow layout: its item count, optionally the size of each item,
/// and optional overrides of the layout-wide properties.
///
/// The optional members play the roles of `UICollectionViewDelegateFlowLayout`'s
/// methods: `itemSizes` is `sizeForItemAt`, `sectionInset` is `insetForSectionAt`,
/// and so on. `nil` means "use the layout's property" (in a
/// ``FlowSnapshot/Section``, whose overrides have the same names, `nil` keeps
/// the section's own instead: see there why the two stay separate types).
///
/// Per-item sizes come in one array (``init(itemSizes:sectionInset:minimumLineSpacing:minimumInteritemSpacing:headerReferenceSize:footerReferenceSize:)``)
/// or in chunks (``init(itemSizeChunks:sectionInset:minimumLineSpacing:minimumInteritemSpacing:headerReferenceSize:footerReferenceSize:)``),
/// as a reader that streams them from a file or the network collects them.
/// Both describe the same section; chunks let a layout of millions of sizes
/// never hold them twice: a ``FlowLayoutState`` keeps the chunks it was given
/// until the section is first laid out, and frees each one as soon as the
/// engine's own storage holds its sizes, provided nothing else still holds the
/// chunk (drop the section, or the description it came in, once the state
/// exists).
public struct FlowSection: Hashable, Sendable, SectionOverriding {
    /// The number of items. Equal to the number of sizes when per-item sizes are given.
    public var itemCount: Int
    /// The per-item sizes, as given: one chunk for sizes given in one array.
    private var sizeChunks: [[Size]]?
    /// Whether the sizes were given in chunks, which refusals name
    /// (`itemSizeChunks[2][17]`) instead of one array (`itemSizes[17]`).
    private var isChunked = false
    /// This section's own values of the layout's properties; each `nil` one
    /// is the layout's (`sectionInset` `nil` uses the layout's `sectionInset`,
    /// and so on). Read and written one by one through the properties of the
    /// same names (``SectionOverriding``).
    public var overrides: SectionOverrides
    /// In a waterfall section, each item's column (`flow-layout.md` 12.3 d):
    /// used instead of assigning them when the section is created, as a
    /// layout that restores what it showed gives them back. `nil`, the
    /// default, assigns them (12.3 b). One per item, each from 0 to the
    /// section's column count less 1; refused in a flow section.
    public var itemColumns: [Int]?

    /// Creates a section of `itemCount` items that take their size from the layout.
    public init(
        itemCount: Int,
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil
    ) {
        self.init(
            itemCount: itemCount,
            overrides: SectionOverrides(
                sectionInset: sectionInset, minimumLineSpacing: minimumLineSpacing,
                minimumInteritemSpacing: minimumInteritemSpacing, headerReferenceSize: headerReferenceSize,
                footerReferenceSize: footerReferenceSize))
    }

    /// Creates a section of `itemCount` items that take their size from the
    /// layout, with `overrides`.
    public init(itemCount: Int, overrides: SectionOverrides) {
        self.itemCount = itemCount
        self.sizeChunks = nil
        self.overrides = overrides
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
        self.sizeChunks = [itemSizes]
    }

    /// Creates a section whose items have the sizes of `itemSizeChunks`, chunk
    /// after chunk, in order: the same section as one array of all of them
    /// joined. Chunks may have any length, empty ones included.
    ///
    /// A state created from the section keeps the chunks, shared, until the
    /// section is first laid out, then builds its runs chunk by chunk and lets
    /// go of each chunk as it does: when nothing else holds them, the sizes are
    /// never in memory twice.
    ///
    /// - Complexity: O(number of chunks) (the sizes are not copied).
    public init(
        itemSizeChunks: [[Size]],
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil
    ) {
        self.init(
            itemCount: itemSizeChunks.reduce(0) { $0 + $1.count },
            sectionInset: sectionInset,
            minimumLineSpacing: minimumLineSpacing,
            minimumInteritemSpacing: minimumInteritemSpacing,
            headerReferenceSize: headerReferenceSize,
            footerReferenceSize: footerReferenceSize
        )
        self.sizeChunks = itemSizeChunks
        self.isChunked = true
    }

    /// The size of every item, in order, or `nil` to use the layout's `itemSize`
    /// (or `estimatedItemSize` for self-sizing items).
    ///
    /// Setting it gives the sizes in one array. For sizes given in chunks,
    /// reading it joins them into one new array: read ``itemSizeChunks``
    /// to see them without a copy.
    ///
    /// - Complexity: O(1) for sizes given in one array; O(n) to read sizes
    ///   given in more than one chunk.
    public var itemSizes: [Size]? {
        get {
            guard let sizeChunks else { return nil }
            if sizeChunks.count == 1 { return sizeChunks[0] }
            let count = sizeChunks.reduce(0) { $0 + $1.count }
            return [Size](unsafeUninitializedCapacity: count) { buffer, initialized in
                for chunk in sizeChunks {
                    for size in chunk {
                        buffer[initialized] = size
                        initialized += 1
                    }
                }
            }
        }
        set {
            sizeChunks = newValue.map { [$0] }
            isChunked = false
        }
    }

    /// The per-item sizes in the chunks they were given in, or `nil` to use the
    /// layout's `itemSize` (or `estimatedItemSize` for self-sizing items). Sizes
    /// given in one array are one chunk.
    ///
    /// Setting it gives the sizes in chunks, as
    /// ``init(itemSizeChunks:sectionInset:minimumLineSpacing:minimumInteritemSpacing:headerReferenceSize:footerReferenceSize:)``
    /// does (it leaves ``itemCount`` as it is).
    ///
    /// - Complexity: O(1).
    public var itemSizeChunks: [[Size]]? {
        get { sizeChunks }
        set {
            sizeChunks = newValue
            isChunked = newValue != nil
        }
    }

    /// The per-item sizes as given, and whether in chunks: what the engine
    /// validates and keeps.
    var givenSizeChunks: (chunks: [[Size]], isChunked: Bool)? {
        sizeChunks.map { ($0, isChunked) }
    }

    /// Whether the two sections are the same: the same count, the same sizes in
    /// the same order however they are chunked, the same overrides and columns.
    ///
    /// - Complexity: O(n) when both give per-item sizes.
    public static func == (lhs: FlowSection, rhs: FlowSection) -> Bool {
        guard lhs.itemCount == rhs.itemCount, lhs.overrides == rhs.overrides, lhs.itemColumns == rhs.itemColumns else {
            return false
        }
        switch (lhs.sizeChunks, rhs.sizeChunks) {
        case (nil, nil): return true
        case (let left?, let right?):
            if left.count == 1 && right.count == 1 { return left[0] == right[0] }
            return left.joined().elementsEqual(right.joined())
        default: return false
        }
    }

    /// Hashes what ``==(_:_:)`` compares: the sizes, whatever their chunks.
    ///
    /// - Complexity: O(n) with per-item sizes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(itemCount)
        hasher.combine(overrides)
        hasher.combine(itemColumns)
        if let sizeChunks {
            hasher.combine(sizeChunks.reduce(0) { $0 + $1.count })
            for chunk in sizeChunks {
                for size in chunk { hasher.combine(size) }
            }
        } else {
            hasher.combine(-1)
        }
    }
}
