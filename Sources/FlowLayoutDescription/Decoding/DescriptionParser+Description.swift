import FlowLayoutCore

/// The description document (`layout-description.md`, Input), decoded as its
/// members go by.
///
/// Which problem is reported follows ``FirstProblem``: the order of the checks
/// below, never the order of the members in the file. So a description gives
/// the same error however its members are ordered, and the same error the tree
/// decoder before it gave. Two things wait for the end of the document: the
/// required fields (`viewport`, `sections`), and a section's `sectionInset`,
/// whose missing edges come from `layout.sectionInset`, which may come later.
extension DescriptionParser {
    static let rootFields = FieldNames(["scrollDirection", "viewport", "layout", "sections", "visibleRect"])
    static let layoutFields = FieldNames([
        "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize", "lineAlignment", "lastLineAlignment", "crossAlignment",
        "layoutDirection", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "displayScale",
        "followsEnd", "contentAlignment", "waterfall",
    ])
    static let sectionFields = FieldNames([
        "itemCount", "itemSizes", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
        "headerReferenceSize", "footerReferenceSize", "id", "itemIds", "waterfall", "itemColumns",
    ])

    /// Reads a whole document: one description and nothing after it but white space.
    ///
    /// - Throws: the first syntax error in the document; else the first problem
    ///   with what it says.
    mutating func description() throws(DescriptionError) -> LayoutDescription {
        try skipWhitespace()
        var failure: DescriptionError?
        let description = try root(&failure)
        try expectEnd()
        if let failure { throw failure }
        return description
    }

    /// Reads the top-level object.
    ///
    /// Checks, in order: an unknown field, `scrollDirection`, a missing
    /// `viewport`, the viewport, `layout`, a missing `sections`, `sections` not
    /// an array, the sections in order, `visibleRect` (Options: it comes last in
    /// the format).
    private mutating func root(_ failure: inout DescriptionError?) throws(DescriptionError) -> LayoutDescription {
        var configuration = FlowLayoutConfiguration()
        var options = FlowLayoutOptions()
        var viewportSize = Size.zero
        var sections = SectionList()
        var sectionIdentifiers: [String?] = []
        var itemIdentifiers: [[String]?] = []
        var visibleRect: Rect?
        guard try beginObject({ "" }, &failure) else {
            return LayoutDescription(configuration: configuration, viewportSize: viewportSize, sections: [])
        }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        var layout = LayoutFields()
        while let field = try nextMember(&cursor, Self.rootFields) {
            var fieldFailure: DescriptionError?
            switch field {
            case 0:
                if let direction = try scrollDirection() {
                    configuration.scrollDirection = direction
                } else {
                    problem.record(1, DescriptionError(path: "scrollDirection", message: "must be \"vertical\" or \"horizontal\""))
                }
            case 1:
                viewportSize = try size({ "viewport" }, &fieldFailure)
                problem.record(3, fieldFailure)
            case 2:
                layout = try layoutFields(&fieldFailure)
                problem.record(4, fieldFailure)
            case 3:
                if try input.peek() == UInt8(ascii: "[") {
                    try sectionList(&sections, &sectionIdentifiers, &itemIdentifiers, &fieldFailure)
                    problem.record(7, fieldFailure)
                } else {
                    let type = try skipValue()
                    problem.record(6, DescriptionError(path: "sections", message: "must be an array, not \(type)"))
                }
            case 4:
                visibleRect = try rect({ "visibleRect" }, &fieldFailure)
                problem.record(8, fieldFailure)
            default:
                problem.record(0, Self.unknownField("", lastUnknownKey, Self.rootFields))
                try skipValue()
            }
        }
        if !cursor.has(1) { problem.record(2, DescriptionError(path: "viewport", message: "is required")) }
        if !cursor.has(3) { problem.record(5, DescriptionError(path: "sections", message: "is required")) }
        failure = problem.error
        guard failure == nil else {
            return LayoutDescription(configuration: configuration, viewportSize: viewportSize, sections: [])
        }
        layout.apply(to: &configuration, &options)
        var description = LayoutDescription(
            configuration: configuration, viewportSize: viewportSize,
            sections: sections.resolved(sectionInset: configuration.sectionInset), options: options,
            visibleRect: visibleRect)
        if sectionIdentifiers.contains(where: { $0 != nil }) { description.sectionIdentifiers = sectionIdentifiers }
        if itemIdentifiers.contains(where: { $0 != nil }) { description.itemIdentifiers = itemIdentifiers }
        return description
    }

    /// Reads `scrollDirection`: its direction, or `nil` for anything else.
    private mutating func scrollDirection() throws(DescriptionError) -> ScrollDirection? {
        guard try input.peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return ScrollDirection(rawValue: try string())
    }

    /// Reads `layout`.
    ///
    /// Checks, in order: an unknown field, then the fields in the order of
    /// ``layoutFields``.
    private mutating func layoutFields(_ failure: inout DescriptionError?) throws(DescriptionError) -> LayoutFields {
        var layout = LayoutFields()
        guard try beginObject({ "layout" }, &failure) else { return layout }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        while let field = try nextMember(&cursor, Self.layoutFields) {
            guard field != FieldNames.unknown else {
                problem.record(0, Self.unknownField("layout", lastUnknownKey, Self.layoutFields))
                try skipValue()
                continue
            }
            let path = FieldPath("layout").appending(Self.layoutFields.names[field])
            var fieldFailure: DescriptionError?
            switch field {
            case 0: layout.itemSize = try size({ path }, &fieldFailure)
            case 1: layout.estimatedItemSize = try size({ path }, &fieldFailure)
            case 2: layout.minimumLineSpacing = try length({ path }, &fieldFailure)
            case 3: layout.minimumInteritemSpacing = try length({ path }, &fieldFailure)
            case 4: layout.sectionInset = try insets({ path }, &fieldFailure)
            case 5: layout.headerReferenceSize = try size({ path }, &fieldFailure)
            case 6: layout.footerReferenceSize = try size({ path }, &fieldFailure)
            case 7: layout.lineAlignment = try choice({ path }, &fieldFailure)
            case 8: layout.lastLineAlignment = try choice({ path }, &fieldFailure)
            case 9: layout.crossAlignment = try choice({ path }, &fieldFailure)
            case 10: layout.layoutDirection = try choice({ path }, &fieldFailure)
            case 11: layout.sectionHeadersPinToVisibleBounds = try boolean({ path }, &fieldFailure)
            case 12: layout.sectionFootersPinToVisibleBounds = try boolean({ path }, &fieldFailure)
            case 13: layout.displayScale = try length({ path }, &fieldFailure)
            case 14: layout.followsEnd = try boolean({ path }, &fieldFailure)
            case 15: layout.contentAlignment = try choice({ path }, &fieldFailure)
            default: layout.waterfall = try waterfall({ path }, &fieldFailure)
            }
            problem.record(1 + field, fieldFailure)
        }
        failure = problem.error
        return layout
    }

    /// Reads the `sections` array whose `[` is under the position. After the
    /// first section with a problem, the others are only read through.
    private mutating func sectionList(
        _ sections: inout SectionList, _ sectionIdentifiers: inout [String?], _ itemIdentifiers: inout [[String]?],
        _ failure: inout DescriptionError?
    ) throws(DescriptionError) {
        try beginArray()
        var first = true
        var index = 0
        while try nextElement(&first) {
            if failure == nil {
                if let read = try section({ FieldPath("sections", index) }, &failure) {
                    sections.append(read.section, read.insets)
                    sectionIdentifiers.append(read.id)
                    itemIdentifiers.append(read.itemIds)
                }
            } else {
                try skipValue()
            }
            index += 1
        }
    }

    /// Reads one section (of the description, or of an update document's
    /// section insertion or reload) at `path`: returns it with the edges its
    /// `sectionInset` gives, which the caller completes from the layout's, or
    /// `nil` with a problem in `failure`.
    ///
    /// Checks, in order: an unknown field; neither `itemCount` nor `itemSizes`.
    /// With `itemCount` alone: the count. With `itemSizes`: `itemSizes` not an
    /// array, its sizes in order, the count when given, the count against the
    /// sizes. Then the overrides in the order of ``sectionFields``.
    mutating func section(
        _ path: () -> FieldPath, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> (section: FlowSection, insets: PartialInsets?, id: String?, itemIds: [String]?)? {
        // Paths are built only for a problem: a million sections cost no strings.
        guard try beginObject(path, &failure) else { return nil }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        var itemCount = 0
        var countFailure: DescriptionError?
        var sizes: [[Size]] = []
        var sizesFailure: DescriptionError?
        var overrides = SectionOverrides()
        // The edges `sectionInset` gave, completed from the layout's once it is read.
        var insets: PartialInsets?
        var id: String?
        var itemIds: [String]?
        var itemColumns: [Int]?
        while let field = try nextMember(&cursor, Self.sectionFields) {
            guard field != FieldNames.unknown else {
                problem.record(0, Self.unknownField(path(), lastUnknownKey, Self.sectionFields))
                try skipValue()
                continue
            }
            func fieldPath() -> FieldPath { path().appending(Self.sectionFields.names[field]) }
            var fieldFailure: DescriptionError?
            switch field {
            case 0: itemCount = try count(fieldPath, &countFailure)
            case 1:
                if try input.peek() == UInt8(ascii: "[") {
                    sizes = try itemSizes(path, &sizesFailure)
                } else {
                    let type = try skipValue()
                    problem.record(2, DescriptionError(path: fieldPath(), message: "must be an array, not \(type)"))
                }
            case 2: insets = try self.insets(fieldPath, &fieldFailure)
            case 3: overrides.minimumLineSpacing = try length(fieldPath, &fieldFailure)
            case 4: overrides.minimumInteritemSpacing = try length(fieldPath, &fieldFailure)
            case 5: overrides.headerReferenceSize = try size(fieldPath, &fieldFailure)
            case 6: overrides.footerReferenceSize = try size(fieldPath, &fieldFailure)
            case 7: id = try identifier(fieldPath, &fieldFailure)
            case 8: itemIds = try identifiers(fieldPath, &fieldFailure)
            case 9: overrides.kind = try waterfall(fieldPath, &fieldFailure)
            default: itemColumns = try self.itemColumns(fieldPath, &fieldFailure)
            }
            problem.record(4 + field, fieldFailure)
        }
        // The checks that need the whole section.
        let sizeCount = sizes.reduce(0) { $0 + $1.count }
        switch (cursor.has(0), cursor.has(1)) {
        case (false, false): problem.record(1, DescriptionError(path: path(), message: "needs itemCount or itemSizes"))
        case (true, false): problem.record(2, countFailure)
        case (_, true):
            problem.record(3, sizesFailure)
            problem.record(4, countFailure)
            if cursor.has(0), countFailure == nil, sizesFailure == nil, itemCount != sizeCount {
                problem.record(
                    5,
                    DescriptionError(
                        path: path().appending("itemCount"),
                        message: "is \(itemCount) but itemSizes holds \(counted(sizeCount, "size"))")
                )
            }
        }
        let items = cursor.has(1) ? sizeCount : itemCount
        if let itemIds, itemIds.count != items {
            problem.record(
                4 + Self.sectionFields.names.count,
                DescriptionError(
                    path: path().appending("itemIds"),
                    message: "holds \(counted(itemIds.count, "identifier")) but the section has \(counted(items, "item"))"))
        }
        failure = problem.error
        guard failure == nil else { return nil }
        // Sizes of more than one chunk stay in their chunks: the state lets each
        // go as it lays them out, so a million sizes are never in memory twice.
        var section =
            !cursor.has(1)
            ? FlowSection(itemCount: itemCount)
            : sizes.count > 1 ? FlowSection(itemSizeChunks: sizes) : FlowSection(itemSizes: sizes.first ?? [])
        section.overrides = overrides
        section.itemColumns = itemColumns
        return (section, insets, id, itemIds)
    }

    /// Reads the `itemSizes` array whose `[` is under the position, in chunks
    /// (``SizeAccumulator``). After the first size with a problem, the others
    /// are only read through.
    private mutating func itemSizes(_ sectionPath: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> [[Size]]
    {
        try beginArray()
        var sizes = SizeAccumulator()
        var first = true
        var index = 0
        while try nextElement(&first) {
            if failure == nil {
                let size = try size({ sectionPath().appending("itemSizes").appending(index: index) }, &failure)
                if failure == nil {
                    sizes.append(size)
                } else {
                    sizes = SizeAccumulator()
                }
            } else {
                try skipValue()
            }
            index += 1
        }
        return sizes.finish()
    }
}

/// The fields `layout` gave, applied over the defaults once the document is read.
struct LayoutFields {
    var itemSize: Size?
    var estimatedItemSize: Size?
    var minimumLineSpacing: Double?
    var minimumInteritemSpacing: Double?
    var sectionInset: PartialInsets?
    var headerReferenceSize: Size?
    var footerReferenceSize: Size?
    var lineAlignment: LineAlignment?
    var lastLineAlignment: LastLineAlignment?
    var crossAlignment: CrossAlignment?
    var layoutDirection: FlowLayoutOptions.LayoutDirection?
    var sectionHeadersPinToVisibleBounds: Bool?
    var sectionFootersPinToVisibleBounds: Bool?
    var displayScale: Double?
    var followsEnd: Bool?
    var contentAlignment: FlowLayoutOptions.ContentAlignment?
    /// `waterfall`: columns for every section, or `.flow` (`null`) for none.
    var waterfall: SectionKind?

    /// Sets the properties given on `configuration` (pinning is a UIKit
    /// property) and the options given on `options`; `sectionInset`'s missing
    /// edges are 0.
    func apply(to configuration: inout FlowLayoutConfiguration, _ options: inout FlowLayoutOptions) {
        if let itemSize { configuration.itemSize = itemSize }
        if let estimatedItemSize { configuration.estimatedItemSize = estimatedItemSize }
        if let minimumLineSpacing { configuration.minimumLineSpacing = minimumLineSpacing }
        if let minimumInteritemSpacing { configuration.minimumInteritemSpacing = minimumInteritemSpacing }
        if let sectionInset { configuration.sectionInset = sectionInset.resolved(over: .zero) }
        if let headerReferenceSize { configuration.headerReferenceSize = headerReferenceSize }
        if let footerReferenceSize { configuration.footerReferenceSize = footerReferenceSize }
        if let lineAlignment { options.lineAlignment = lineAlignment }
        if let lastLineAlignment { options.lastLineAlignment = lastLineAlignment }
        if let crossAlignment { options.crossAlignment = crossAlignment }
        if let layoutDirection { options.layoutDirection = layoutDirection }
        if let sectionHeadersPinToVisibleBounds {
            configuration.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        }
        if let sectionFootersPinToVisibleBounds {
            configuration.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        }
        if let displayScale { options.displayScale = displayScale }
        if let followsEnd { options.followsEnd = followsEnd }
        if let contentAlignment { options.contentAlignment = contentAlignment }
        if let waterfall {
            if case .waterfall(let columns) = waterfall { configuration.waterfall = columns } else { configuration.waterfall = nil }
        }
    }
}

/// The sections read so far, with the insets that wait for `layout.sectionInset`.
struct SectionList {
    private var sections: [FlowSection] = []
    /// The sections that gave a `sectionInset`, with the edges they gave.
    private var partialInsets: [(section: Int, insets: PartialInsets)] = []

    /// Appends a section with the edges of its `sectionInset`, if it gave one.
    mutating func append(_ section: FlowSection, _ insets: PartialInsets?) {
        if let insets { partialInsets.append((sections.count, insets)) }
        sections.append(section)
    }

    /// The sections, each `sectionInset` completed from the layout's `sectionInset`.
    consuming func resolved(sectionInset: EdgeInsets) -> [FlowSection] {
        for (section, insets) in partialInsets { sections[section].sectionInset = insets.resolved(over: sectionInset) }
        return sections
    }
}
