import FlowLayoutCore

/// The update document (`layout-description.md`, Updates), decoded as its
/// members go by, with the description's strictness: unknown fields refused,
/// field-path errors, and the first problem in the order of the checks
/// (``FirstProblem``) whatever the order of the members in the file.
///
/// Only the document's shape and values are checked here: whether an index
/// names an existing section or item depends on the layout and on the batches
/// before, and is the engine's to refuse when the batch is applied
/// (`flow-layout.md` 10.6). A section inserted or reloaded is a section of the
/// description format, decoded by the same reader; the edges its
/// `sectionInset` does not give come from the layout's `sectionInset`.
extension DescriptionParser {
    static let updateFields = FieldNames(["visibleRect", "batches", "snapshots"])
    static let rectFields = FieldNames(["x", "y", "width", "height"])
    static let batchFields = FieldNames([
        "deleteSections", "insertSections", "reloadSections", "moveSections", "deleteItems", "insertItems", "reloadItems",
        "moveItems", "sizeReports",
    ])
    static let sectionContentFields = FieldNames(["index", "section"])
    static let moveFields = FieldNames(["from", "to"])
    static let indexPathFields = FieldNames(["section", "item"])
    static let itemContentFields = FieldNames(["section", "item", "size"])
    static let itemMoveFields = FieldNames(["from", "to", "size"])
    /// `sizeReports`' index in ``batchFields``: the one entry that is not a batch operation.
    static let sizeReportsField = 8

    /// Reads a whole update document: one object and nothing after it but white
    /// space.
    ///
    /// - Parameter configuration: the layout's properties; a section's
    ///   `sectionInset` takes the edges it does not give from its `sectionInset`.
    /// - Throws: the first syntax error in the document; else the first problem
    ///   with what it says.
    mutating func updateDocument(configuration: FlowLayoutConfiguration) throws(DescriptionError) -> UpdateDocument {
        try skipWhitespace()
        var failure: DescriptionError?
        let document = try updateRoot(configuration, &failure)
        try expectEnd()
        if let failure { throw failure }
        return document
    }

    /// Reads the top-level object.
    ///
    /// Checks, in order: an unknown field, a missing `batches`, `visibleRect`,
    /// `batches` (not an array, then the batches in order).
    private mutating func updateRoot(
        _ configuration: FlowLayoutConfiguration, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> UpdateDocument {
        var document = UpdateDocument(steps: [])
        guard try beginObject({ "" }, &failure) else { return document }
        var cursor = ObjectCursor()
        var problem = FirstProblem()
        while let field = try nextMember(&cursor, Self.updateFields) {
            var fieldFailure: DescriptionError?
            switch field {
            case 0:
                document.visibleRect = try rect({ "visibleRect" }, &fieldFailure)
                problem.record(2, fieldFailure)
            case 1:
                var steps: [UpdateDocument.Step] = []
                try list({ "batches" }, &fieldFailure) { (parser, path, failure) throws(DescriptionError) in
                    steps.append(try parser.step(path, configuration, &failure))
                }
                document.steps = steps
                problem.record(3, fieldFailure)
            case 2:
                var snapshots: [DescribedSnapshot] = []
                try list({ "snapshots" }, &fieldFailure) { (parser, path, failure) throws(DescriptionError) in
                    snapshots.append(try parser.snapshot(path, configuration, &failure))
                }
                document.snapshots = snapshots
                problem.record(4, fieldFailure)
            default:
                problem.record(0, Self.unknownField("", lastUnknownKey, Self.updateFields))
                try skipValue()
            }
        }
        switch (cursor.has(1), cursor.has(2)) {
        case (false, false): problem.record(1, DescriptionError(path: "batches", message: "is required"))
        case (true, true): problem.record(1, DescriptionError(path: "snapshots", message: "cannot be given with batches"))
        default: break
        }
        failure = problem.error
        return document
    }

    /// Reads a rect (an update document's or a description's `visibleRect`):
    /// `x` and `y`, any finite numbers, and `width` and `height`, lengths; all
    /// four required.
    mutating func rect(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> Rect {
        var rect = Rect.zero
        try object(path, Self.rectFields, required: 4, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            switch field {
            case 0: rect.origin.x = try parser.coordinate(path, &failure)
            case 1: rect.origin.y = try parser.coordinate(path, &failure)
            case 2: rect.size.width = try parser.length(path, &failure)
            default: rect.size.height = try parser.length(path, &failure)
            }
        }
        return rect
    }

    /// Reads one entry of `batches`: a batch, every operation optional, each
    /// an array, read in the order of ``batchFields``; or a list of size
    /// reports alone (`sizeReports`), which no other operation may join.
    ///
    /// Checks, in order: the object's own (an unknown field, then the values
    /// in the order of ``batchFields``), then `sizeReports` given with another
    /// operation, named by the first of them.
    private mutating func step(
        _ path: () -> FieldPath, _ configuration: FlowLayoutConfiguration, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> UpdateDocument.Step {
        var batch = BatchUpdate()
        var reports: [SizeReport]?
        var firstOperation: Int?
        try object(path, Self.batchFields, required: 0, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            if field == Self.sizeReportsField { reports = [] } else { firstOperation = min(firstOperation ?? field, field) }
            try parser.list(path, &failure) { (parser, path, failure) throws(DescriptionError) in
                switch field {
                case 0: batch.deletedSections.append(try parser.count(path, &failure))
                case 1: batch.insertedSections.append(try parser.sectionContent(path, configuration, &failure))
                case 2: batch.reloadedSections.append(try parser.sectionContent(path, configuration, &failure))
                case 3: batch.movedSections.append(try parser.sectionMove(path, &failure))
                case 4: batch.deletedItems.append(try parser.indexPath(path, &failure))
                case 5: batch.insertedItems.append(try parser.itemContent(path, &failure))
                case 6: batch.reloadedItems.append(try parser.itemContent(path, &failure))
                case 7: batch.movedItems.append(try parser.itemMove(path, &failure))
                default: reports!.append(try parser.sizeReport(path, &failure))
                }
            }
        }
        guard let reports else { return .batch(batch) }
        if failure == nil, let operation = firstOperation {
            failure = DescriptionError(
                path: path().appending("sizeReports"),
                message: "cannot be given with \(Self.batchFields.names[operation]) (a batch of size reports has no other operation)")
        }
        return .sizeReports(reports)
    }

    /// Reads a size report: `section`, `item` and `size`, all three required.
    private mutating func sizeReport(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> SizeReport {
        let (indexPath, size) = try itemAndSize(path, sizeRequired: true, &failure)
        return SizeReport(indexPath: indexPath, size: size ?? .zero)
    }

    /// Reads a section inserted or reloaded: `index` and `section`, both required.
    private mutating func sectionContent(
        _ path: () -> FieldPath, _ configuration: FlowLayoutConfiguration, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> BatchUpdate.SectionInsertion {
        var content = BatchUpdate.SectionInsertion(index: 0, section: FlowSection(itemCount: 0))
        try object(path, Self.sectionContentFields, required: 2, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            if field == 0 {
                content.index = try parser.count(path, &failure)
            } else if let read = try parser.section(path, &failure) {
                content.section = read.section
                content.section.sectionInset = read.insets?.resolved(over: configuration.sectionInset)
            }
        }
        return content
    }

    /// Reads a section move: `from` and `to`, both required.
    private mutating func sectionMove(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError)
        -> BatchUpdate.SectionMove
    {
        var move = BatchUpdate.SectionMove(from: 0, to: 0)
        try object(path, Self.moveFields, required: 2, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            let index = try parser.count(path, &failure)
            if field == 0 { move.from = index } else { move.to = index }
        }
        return move
    }

    /// Reads an item's position: `section` and `item`, both required.
    private mutating func indexPath(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> FlowIndexPath {
        var indexPath = FlowIndexPath(item: 0, section: 0)
        try object(path, Self.indexPathFields, required: 2, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            let index = try parser.count(path, &failure)
            if field == 0 { indexPath.section = index } else { indexPath.item = index }
        }
        return indexPath
    }

    /// Reads an item inserted or reloaded: `section` and `item`, required, and
    /// `size`, optional.
    private mutating func itemContent(
        _ path: () -> FieldPath, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> BatchUpdate.ItemInsertion {
        let (indexPath, size) = try itemAndSize(path, sizeRequired: false, &failure)
        return BatchUpdate.ItemInsertion(indexPath: indexPath, size: size)
    }

    /// Reads an item's position and a size: `section` and `item`, required,
    /// and `size`, required only when `sizeRequired` (a size report's).
    private mutating func itemAndSize(
        _ path: () -> FieldPath, sizeRequired: Bool, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> (indexPath: FlowIndexPath, size: Size?) {
        var indexPath = FlowIndexPath(item: 0, section: 0)
        var size: Size?
        try object(path, Self.itemContentFields, required: sizeRequired ? 3 : 2, &failure) {
            (parser, field, path, failure) throws(DescriptionError) in
            switch field {
            case 0: indexPath.section = try parser.count(path, &failure)
            case 1: indexPath.item = try parser.count(path, &failure)
            default: size = try parser.size(path, &failure)
            }
        }
        return (indexPath, size)
    }

    /// Reads an item move: `from` and `to`, both required, each an item's
    /// position, and `size`, optional (`flow-layout.md` 10.2).
    private mutating func itemMove(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError)
        -> BatchUpdate.ItemMove
    {
        var move = BatchUpdate.ItemMove(from: FlowIndexPath(item: 0, section: 0), to: FlowIndexPath(item: 0, section: 0))
        try object(path, Self.itemMoveFields, required: 2, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            switch field {
            case 0: move.from = try parser.indexPath(path, &failure)
            case 1: move.to = try parser.indexPath(path, &failure)
            default: move.size = try parser.size(path, &failure)
            }
        }
        return move
    }
}
