/// Transposition: the same layout scrolling the other way (`flow-layout.md` 5).
///
/// A horizontal flow layout is its vertical counterpart with x and y swapped:
/// sizes, insets (top with left, bottom with right) and frames. These let a
/// host, a test or a tool write one layout and check or show it in both
/// directions.
extension Size {
    /// Width and height swapped.
    public var transposed: Size { Size(width: height, height: width) }
}

extension Point {
    /// x and y swapped.
    public var transposed: Point { Point(x: y, y: x) }
}

extension Rect {
    /// The rect reflected in the diagonal: origin and size transposed.
    public var transposed: Rect { Rect(origin: origin.transposed, size: size.transposed) }
}

extension EdgeInsets {
    /// Top swapped with left, bottom with right.
    public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension ScrollDirection {
    /// The other direction.
    public var transposed: ScrollDirection { self == .vertical ? .horizontal : .vertical }
}

extension FlowLayoutConfiguration {
    /// The configuration scrolling the other way, every size and inset transposed:
    /// its layout is this one's with every frame transposed.
    public var transposed: FlowLayoutConfiguration {
        var copy = self
        copy.scrollDirection = scrollDirection.transposed
        copy.itemSize = itemSize.transposed
        copy.estimatedItemSize = estimatedItemSize.transposed
        copy.sectionInset = sectionInset.transposed
        copy.headerReferenceSize = headerReferenceSize.transposed
        copy.footerReferenceSize = footerReferenceSize.transposed
        return copy
    }
}

extension FlowSection {
    /// The section with every size and inset transposed.
    public var transposed: FlowSection {
        var copy = self
        if let given = givenSizeChunks {
            let chunks = given.chunks.map { $0.map(\.transposed) }
            if given.isChunked { copy.itemSizeChunks = chunks } else { copy.itemSizes = chunks[0] }
        }
        copy.overrides = overrides.transposed
        return copy
    }
}

extension LayoutAttributes {
    /// The attributes with the frame transposed.
    public var transposed: LayoutAttributes {
        var copy = self
        copy.frame = frame.transposed
        return copy
    }
}
