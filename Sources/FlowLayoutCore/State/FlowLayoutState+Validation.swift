/// Refusing bad input (`flow-layout.md` 9): every value from outside is checked
/// before anything changes, and a refusal names the value and where it came from.
extension FlowLayoutState {
    /// Throws unless `value` is a length: not negative, not NaN, at most
    /// ``FlowLayoutLimits/maximumLength``.
    @inline(__always)
    static func validate(_ value: Double, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard isLength(value) else {
            throw .invalidValue(path: path(), value: value)
        }
    }

    /// Whether `value` is a length: not negative, not NaN, at most
    /// ``FlowLayoutLimits/maximumLength``.
    @inline(__always)
    static func isLength(_ value: Double) -> Bool { value >= 0 && value <= FlowLayoutLimits.maximumLength }

    /// Whether both components of `size` are lengths.
    @inline(__always)
    static func isLength(_ size: Size) -> Bool { isLength(size.width) && isLength(size.height) }

    /// Throws unless both components of `size` are lengths.
    @inline(__always)
    static func validate(size: Size, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try validate(size.width, path: path().appending("width"))
        try validate(size.height, path: path().appending("height"))
    }

    /// Throws unless every edge of `insets` is a length.
    static func validate(insets: EdgeInsets, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try validate(insets.top, path: path().appending("top"))
        try validate(insets.left, path: path().appending("left"))
        try validate(insets.bottom, path: path().appending("bottom"))
        try validate(insets.right, path: path().appending("right"))
    }

    /// Throws unless the rect is a valid query: any finite origin and any finite
    /// size that is not negative. A far corner past the largest `Double` is fine:
    /// the rect reaches to infinity there and meets what it meets. The host
    /// checks the bounds and sizes UIKit gives it with this rule too.
    package static func validate(rect: Rect, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard rect.origin.x.isFinite else { throw .invalidValue(path: path().appending("x"), value: rect.origin.x) }
        guard rect.origin.y.isFinite else { throw .invalidValue(path: path().appending("y"), value: rect.origin.y) }
        guard rect.size.width >= 0, rect.size.width.isFinite else {
            throw .invalidValue(path: path().appending("width"), value: rect.size.width)
        }
        guard rect.size.height >= 0, rect.size.height.isFinite else {
            throw .invalidValue(path: path().appending("height"), value: rect.size.height)
        }
    }

    /// Throws unless every property of `configuration` is valid.
    static func validate(configuration: FlowLayoutConfiguration, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try validate(size: configuration.itemSize, path: path().appending("itemSize"))
        try validate(size: configuration.estimatedItemSize, path: path().appending("estimatedItemSize"))
        try validate(configuration.minimumLineSpacing, path: path().appending("minimumLineSpacing"))
        try validate(configuration.minimumInteritemSpacing, path: path().appending("minimumInteritemSpacing"))
        try validate(insets: configuration.sectionInset, path: path().appending("sectionInset"))
        try validate(size: configuration.headerReferenceSize, path: path().appending("headerReferenceSize"))
        try validate(size: configuration.footerReferenceSize, path: path().appending("footerReferenceSize"))
    }

    /// Throws unless every option is valid (the display scale is a length).
    static func validate(options: FlowLayoutOptions, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try validate(options.displayScale, path: path().appending("displayScale"))
    }

    /// Throws unless `count` is a count the engine can hold.
    @inline(__always)
    static func validate(count: Int, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard count >= 0, count <= FlowLayoutLimits.maximumCount else {
            throw .invalidCount(path: path(), count: count)
        }
    }

    /// Throws unless `section` is valid; returns the sums of its per-item sizes
    /// (zero without per-item sizes). A size is named by its place in the array
    /// it came in: `itemSizes[17]`, or `itemSizeChunks[2][17]` for sizes given
    /// in chunks.
    ///
    /// - Complexity: O(items with per-item sizes).
    static func validate(section: FlowSection, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) -> SizeSums {
        try validate(count: section.itemCount, path: path().appending("itemCount"))
        var sums = SizeSums.zero
        if let given = section.givenSizeChunks {
            let field = given.isChunked ? "itemSizeChunks" : "itemSizes"
            let count = given.chunks.reduce(0) { $0 + $1.count }
            guard count == section.itemCount else {
                throw .itemSizesCountMismatch(path: path().appending(field), itemCount: section.itemCount, sizeCount: count)
            }
            let limit = FlowLayoutLimits.maximumLength
            for (index, chunk) in given.chunks.enumerated() {
                var valid = true
                chunk.withUnsafeBufferPointer { buffer in
                    for size in buffer {
                        valid = valid && size.width >= 0 && size.width <= limit && size.height >= 0 && size.height <= limit
                    }
                }
                if !valid {
                    let chunkPath = given.isChunked ? path().appending(field).appending(index: index) : path().appending(field)
                    for (item, size) in chunk.enumerated() {
                        try validate(size: size, path: chunkPath.appending(index: item))
                    }
                }
            }
            sums = SizeSums(givenChunks: given.chunks)
        }
        if section.hasMetricOverrides {
            if let inset = section.sectionInset { try validate(insets: inset, path: path().appending("sectionInset")) }
            if let spacing = section.minimumLineSpacing { try validate(spacing, path: path().appending("minimumLineSpacing")) }
            if let spacing = section.minimumInteritemSpacing {
                try validate(spacing, path: path().appending("minimumInteritemSpacing"))
            }
            if let size = section.headerReferenceSize { try validate(size: size, path: path().appending("headerReferenceSize")) }
            if let size = section.footerReferenceSize { try validate(size: size, path: path().appending("footerReferenceSize")) }
        }
        return sums
    }

    /// Throws unless `section` exists.
    func checkSection(_ section: Int, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard section >= 0, section < sections.count else {
            throw .sectionOutOfRange(path: path(), section: section, sectionCount: sections.count)
        }
    }

    /// Throws unless the item at `indexPath` exists.
    func checkItem(_ indexPath: FlowIndexPath, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try checkSection(indexPath.section, path: path())
        let count = sections[indexPath.section].itemCount
        guard indexPath.item >= 0, indexPath.item < count else {
            throw .itemOutOfRange(path: path(), indexPath: indexPath, itemCount: count)
        }
    }
}
