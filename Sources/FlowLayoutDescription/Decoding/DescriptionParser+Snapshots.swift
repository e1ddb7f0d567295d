import FlowLayoutCore

/// Identifiers in descriptions and snapshot documents (`layout-description.md`,
/// Snapshots): a section's `id` and `itemIds`, and an update document's
/// `snapshots`, read with the description's strictness.
extension DescriptionParser {
    static let snapshotFields = FieldNames(["sections"])
    static let snapshotSectionFields = FieldNames([
        "id", "items", "sizes", "reload", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
        "headerReferenceSize", "footerReferenceSize", "waterfall",
    ])
    static let noFields = FieldNames([])

    /// Reads a string identifier at `path`.
    mutating func identifier(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> String {
        guard try input.peek() == UInt8(ascii: "\"") else {
            let type = try skipValue()
            failure = DescriptionError(path: path(), message: "must be a string, not \(type)")
            return ""
        }
        return try string()
    }

    /// Reads an array of string identifiers at `path`.
    mutating func identifiers(_ path: () -> FieldPath, _ failure: inout DescriptionError?) throws(DescriptionError) -> [String] {
        var result: [String] = []
        try list(path, &failure) { (parser, path, failure) throws(DescriptionError) in
            result.append(try parser.identifier(path, &failure))
        }
        return result
    }

    /// Reads one snapshot: `sections`, required.
    mutating func snapshot(
        _ path: () -> FieldPath, _ configuration: FlowLayoutConfiguration, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> DescribedSnapshot {
        var snapshot = DescribedSnapshot(sections: [])
        try object(path, Self.snapshotFields, required: 1, &failure) { (parser, _, path, failure) throws(DescriptionError) in
            try parser.list(path, &failure) { (parser, path, failure) throws(DescriptionError) in
                snapshot.sections.append(try parser.snapshotSection(path, configuration, &failure))
            }
        }
        return snapshot
    }

    /// Reads one snapshot section: `id` and `items` required; `sizes` (an object
    /// from identifier to size), `reload` and the overrides optional.
    private mutating func snapshotSection(
        _ path: () -> FieldPath, _ configuration: FlowLayoutConfiguration, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> DescribedSnapshot.Section {
        var section = DescribedSnapshot.Section(id: "", items: [])
        try object(path, Self.snapshotSectionFields, required: 2, &failure) { (parser, field, path, failure) throws(DescriptionError) in
            switch field {
            case 0: section.id = try parser.identifier(path, &failure)
            case 1: section.items = try parser.identifiers(path, &failure)
            case 2: section.sizes = try parser.sizeTable(path, &failure)
            case 3: section.reload = try parser.identifiers(path, &failure)
            case 4: section.overrides.sectionInset = try parser.insets(path, &failure).resolved(over: configuration.sectionInset)
            case 5: section.overrides.minimumLineSpacing = try parser.length(path, &failure)
            case 6: section.overrides.minimumInteritemSpacing = try parser.length(path, &failure)
            case 7: section.overrides.headerReferenceSize = try parser.size(path, &failure)
            case 8: section.overrides.footerReferenceSize = try parser.size(path, &failure)
            default: section.overrides.kind = try parser.waterfall(path, &failure)
            }
        }
        return section
    }

    /// Reads an object from identifier to size, in the document's order.
    private mutating func sizeTable(
        _ path: () -> FieldPath, _ failure: inout DescriptionError?
    ) throws(DescriptionError) -> [DescribedSnapshot.ItemSize] {
        var sizes: [DescribedSnapshot.ItemSize] = []
        guard try beginObject(path, &failure) else { return sizes }
        var cursor = ObjectCursor()
        while try nextMember(&cursor, Self.noFields) != nil {
            let key = lastUnknownKey
            if failure == nil {
                let size = try size({ path().appending(key) }, &failure)
                sizes.append(DescribedSnapshot.ItemSize(id: key, size: size))
            } else {
                try skipValue()
            }
        }
        return sizes
    }
}
