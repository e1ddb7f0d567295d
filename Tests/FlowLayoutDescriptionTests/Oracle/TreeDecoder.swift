import FlowLayoutCore
import FlowLayoutDescription

/// The oracle: the description decoder as it was before it read descriptions
/// as a stream (a tree of ``JSONValue`` for the whole document first, then the
/// fields in the order of its checks), kept unchanged but for its names and for
/// the options the format gained since (`layout-description.md`, Options: the
/// alignments, then the presentation options and the top-level `visibleRect`,
/// checked after the sections).
enum TreeDecoder {
    /// Decodes and validates a description from JSON bytes, as the old
    /// `LayoutDescription.decode(_:)` did.
    static func decode(_ bytes: [UInt8]) throws(DescriptionError) -> LayoutDescription {
        let root = try TreeParser.parse(bytes)
        var decoder = DescriptionDecoder()
        return try decoder.description(root)
    }
}

/// Decodes the description's JSON tree, tracking the field path for errors.
private struct DescriptionDecoder {
    func fail(_ path: String, _ message: String) -> DescriptionError {
        // The oracle keeps its paths as the text the format prints (its
        // outcomes are compared as text): one field holding that text.
        DescriptionError(path: path.isEmpty ? FieldPath() : FieldPath([.field(path)]), message: message)
    }

    func object(_ value: JSONValue, _ path: String, allowed: Set<String>) throws(DescriptionError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw fail(path, "must be an object, not \(value.typeName)") }
        var result: [String: JSONValue] = [:]
        for member in members {
            guard allowed.contains(member.key) else {
                throw fail(join(path, member.key), "unknown field (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
            result[member.key] = member.value
        }
        return result
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func length(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Double {
        guard case .number(let number, _) = value else {
            throw fail(path, "must be a finite number >= 0, not \(value.typeName)")
        }
        guard number.isFinite, number >= 0 else { throw fail(path, "must be a finite number >= 0") }
        guard number <= FlowLayoutLimits.maximumLength else {
            throw fail(path, "must be at most 1e15")
        }
        return number
    }

    /// One of `Value`'s names, written out in full in the message.
    func choice<Value: RawRepresentable & CaseIterable>(
        _ value: JSONValue, _ path: String, _ type: Value.Type
    ) throws(DescriptionError) -> Value where Value.RawValue == String {
        guard case .string(let name) = value, let choice = Value(rawValue: name) else {
            let names = Value.allCases.map { "\"\($0.rawValue)\"" }
            throw fail(path, "must be " + names.dropLast().joined(separator: ", ") + " or " + names.last!)
        }
        return choice
    }

    /// `true` or `false`.
    func boolean(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Bool {
        guard case .bool(let flag) = value else { throw fail(path, "must be true or false, not \(value.typeName)") }
        return flag
    }

    /// Any finite number.
    func coordinate(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Double {
        guard case .number(let number, _) = value else { throw fail(path, "must be a finite number, not \(value.typeName)") }
        guard number.isFinite else { throw fail(path, "must be a finite number") }
        return number
    }

    /// A rect: all four members required; `x` and `y` coordinates, `width` and
    /// `height` lengths.
    func rect(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Rect {
        let fields = try object(value, path, allowed: ["x", "y", "width", "height"])
        for name in ["x", "y", "width", "height"] where fields[name] == nil { throw fail(join(path, name), "is required") }
        return Rect(
            x: try coordinate(fields["x"]!, join(path, "x")), y: try coordinate(fields["y"]!, join(path, "y")),
            width: try length(fields["width"]!, join(path, "width")), height: try length(fields["height"]!, join(path, "height")))
    }

    func count(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Int {
        let limit = FlowLayoutLimits.maximumCount
        guard case .number(let number, let isInteger) = value, isInteger, number >= 0, number <= Double(limit),
            let count = Int(exactly: number)
        else { throw fail(path, "must be a whole number from 0 to \(limit)") }
        return count
    }

    func size(_ value: JSONValue, _ path: String) throws(DescriptionError) -> Size {
        let fields = try object(value, path, allowed: ["width", "height"])
        guard let width = fields["width"] else { throw fail(join(path, "width"), "is required") }
        guard let height = fields["height"] else { throw fail(join(path, "height"), "is required") }
        return Size(width: try length(width, join(path, "width")), height: try length(height, join(path, "height")))
    }

    func insets(_ value: JSONValue, _ path: String, inheriting base: EdgeInsets) throws(DescriptionError) -> EdgeInsets {
        let fields = try object(value, path, allowed: ["top", "left", "bottom", "right"])
        var insets = base
        if let top = fields["top"] { insets.top = try length(top, join(path, "top")) }
        if let left = fields["left"] { insets.left = try length(left, join(path, "left")) }
        if let bottom = fields["bottom"] { insets.bottom = try length(bottom, join(path, "bottom")) }
        if let right = fields["right"] { insets.right = try length(right, join(path, "right")) }
        return insets
    }

    mutating func description(_ root: JSONValue) throws(DescriptionError) -> LayoutDescription {
        let fields = try object(root, "", allowed: ["scrollDirection", "viewport", "layout", "sections", "visibleRect"])
        var configuration = FlowLayoutConfiguration()
        var options = FlowLayoutOptions()
        if let direction = fields["scrollDirection"] {
            guard case .string(let name) = direction, let value = ScrollDirection(rawValue: name) else {
                throw fail("scrollDirection", "must be \"vertical\" or \"horizontal\"")
            }
            configuration.scrollDirection = value
        }
        guard let viewport = fields["viewport"] else { throw fail("viewport", "is required") }
        let viewportSize = try size(viewport, "viewport")
        if let layout = fields["layout"] {
            let properties = try object(
                layout, "layout",
                allowed: [
                    "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                    "headerReferenceSize", "footerReferenceSize", "lineAlignment", "lastLineAlignment", "crossAlignment",
                    "layoutDirection", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "displayScale",
                    "followsEnd", "contentAlignment", "waterfall",
                ])
            if let value = properties["itemSize"] { configuration.itemSize = try size(value, "layout.itemSize") }
            if let value = properties["estimatedItemSize"] {
                configuration.estimatedItemSize = try size(value, "layout.estimatedItemSize")
            }
            if let value = properties["minimumLineSpacing"] {
                configuration.minimumLineSpacing = try length(value, "layout.minimumLineSpacing")
            }
            if let value = properties["minimumInteritemSpacing"] {
                configuration.minimumInteritemSpacing = try length(value, "layout.minimumInteritemSpacing")
            }
            if let value = properties["sectionInset"] {
                configuration.sectionInset = try insets(value, "layout.sectionInset", inheriting: .zero)
            }
            if let value = properties["headerReferenceSize"] {
                configuration.headerReferenceSize = try size(value, "layout.headerReferenceSize")
            }
            if let value = properties["footerReferenceSize"] {
                configuration.footerReferenceSize = try size(value, "layout.footerReferenceSize")
            }
            if let value = properties["lineAlignment"] {
                options.lineAlignment = try choice(value, "layout.lineAlignment", LineAlignment.self)
            }
            if let value = properties["lastLineAlignment"] {
                options.lastLineAlignment = try choice(value, "layout.lastLineAlignment", LastLineAlignment.self)
            }
            if let value = properties["crossAlignment"] {
                options.crossAlignment = try choice(value, "layout.crossAlignment", CrossAlignment.self)
            }
            if let value = properties["layoutDirection"] {
                options.layoutDirection = try choice(value, "layout.layoutDirection", FlowLayoutOptions.LayoutDirection.self)
            }
            if let value = properties["sectionHeadersPinToVisibleBounds"] {
                configuration.sectionHeadersPinToVisibleBounds = try boolean(value, "layout.sectionHeadersPinToVisibleBounds")
            }
            if let value = properties["sectionFootersPinToVisibleBounds"] {
                configuration.sectionFootersPinToVisibleBounds = try boolean(value, "layout.sectionFootersPinToVisibleBounds")
            }
            if let value = properties["displayScale"] { options.displayScale = try length(value, "layout.displayScale") }
            if let value = properties["followsEnd"] { options.followsEnd = try boolean(value, "layout.followsEnd") }
            if let value = properties["contentAlignment"] {
                options.contentAlignment = try choice(value, "layout.contentAlignment", FlowLayoutOptions.ContentAlignment.self)
            }
            if let value = properties["waterfall"], case .waterfall(let columns) = try kind(value, "layout.waterfall") {
                configuration.waterfall = columns
            }
        }
        guard let sectionsValue = fields["sections"] else { throw fail("sections", "is required") }
        guard case .array(let elements) = sectionsValue else {
            throw fail("sections", "must be an array, not \(sectionsValue.typeName)")
        }
        var sections: [FlowSection] = []
        sections.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            sections.append(try section(element, "sections[\(index)]", configuration: configuration))
        }
        let visibleRect = try fields["visibleRect"].map { (value) throws(DescriptionError) in try rect(value, "visibleRect") }
        return LayoutDescription(
            configuration: configuration, viewportSize: viewportSize, sections: sections, options: options,
            visibleRect: visibleRect)
    }

    func section(_ value: JSONValue, _ path: String, configuration: FlowLayoutConfiguration) throws(DescriptionError) -> FlowSection {
        let fields = try object(
            value, path,
            allowed: [
                "itemCount", "itemSizes", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
                "headerReferenceSize", "footerReferenceSize", "id", "itemIds", "waterfall", "itemColumns",
            ])
        var section: FlowSection
        switch (fields["itemCount"], fields["itemSizes"]) {
        case (nil, nil):
            throw fail(path, "needs itemCount or itemSizes")
        case (let countValue?, nil):
            section = FlowSection(itemCount: try count(countValue, join(path, "itemCount")))
        case (let countValue, let sizesValue?):
            guard case .array(let elements) = sizesValue else {
                throw fail(join(path, "itemSizes"), "must be an array, not \(sizesValue.typeName)")
            }
            var sizes: [Size] = []
            sizes.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                sizes.append(try size(element, "\(path).itemSizes[\(index)]"))
            }
            if let countValue {
                let itemCount = try count(countValue, join(path, "itemCount"))
                guard itemCount == sizes.count else {
                    throw fail(
                        join(path, "itemCount"), "is \(itemCount) but itemSizes holds \(sizes.count) \(sizes.count == 1 ? "size" : "sizes")"
                    )
                }
            }
            section = FlowSection(itemSizes: sizes)
        }
        if let value = fields["sectionInset"] {
            section.sectionInset = try insets(value, join(path, "sectionInset"), inheriting: configuration.sectionInset)
        }
        if let value = fields["minimumLineSpacing"] {
            section.minimumLineSpacing = try length(value, join(path, "minimumLineSpacing"))
        }
        if let value = fields["minimumInteritemSpacing"] {
            section.minimumInteritemSpacing = try length(value, join(path, "minimumInteritemSpacing"))
        }
        if let value = fields["headerReferenceSize"] {
            section.headerReferenceSize = try size(value, join(path, "headerReferenceSize"))
        }
        if let value = fields["footerReferenceSize"] {
            section.footerReferenceSize = try size(value, join(path, "footerReferenceSize"))
        }
        if let value = fields["waterfall"] { section.kind = try kind(value, join(path, "waterfall")) }
        if let value = fields["itemColumns"] {
            guard case .array(let elements) = value else {
                throw fail(join(path, "itemColumns"), "must be an array, not \(value.typeName)")
            }
            var columns: [Int] = []
            for (index, element) in elements.enumerated() {
                columns.append(try count(element, "\(path).itemColumns[\(index)]"))
            }
            section.itemColumns = columns
        }
        return section
    }

    /// A `waterfall` value (12.1, 12.6): `null` for lines, or an object of
    /// exactly one of `columnCount` (an integer 1…64) and
    /// `minimumColumnWidth` (finite, above 0).
    func kind(_ value: JSONValue, _ path: String) throws(DescriptionError) -> SectionKind {
        if case .null = value { return .flow }
        guard case .object = value else { throw fail(path, "must be an object, not \(value.typeName)") }
        let fields = try object(value, path, allowed: ["columnCount", "minimumColumnWidth"])
        switch (fields["columnCount"], fields["minimumColumnWidth"]) {
        case (nil, nil): throw fail(path, "needs columnCount or minimumColumnWidth")
        case (_?, _?): throw fail(path, "gives both columnCount and minimumColumnWidth; give one")
        case (let count?, nil):
            let countPath = join(path, "columnCount")
            guard case .number(let number, _) = count else {
                throw fail(countPath, "must be an integer from 1 to 64, not \(count.typeName)")
            }
            guard let whole = Int(exactly: number), (1...64).contains(whole) else {
                let text = number.rounded() == number && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
                throw fail(countPath, "must be an integer from 1 to 64 (got \(text))")
            }
            return .waterfall(.count(whole))
        case (nil, let width?):
            let widthPath = join(path, "minimumColumnWidth")
            guard case .number(let number, _) = width else {
                throw fail(widthPath, "must be a finite number > 0, not \(width.typeName)")
            }
            guard number.isFinite, number > 0 else {
                let text = number.rounded() == number && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
                throw fail(widthPath, "must be a finite number > 0 (got \(text))")
            }
            return .waterfall(.minimumWidth(number))
        }
    }
}
