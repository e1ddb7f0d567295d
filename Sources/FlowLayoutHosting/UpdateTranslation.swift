/// Turns UIKit's update items into one ``/FlowLayoutCore/BatchUpdate``
/// (`flow-layout.md` 10.1), and the core's errors about that batch back into
/// errors about the update items.
///
/// The batch names its operations by field (`insertItems[0].item`); the host
/// named them as update items. Each field's entries remember which update item
/// they came from, so that an error reads `updateItems[3].indexPathAfterUpdate.item`.
/// Paths are rewritten as ``/FlowLayoutCore/FieldPath`` values, step by step;
/// nothing here reads or writes their text.
package struct UpdateTranslation {
    /// The batch.
    package var batch = BatchUpdate()
    /// For each field of the batch, the update item each entry came from.
    private var sources: [BatchUpdate.Field: [Int]] = [:]

    /// Translates `items`, asking `sections` for the content of each section
    /// inserted or reloaded (by its index after the update) and `itemSizes` for
    /// the size of each item inserted or reloaded (by its index path after).
    package init(
        _ items: [UpdateItem], sections: (Int) -> FlowSection, itemSizes: (FlowIndexPath) -> Size?
    ) {
        for (index, item) in items.enumerated() {
            guard let before = item.indexPathBeforeUpdate ?? item.indexPathAfterUpdate else { continue }
            let after = item.indexPathAfterUpdate ?? before
            if before.isSection {
                addSection(item.updateAction, before: before.section, after: after.section, from: index, sections)
            } else if let old = before.indexPath, let new = after.indexPath {
                addItem(item.updateAction, before: old, after: new, from: index, itemSizes)
            }
        }
    }

    private mutating func addSection(
        _ action: UpdateItem.Action, before: Int, after: Int, from index: Int, _ sections: (Int) -> FlowSection
    ) {
        switch action {
        case .insert:
            record(.insertSections, index)
            batch.insertSection(sections(after), at: after)
        case .delete:
            record(.deleteSections, index)
            batch.deleteSections([before])
        case .reload:
            record(.reloadSections, index)
            batch.reloadSection(before, with: sections(after))
        case .move:
            record(.moveSections, index)
            batch.moveSection(before, toSection: after)
        case .none:
            break
        }
    }

    private mutating func addItem(
        _ action: UpdateItem.Action, before: FlowIndexPath, after: FlowIndexPath, from index: Int,
        _ itemSizes: (FlowIndexPath) -> Size?
    ) {
        switch action {
        case .insert:
            record(.insertItems, index)
            batch.insertItem(at: after, size: itemSizes(after))
        case .delete:
            record(.deleteItems, index)
            batch.deleteItems(at: [before])
        case .reload:
            record(.reloadItems, index)
            batch.reloadItem(at: before, size: itemSizes(after))
        case .move:
            record(.moveItems, index)
            batch.moveItem(at: before, to: after)
        case .none:
            break
        }
    }

    private mutating func record(_ field: BatchUpdate.Field, _ index: Int) {
        sources[field, default: []].append(index)
    }

    /// `error` with every path it names rewritten from the batch's fields to
    /// the update items (`updateItems[k].indexPathBeforeUpdate.section`).
    package func translating(_ error: FlowLayoutError) -> FlowLayoutError {
        error.mappingPaths(translating)
    }

    /// A batch path (`moveItems[2].to.item`) as an update-item path
    /// (`updateItems[5].indexPathAfterUpdate.item`); a path of no field (the
    /// batch as a whole) becomes `updateItems`.
    package func translating(_ path: FieldPath) -> FieldPath {
        let updateItems = "updateItems"
        guard path.components.count >= 2, case .field(let name) = path.components[0],
            let field = BatchUpdate.Field(rawValue: name), case .index(let entry) = path.components[1],
            let entries = sources[field], entries.indices.contains(entry)
        else { return path.isEmpty ? FieldPath(updateItems) : path }
        var rest = path.components.dropFirst(2)
        let side = field == .insertSections || field == .insertItems ? "indexPathAfterUpdate" : "indexPathBeforeUpdate"
        var head: String
        switch rest.first {
        case .field("to"):
            head = "indexPathAfterUpdate"
            rest = rest.dropFirst()
        case .field("from"), .field("index"):
            head = side
            rest = rest.dropFirst()
        case .field("section") where field.namesSections:
            head = "sectionContent"
            rest = rest.dropFirst()
        case .field("size"):
            head = "itemSize"
            rest = rest.dropFirst()
        default:
            head = side
        }
        var translated = FieldPath(updateItems, entries[entry]).appending(head)
        if field.namesSections && head.hasPrefix("indexPath") && rest.isEmpty { translated = translated.appending("section") }
        return translated.appending(FieldPath(Array(rest)))
    }
}
