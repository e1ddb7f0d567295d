import FlowLayoutCore
import FlowLayoutHosting
import Testing

/// The host's renaming of a batch's field paths to UIKit's update items
/// (`flow-layout.md` 10.1, 10.6), one case per shape of path the core can
/// name, worked out by hand from the update items' order.
@Suite("Update translation")
struct UpdateTranslationTests {
    static func path(_ item: Int, _ section: Int) -> FlowIndexPath { FlowIndexPath(item: item, section: section) }

    /// Update items 0...7: one of each action, so that no list's entry 0 is
    /// update item 0.
    static let translation = UpdateTranslation(
        [
            .deleteItem(at: path(0, 0)),  // deleteItems[0]
            .insertSection(1),  // insertSections[0]
            .moveItem(at: path(1, 0), to: path(2, 0)),  // moveItems[0]
            .reloadSection(2),  // reloadSections[0]
            .insertItem(at: path(0, 0)),  // insertItems[0]
            .moveSection(3, toSection: 4),  // moveSections[0]
            .reloadItem(at: path(3, 0)),  // reloadItems[0]
            .deleteSection(5),  // deleteSections[0]
            .insertItem(at: path(1, 0)),  // insertItems[1]
        ],
        sections: { _ in FlowSection(itemCount: 1) }, itemSizes: { _ in nil })

    @Test(
        "each batch path names its update item and the side of the update",
        arguments: [
            ("deleteItems[0]", "updateItems[0].indexPathBeforeUpdate"),
            ("deleteItems[0].section", "updateItems[0].indexPathBeforeUpdate.section"),
            ("deleteItems[0].item", "updateItems[0].indexPathBeforeUpdate.item"),
            ("insertSections[0].index", "updateItems[1].indexPathAfterUpdate.section"),
            ("insertSections[0].section.itemCount", "updateItems[1].sectionContent.itemCount"),
            ("insertSections[0].section.itemSizes[4].width", "updateItems[1].sectionContent.itemSizes[4].width"),
            ("moveItems[0].from", "updateItems[2].indexPathBeforeUpdate"),
            ("moveItems[0].from.item", "updateItems[2].indexPathBeforeUpdate.item"),
            ("moveItems[0].to", "updateItems[2].indexPathAfterUpdate"),
            ("moveItems[0].to.section", "updateItems[2].indexPathAfterUpdate.section"),
            ("reloadSections[0].index", "updateItems[3].indexPathBeforeUpdate.section"),
            ("reloadSections[0].section.sectionInset.top", "updateItems[3].sectionContent.sectionInset.top"),
            ("insertItems[0].item", "updateItems[4].indexPathAfterUpdate.item"),
            ("insertItems[0].size.height", "updateItems[4].itemSize.height"),
            ("insertItems[1]", "updateItems[8].indexPathAfterUpdate"),
            ("moveSections[0].from", "updateItems[5].indexPathBeforeUpdate.section"),
            ("moveSections[0].to", "updateItems[5].indexPathAfterUpdate.section"),
            ("reloadItems[0].size.width", "updateItems[6].itemSize.width"),
            ("reloadItems[0].section", "updateItems[6].indexPathBeforeUpdate.section"),
            ("deleteSections[0]", "updateItems[7].indexPathBeforeUpdate.section"),
        ] as [(FieldPath, FieldPath)])
    func translated(batchPath: FieldPath, expected: FieldPath) {
        #expect(Self.translation.translating(batchPath) == expected)
    }

    @Test("the batch as a whole is the update items; a path of no batch entry is kept")
    func others() {
        #expect(Self.translation.translating(FieldPath()) == "updateItems")
        #expect(Self.translation.translating("insertItems[2].item") == "insertItems[2].item")
        #expect(Self.translation.translating("visibleRect.width") == "visibleRect.width")
        #expect(Self.translation.translating(FieldPath([.index(0), .field("item")])) == FieldPath([.index(0), .field("item")]))
    }

    @Test("an error's every path is translated, the other position of one named twice included")
    func errors() {
        let error = FlowLayoutError.invalidBatch(
            path: FieldPath(.moveItems, 0).appending("from"), problem: .namedTwice(otherPath: FieldPath(.deleteItems, 0)))
        let translated = Self.translation.translating(error)
        #expect(
            translated
                == .invalidBatch(
                    path: "updateItems[2].indexPathBeforeUpdate", problem: .namedTwice(otherPath: "updateItems[0].indexPathBeforeUpdate")))
        #expect(
            translated.description
                == "updateItems[2].indexPathBeforeUpdate: names the same position as updateItems[0].indexPathBeforeUpdate")
        let tooLarge = Self.translation.translating(.contentTooLarge(path: FieldPath(), extent: 2e15))
        #expect(tooLarge.path == "updateItems")
    }
}
