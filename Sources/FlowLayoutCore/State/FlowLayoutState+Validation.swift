/// Refusing bad input (`flow-layout.md` 9): every value from outside is checked
/// before anything changes, and a refusal names the value and where it came from.
extension FlowLayoutState {
    /// Throws unless `value` is a length: not negative, not NaN, at most
    /// ``FlowLayoutLimits/maximumLength``.
    @inline(__always)
    static func validate(_ value: Double, path: @autoclosure () -> String) throws {
        guard value >= 0, value <= FlowLayoutLimits.maximumLength else {
            throw FlowLayoutError.invalidValue(path: path(), value: value)
        }
    }

    /// Throws unless `value` is finite and not negative: the size of a query rect,
    /// which may exceed ``FlowLayoutLimits/maximumLength`` to cover any content.
    @inline(__always)
    static func validate(extent value: Double, path: @autoclosure () -> String) throws {
        guard value >= 0, value.isFinite else { throw FlowLayoutError.invalidValue(path: path(), value: value) }
    }

    /// Throws unless both components of `size` are lengths.
    @inline(__always)
    static func validate(size: Size, path: @autoclosure () -> String) throws {
        try validate(size.width, path: path() + ".width")
        try validate(size.height, path: path() + ".height")
    }

    /// Throws unless every edge of `insets` is finite and not negative.
    static func validate(insets: EdgeInsets, path: @autoclosure () -> String) throws {
        try validate(insets.top, path: path() + ".top")
        try validate(insets.left, path: path() + ".left")
        try validate(insets.bottom, path: path() + ".bottom")
        try validate(insets.right, path: path() + ".right")
    }

    /// Throws unless the rect is a valid query: finite origin, finite size not
    /// negative, finite far corner.
    static func validate(rect: Rect, path: String) throws {
        guard rect.origin.x.isFinite else { throw FlowLayoutError.invalidValue(path: path + ".x", value: rect.origin.x) }
        guard rect.origin.y.isFinite else { throw FlowLayoutError.invalidValue(path: path + ".y", value: rect.origin.y) }
        try validate(extent: rect.size.width, path: path + ".width")
        try validate(extent: rect.size.height, path: path + ".height")
        guard rect.maxX.isFinite else { throw FlowLayoutError.invalidValue(path: path + ".width", value: rect.size.width) }
        guard rect.maxY.isFinite else { throw FlowLayoutError.invalidValue(path: path + ".height", value: rect.size.height) }
    }

    /// Throws unless every property of `configuration` is valid.
    static func validate(configuration: FlowLayoutConfiguration, path: String) throws {
        try validate(size: configuration.itemSize, path: path + ".itemSize")
        try validate(size: configuration.estimatedItemSize, path: path + ".estimatedItemSize")
        try validate(configuration.minimumLineSpacing, path: path + ".minimumLineSpacing")
        try validate(configuration.minimumInteritemSpacing, path: path + ".minimumInteritemSpacing")
        try validate(insets: configuration.sectionInset, path: path + ".sectionInset")
        try validate(size: configuration.headerReferenceSize, path: path + ".headerReferenceSize")
        try validate(size: configuration.footerReferenceSize, path: path + ".footerReferenceSize")
    }

    /// Throws unless `count` is a count the engine can hold.
    @inline(__always)
    static func validate(count: Int, path: @autoclosure () -> String) throws {
        guard count >= 0, count <= FlowLayoutLimits.maximumCount else {
            throw FlowLayoutError.invalidCount(path: path(), count: count)
        }
    }

    /// Throws unless every section is valid.
    ///
    /// - Complexity: O(S + items with per-item sizes).
    static func validate(sections: [FlowSection]) throws {
        try validate(count: sections.count, path: "sections.count")
        try sections.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                try validate(section: buffer[index], path: "sections[\(index)]", index: index)
            }
        }
    }

    /// Throws unless `section` is valid.
    @inline(__always)
    static func validate(section: borrowing FlowSection, path: @autoclosure () -> String, index: Int) throws {
        try validate(count: section.itemCount, path: path() + ".itemCount")
        if let sizes = section.itemSizes {
            guard sizes.count == section.itemCount else {
                throw FlowLayoutError.itemSizesCountMismatch(
                    section: index, itemCount: section.itemCount, sizeCount: sizes.count)
            }
            let limit = FlowLayoutLimits.maximumLength
            let allValid = sizes.withUnsafeBufferPointer { buffer in
                buffer.allSatisfy { $0.width >= 0 && $0.width <= limit && $0.height >= 0 && $0.height <= limit }
            }
            if !allValid {
                for (item, size) in sizes.enumerated() {
                    try validate(size: size, path: path() + ".itemSizes[\(item)]")
                }
            }
        }
        if section.hasMetricOverrides {
            if let inset = section.sectionInset { try validate(insets: inset, path: path() + ".sectionInset") }
            if let spacing = section.minimumLineSpacing { try validate(spacing, path: path() + ".minimumLineSpacing") }
            if let spacing = section.minimumInteritemSpacing {
                try validate(spacing, path: path() + ".minimumInteritemSpacing")
            }
            if let size = section.headerReferenceSize { try validate(size: size, path: path() + ".headerReferenceSize") }
            if let size = section.footerReferenceSize { try validate(size: size, path: path() + ".footerReferenceSize") }
        }
    }

    /// Throws unless `section` exists.
    func checkSection(_ section: Int, path: @autoclosure () -> String) throws {
        guard section >= 0, section < sections.count else {
            throw FlowLayoutError.sectionOutOfRange(section: section, sectionCount: sections.count)
        }
    }

    /// Throws unless the item at `indexPath` exists.
    func checkItem(_ indexPath: FlowIndexPath, path: @autoclosure () -> String) throws {
        try checkSection(indexPath.section, path: path())
        let count = sections[indexPath.section].itemCount
        guard indexPath.item >= 0, indexPath.item < count else {
            throw FlowLayoutError.itemOutOfRange(indexPath, itemCount: count)
        }
    }
}
