import FlowLayout
import Testing

/// Snapshots, archives and restore through the actor (`flow-layout.md` 11).
@Suite struct SnapshotEngineTests {
    @Test("the actor applies snapshots, writes archives and restores them")
    func roundTrip() async throws {
        let configuration = FlowLayoutConfiguration(itemSize: Size(width: 100, height: 50))
        let viewport = Size(width: 320, height: 200)
        let engine = try FlowLayoutEngine(
            configuration: configuration,
            snapshot: FlowSnapshot(sections: [FlowSnapshot.Section(id: 7, items: [1, 2, 3, 4])]), viewportSize: viewport)
        let applied = try await engine.apply(FlowSnapshot(sections: [FlowSnapshot.Section(id: 7, items: [4, 1, 2, 3])]))
        #expect(applied.batch.movedItems.count == 1)
        let archive = try #require(await engine.archive())
        let restored = try FlowLayoutEngine(
            restoring: archive, snapshot: FlowSnapshot(sections: [FlowSnapshot.Section(id: 7, items: [4, 1, 2, 3, 5])]),
            configuration: configuration, viewportSize: viewport)
        #expect(await restored.snapshot.sectionIdentifiers == [7])
        await #expect(throws: FlowLayoutError.invalidArchive(.notAnArchive)) {
            try FlowLayoutEngine(restoring: [1, 2, 3], snapshot: FlowSnapshot(), viewportSize: viewport)
        }
    }
}
