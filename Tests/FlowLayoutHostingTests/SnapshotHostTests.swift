import FlowLayoutHosting
import Testing

/// Snapshots and restore through the host (`flow-layout.md` 11): the anchor kept
/// through a snapshot like through a batch, and a relaunch that puts the same
/// message at the same place on screen.
@Suite struct SnapshotHostTests {
    static func messages(_ ids: ClosedRange<UInt64>) -> FlowSnapshot {
        FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: ids.map { FlowIdentifier($0) })])
    }

    @Test("a snapshot prepending items keeps the anchor still and answers transitions")
    func applyKeepsAnchor() throws {
        let state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50)), snapshot: Self.messages(1...10),
            viewportSize: Size(width: 320, height: 100))
        let host = try FlowLayoutHost(state: state, bounds: Rect(x: 0, y: 120, width: 320, height: 100))
        let prepended = FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: [100, 101, 102] + (1...10).map { FlowIdentifier($0) })])
        let applied = try host.apply(prepended)
        #expect(applied.batch.insertedItems.count == 3)
        #expect(host.targetContentOffset(forProposedContentOffset: Point(x: 0, y: 120)) == Point(x: 0, y: 300))
        #expect(host.initialLayoutAttributesForAppearingItem(at: FlowIndexPath(item: 5, section: 0)) != nil)
        host.finalizeCollectionViewUpdates()
    }

    @Test("archive and restore: the anchor comes back at the same place on screen")
    func relaunch() throws {
        var configuration = FlowLayoutConfiguration(itemSize: Size(width: 320, height: 50))
        configuration.estimatedItemSize = Size(width: 320, height: 50)
        let state = try FlowLayoutState(
            configuration: configuration, snapshot: Self.messages(1...30), viewportSize: Size(width: 320, height: 100))
        let host = try FlowLayoutHost(state: state, bounds: Rect(x: 0, y: 433, width: 320, height: 100))
        let archive = try #require(host.archive())
        let before = try host.layoutAttributesForElements(in: host.bounds).first!
        let next = try FlowLayoutHost(
            state: FlowLayoutState(configuration: configuration, sections: [], viewportSize: Size(width: 320, height: 100)),
            bounds: Rect(x: 0, y: 0, width: 320, height: 100))
        let restoration = try next.restore(
            archive, snapshot: FlowSnapshot(sections: [FlowSnapshot.Section(id: 1, items: [90, 91] + (1...30).map { FlowIdentifier($0) })]))
        let offset = next.targetContentOffset(forProposedContentOffset: .zero)
        #expect(
            restoration.anchor == ElementIdentifier(category: .cell, indexPath: FlowIndexPath(item: before.indexPath.item + 2, section: 0)))
        let after = try next.layoutAttributesForItem(at: restoration.anchor!.indexPath)
        #expect(after.frame.minY - offset.y == before.frame.minY - 433)
    }
}
