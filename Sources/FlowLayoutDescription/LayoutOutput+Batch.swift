import FlowLayoutCore

/// A batch in the update document's format (`layout-description.md`, Updates),
/// for the `"batch"` a snapshot was applied as (Snapshots).
extension LayoutOutput {
    /// `batch` as one JSON object on one line, with only the operations it has.
    ///
    /// - Complexity: O(operations), plus the sizes of sections inserted or reloaded.
    public static func batch(_ batch: BatchUpdate) -> String {
        func path(_ indexPath: FlowIndexPath) -> String { "{ \"section\": \(indexPath.section), \"item\": \(indexPath.item) }" }
        func item(_ insertion: BatchUpdate.ItemInsertion) -> String {
            var text = "{ \"section\": \(insertion.indexPath.section), \"item\": \(insertion.indexPath.item)"
            if let size = insertion.size { text += ", \"size\": " + Self.size(size) }
            return text + " }"
        }
        func content(_ insertion: BatchUpdate.SectionInsertion) -> String {
            "{ \"index\": \(insertion.index), \"section\": " + section(insertion.section) + " }"
        }
        var fields: [String] = []
        func add(_ name: String, _ values: [String]) {
            if !values.isEmpty { fields.append("\"\(name)\": [" + values.joined(separator: ", ") + "]") }
        }
        add("deleteSections", batch.deletedSections.map { "\($0)" })
        add("insertSections", batch.insertedSections.map(content))
        add("reloadSections", batch.reloadedSections.map(content))
        add("moveSections", batch.movedSections.map { "{ \"from\": \($0.from), \"to\": \($0.to) }" })
        add("deleteItems", batch.deletedItems.map(path))
        add("insertItems", batch.insertedItems.map(item))
        add("reloadItems", batch.reloadedItems.map(item))
        add(
            "moveItems",
            batch.movedItems.map {
                "{ \"from\": " + path($0.from) + ", \"to\": " + path($0.to) + ($0.size.map { ", \"size\": " + size($0) } ?? "") + " }"
            })
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// A section in the description's format, on one line.
    static func section(_ section: FlowSection) -> String {
        var fields: [String] = []
        if let sizes = section.itemSizes {
            fields.append("\"itemSizes\": [" + sizes.map { Self.size($0) }.joined(separator: ", ") + "]")
        } else {
            fields.append("\"itemCount\": \(section.itemCount)")
        }
        if let inset = section.sectionInset {
            fields.append(
                "\"sectionInset\": { \"top\": \(number(inset.top)), \"left\": \(number(inset.left)), \"bottom\": \(number(inset.bottom)), \"right\": \(number(inset.right)) }"
            )
        }
        if let spacing = section.minimumLineSpacing { fields.append("\"minimumLineSpacing\": \(number(spacing))") }
        if let spacing = section.minimumInteritemSpacing { fields.append("\"minimumInteritemSpacing\": \(number(spacing))") }
        if let size = section.headerReferenceSize { fields.append("\"headerReferenceSize\": " + Self.size(size)) }
        if let size = section.footerReferenceSize { fields.append("\"footerReferenceSize\": " + Self.size(size)) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }
}
