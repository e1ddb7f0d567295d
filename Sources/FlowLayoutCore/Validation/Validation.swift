/// Refusing bad input (`flow-layout.md` 9): every value from outside is checked
/// before anything changes, and a refusal names the value and where it came from.
///
/// The rules of values alone (a length, a size, insets, a rect, a count, a
/// configuration, a section as given); whether an index path names an item of
/// the layout is ``SectionList``'s (``SectionList/checkItem(_:path:)``).
package enum Validation {
    /// Throws unless `value` is a length: not negative, not NaN, at most
    /// ``FlowLayoutLimits/maximumLength``.
    @inline(__always)
    static func check(_ value: Double, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
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
    static func check(size: Size, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try check(size.width, path: path().appending("width"))
        try check(size.height, path: path().appending("height"))
    }

    /// Throws unless every edge of `insets` is a length.
    static func check(insets: EdgeInsets, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try check(insets.top, path: path().appending("top"))
        try check(insets.left, path: path().appending("left"))
        try check(insets.bottom, path: path().appending("bottom"))
        try check(insets.right, path: path().appending("right"))
    }

    /// Throws unless the rect is a valid query: any finite origin and any finite
    /// size that is not negative. A far corner past the largest `Double` is fine:
    /// the rect reaches to infinity there and meets what it meets. The host
    /// checks the bounds and sizes UIKit gives it with this rule too.
    package static func check(rect: Rect, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
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
    static func check(configuration: FlowLayoutConfiguration, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try check(size: configuration.itemSize, path: path().appending("itemSize"))
        try check(size: configuration.estimatedItemSize, path: path().appending("estimatedItemSize"))
        try check(configuration.minimumLineSpacing, path: path().appending("minimumLineSpacing"))
        try check(configuration.minimumInteritemSpacing, path: path().appending("minimumInteritemSpacing"))
        try check(insets: configuration.sectionInset, path: path().appending("sectionInset"))
        try check(size: configuration.headerReferenceSize, path: path().appending("headerReferenceSize"))
        try check(size: configuration.footerReferenceSize, path: path().appending("footerReferenceSize"))
        if let columns = configuration.waterfall { try check(columns: columns, path: path().appending("waterfall")) }
    }

    /// Throws unless `columns` can lay a waterfall section out (`flow-layout.md`
    /// 12.6): a count from 1 to 64, or a finite minimum width above 0.
    static func check(columns: WaterfallColumns, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        switch columns {
        case .count(let count):
            guard count >= 1, count <= WaterfallColumns.maximumCount else {
                throw .invalidColumns(path: path().appending("columnCount"), problem: .columnCount(count))
            }
        case .minimumWidth(let width):
            guard width > 0, width.isFinite else {
                throw .invalidColumns(path: path().appending("minimumColumnWidth"), problem: .minimumColumnWidth(width))
            }
        }
    }

    /// Throws unless every option is valid (the display scale is a length).
    static func check(options: FlowLayoutOptions, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        try check(options.displayScale, path: path().appending("displayScale"))
    }

    /// Throws unless `count` is a count the engine can hold.
    @inline(__always)
    static func check(count: Int, path: @autoclosure () -> FieldPath) throws(FlowLayoutError) {
        guard count >= 0, count <= FlowLayoutLimits.maximumCount else {
            throw .invalidCount(path: path(), count: count)
        }
    }

    /// Throws unless `section` is valid; returns the sums of its per-item sizes
    /// (zero without per-item sizes, or when not `summing`: a waterfall
    /// section's layout reads none). A size is named by its place in the array
    /// it came in: `itemSizes[17]`, or `itemSizeChunks[2][17]` for sizes given
    /// in chunks.
    ///
    /// - Complexity: O(items with per-item sizes).
    static func check(
        section: FlowSection, summing: Bool = true, path: @autoclosure () -> FieldPath
    ) throws(FlowLayoutError) -> SizeSums {
        try check(count: section.itemCount, path: path().appending("itemCount"))
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
                        try check(size: size, path: chunkPath.appending(index: item))
                    }
                }
            }
            if summing { sums = SizeSums(givenChunks: given.chunks) }
        }
        if !section.overrides.isEmpty {
            if let inset = section.sectionInset { try check(insets: inset, path: path().appending("sectionInset")) }
            if let spacing = section.minimumLineSpacing { try check(spacing, path: path().appending("minimumLineSpacing")) }
            if let spacing = section.minimumInteritemSpacing {
                try check(spacing, path: path().appending("minimumInteritemSpacing"))
            }
            if let size = section.headerReferenceSize { try check(size: size, path: path().appending("headerReferenceSize")) }
            if let size = section.footerReferenceSize { try check(size: size, path: path().appending("footerReferenceSize")) }
            if case .waterfall(let columns)? = section.kind { try check(columns: columns, path: path().appending("waterfall")) }
        }
        return sums
    }
}
