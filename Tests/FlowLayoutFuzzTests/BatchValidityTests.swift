import FlowLayoutCore
import FlowLayoutFuzz
import FlowLayoutReference
import Testing

/// The fuzzer's oracle of which batches are valid, against `flow-layout.md`
/// 10.1 and 10.6 worked out by hand: sections [a b c] of 5, 2 and 0 items.
@Suite("Fuzz harness: batch validity")
struct BatchValidityTests {
    static let model = ReferenceModel(
        configuration: FlowLayoutConfiguration(),
        sections: [FlowSection(itemCount: 5), FlowSection(itemSizes: [Size(width: 10, height: 10), .zero]), FlowSection(itemCount: 0)],
        viewportSize: Size(width: 320, height: 480))

    static func problem(_ build: (inout BatchUpdate) -> Void) -> String? {
        var batch = BatchUpdate()
        build(&batch)
        return BatchValidity.problem(in: batch, over: model)
    }

    static func path(_ item: Int, _ section: Int) -> FlowIndexPath { FlowIndexPath(item: item, section: section) }

    @Test("valid batches: 10.1's example, sections moving with their items, items moving between sections")
    func valid() {
        // 10.1: [a b c d e]; delete 1, insert 0, move 4 → 2.
        #expect(
            Self.problem {
                $0.deleteItems(at: [Self.path(1, 0)]); $0.insertItems(at: [Self.path(0, 0)]);
                $0.moveItem(at: Self.path(4, 0), to: Self.path(2, 0))
            } == nil)
        #expect(Self.problem { $0.batchOfEverything() } == nil)
        // Section 0 moves to 2; its items are named before by 0, after by 2.
        #expect(
            Self.problem {
                $0.moveSection(0, toSection: 2); $0.deleteItems(at: [Self.path(4, 0)]); $0.insertItem(at: Self.path(4, 2), size: nil)
            } == nil)
        // An item moved into the empty section, which then holds one (index 0).
        #expect(Self.problem { $0.moveItem(at: Self.path(0, 1), to: Self.path(0, 2)) } == nil)
        // A deleted section's place taken by an insertion; −0 is a valid length.
        #expect(
            Self.problem {
                $0.deleteSections([1]); $0.insertSection(FlowSection(itemCount: 2), at: 1);
                $0.reloadItem(at: Self.path(0, 0), size: Size(width: -0.0, height: 0))
            } == nil)
    }

    @Test("indexes out of range, before the batch and after it")
    func outOfRange() {
        #expect(Self.problem { $0.deleteSections([3]) } != nil)
        #expect(Self.problem { $0.reloadSection(-1, with: FlowSection(itemCount: 0)) } != nil)
        // After the batch there are 3 − 1 + 1 sections: index 3 is past the end.
        #expect(
            Self.problem {
                $0.deleteSections([0]); $0.insertSection(FlowSection(itemCount: 0), at: 3)
            } != nil)
        #expect(
            Self.problem {
                $0.deleteSections([0]); $0.insertSection(FlowSection(itemCount: 0), at: 2)
            } == nil)
        #expect(Self.problem { $0.deleteItems(at: [Self.path(5, 0)]) } != nil)
        #expect(Self.problem { $0.reloadItem(at: Self.path(0, 2), size: nil) } != nil)
        // Section 0 after: 5 − 1 + 1 items, so 4 is its last index, 5 past the end.
        #expect(
            Self.problem {
                $0.deleteItems(at: [Self.path(0, 0)]); $0.insertItem(at: Self.path(5, 0), size: nil)
            } != nil)
        #expect(
            Self.problem {
                $0.deleteItems(at: [Self.path(0, 0)]); $0.insertItem(at: Self.path(4, 0), size: nil)
            } == nil)
        #expect(Self.problem { $0.moveItem(at: Self.path(0, 1), to: Self.path(-1, 1)) } != nil)
    }

    @Test("a position named twice on one side")
    func namedTwice() {
        #expect(
            Self.problem {
                $0.deleteSections([1]); $0.moveSection(1, toSection: 0)
            } != nil)
        #expect(
            Self.problem {
                $0.insertSection(FlowSection(itemCount: 0), at: 0); $0.moveSection(2, toSection: 0)
            } != nil)
        #expect(
            Self.problem {
                $0.deleteItems(at: [Self.path(2, 0)]); $0.reloadItem(at: Self.path(2, 0), size: nil)
            } != nil)
        #expect(
            Self.problem {
                $0.insertItem(at: Self.path(1, 1), size: nil); $0.moveItem(at: Self.path(0, 0), to: Self.path(1, 1))
            } != nil)
        // The same index on both sides is fine.
        #expect(
            Self.problem {
                $0.deleteItems(at: [Self.path(2, 0)]); $0.insertItem(at: Self.path(2, 0), size: nil)
            } == nil)
    }

    @Test("item operations in sections the batch deletes, inserts or reloads")
    func changedSections() {
        // An item delete in a deleted section is a redundant form, dropped (10.6);
        // a reload there is refused.
        #expect(
            Self.problem {
                $0.deleteSections([0]); $0.deleteItems(at: [Self.path(0, 0)])
            } == nil)
        #expect(
            Self.problem {
                $0.deleteSections([0]); $0.reloadItem(at: Self.path(0, 0), size: nil)
            } != nil)
        #expect(
            Self.problem {
                $0.reloadSection(1, with: FlowSection(itemCount: 3)); $0.reloadItem(at: Self.path(0, 1), size: nil)
            } != nil)
        // Reloaded section 1 is still section 1 after the batch.
        #expect(
            Self.problem {
                $0.reloadSection(1, with: FlowSection(itemCount: 3)); $0.insertItem(at: Self.path(0, 1), size: nil)
            } != nil)
        // An item insert in an inserted section is dropped; a move there is refused.
        #expect(
            Self.problem {
                $0.insertSection(FlowSection(itemCount: 0), at: 1); $0.insertItem(at: Self.path(0, 1), size: nil)
            } == nil)
        #expect(
            Self.problem {
                $0.insertSection(FlowSection(itemCount: 0), at: 1); $0.moveItem(at: Self.path(0, 0), to: Self.path(0, 1))
            } != nil)
        // After inserting at 1, old section 1 is section 2: items go in by 2.
        #expect(
            Self.problem {
                $0.insertSection(FlowSection(itemCount: 0), at: 1); $0.insertItem(at: Self.path(0, 2), size: nil)
            } == nil)
    }

    @Test("bad sizes and bad section content")
    func badValues() {
        #expect(Self.problem { $0.insertItem(at: Self.path(0, 0), size: Size(width: .nan, height: 1)) } != nil)
        #expect(Self.problem { $0.reloadItem(at: Self.path(0, 0), size: Size(width: 1, height: -1)) } != nil)
        #expect(Self.problem { $0.reloadItem(at: Self.path(0, 0), size: Size(width: .infinity, height: 1)) } != nil)
        #expect(Self.problem { $0.reloadItem(at: Self.path(0, 0), size: Size(width: 2e15, height: 1)) } != nil)
        var mismatched = FlowSection(itemCount: 2)
        mismatched.itemSizes = [.zero]
        #expect(Self.problem { $0.insertSection(mismatched, at: 0) } != nil)
        #expect(Self.problem { $0.reloadSection(0, with: FlowSection(itemCount: -1)) } != nil)
        #expect(Self.problem { $0.insertSection(FlowSection(itemCount: 1, minimumLineSpacing: -1), at: 0) } != nil)
        #expect(
            Self.problem {
                $0.insertSection(FlowSection(itemCount: 1, sectionInset: EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)), at: 0)
            } != nil)
    }
}

extension BatchUpdate {
    /// Every kind of operation at once, valid over ``BatchValidityTests/model``:
    /// section 2 deleted, 1 reloaded, 0 moved to 1, one inserted at 0; in
    /// section 0 (1 after), item 0 deleted, 1 reloaded, 2 moved to 0, one inserted at 3.
    mutating func batchOfEverything() {
        deleteSections([2])
        reloadSection(1, with: FlowSection(itemCount: 4))
        moveSection(0, toSection: 1)
        insertSection(FlowSection(itemSizes: [Size(width: 1, height: 1)]), at: 0)
        deleteItems(at: [FlowIndexPath(item: 0, section: 0)])
        reloadItem(at: FlowIndexPath(item: 1, section: 0), size: Size(width: 5, height: 5))
        moveItem(at: FlowIndexPath(item: 2, section: 0), to: FlowIndexPath(item: 0, section: 1))
        insertItem(at: FlowIndexPath(item: 3, section: 1), size: nil)
    }
}
