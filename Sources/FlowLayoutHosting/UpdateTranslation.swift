/// Turns UIKit's update items into one ``/FlowLayoutCore/BatchUpdate``
/// (`flow-layout.md` 10.1), and the core's errors about that batch back into
/// errors about the update items.
///
/// The batch names its operations by field (`insertItems[0].item`); the host
/// named them as update items. Each field's entries remember which update item
/// they came from, so that an error reads `updateItems[3].indexPathAfterUpdate.item`.
struct UpdateTranslation {
    /// The batch.
    var batch = BatchUpdate()
    /// For each field of the batch, the update item each entry came from.
    private var sources: [String: [Int]] = [:]

    /// Translates `items`, asking `sections` for the content of each section
    /// inserted or reloaded (by its index after the update) and `itemSizes` for
    /// the size of each item inserted or reloaded (by its index path after).
    init(
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
            record("insertSections", index)
            batch.insertSection(sections(after), at: after)
        case .delete:
            record("deleteSections", index)
            batch.deleteSections([before])
        case .reload:
            record("reloadSections", index)
            batch.reloadSection(before, with: sections(after))
        case .move:
            record("moveSections", index)
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
            record("insertItems", index)
            batch.insertItem(at: after, size: itemSizes(after))
        case .delete:
            record("deleteItems", index)
            batch.deleteItems(at: [before])
        case .reload:
            record("reloadItems", index)
            batch.reloadItem(at: before, size: itemSizes(after))
        case .move:
            record("moveItems", index)
            batch.moveItem(at: before, to: after)
        case .none:
            break
        }
    }

    private mutating func record(_ field: String, _ index: Int) {
        sources[field, default: []].append(index)
    }

    /// `error` with every path it names rewritten from the batch's fields to
    /// the update items (`updateItems[k].indexPathBeforeUpdate.section`).
    func translating(_ error: FlowLayoutError) -> FlowLayoutError {
        switch error {
        case let .invalidValue(path, value): .invalidValue(path: translating(path), value: value)
        case let .invalidCount(path, count): .invalidCount(path: translating(path), count: count)
        case let .itemSizesCountMismatch(path, itemCount, sizeCount):
            .itemSizesCountMismatch(path: translating(path), itemCount: itemCount, sizeCount: sizeCount)
        case let .sectionOutOfRange(path, section, sectionCount):
            .sectionOutOfRange(path: translating(path), section: section, sectionCount: sectionCount)
        case let .itemOutOfRange(path, indexPath, itemCount):
            .itemOutOfRange(path: translating(path), indexPath: indexPath, itemCount: itemCount)
        case let .contentTooLarge(path, extent): .contentTooLarge(path: translating(path), extent: extent)
        case let .invalidBatch(path, .namedTwice(other)):
            .invalidBatch(path: translating(path), problem: .namedTwice(otherPath: translating(other)))
        case let .invalidBatch(path, problem): .invalidBatch(path: translating(path), problem: problem)
        case .invalidSnapshot, .invalidArchive: error
        }
    }

    /// A batch path (`moveItems[2].to.item`) as an update-item path
    /// (`updateItems[5].indexPathAfterUpdate.item`); a path of no field (the
    /// batch as a whole) becomes `updateItems`.
    func translating(_ path: String) -> String {
        guard let open = path.firstIndex(of: "["), let close = path[open...].firstIndex(of: "]"),
            let entry = Int(path[path.index(after: open)..<close]),
            let source = sources[String(path[..<open])]?[entry]
        else { return path.isEmpty ? "updateItems" : path }
        let field = String(path[..<open])
        var rest = Substring(path[path.index(after: close)...])
        let isSection = field.hasSuffix("Sections")
        let side = field.hasPrefix("insert") ? "indexPathAfterUpdate" : "indexPathBeforeUpdate"
        var head: String
        if rest.hasPrefix(".to") {
            head = "indexPathAfterUpdate"
            rest = rest.dropFirst(3)
        } else if rest.hasPrefix(".from") || rest.hasPrefix(".index") {
            head = side
            rest = rest.dropFirst(rest.hasPrefix(".from") ? 5 : 6)
        } else if rest.hasPrefix(".section"), isSection {
            head = "sectionContent"
            rest = rest.dropFirst(8)
        } else if rest.hasPrefix(".size") {
            head = "itemSize"
            rest = rest.dropFirst(5)
        } else {
            head = side
        }
        if isSection && head.hasPrefix("indexPath") && rest.isEmpty { head += ".section" }
        return "updateItems[\(source)].\(head)\(rest)"
    }
}
