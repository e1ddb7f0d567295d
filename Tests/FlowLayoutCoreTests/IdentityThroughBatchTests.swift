import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Identifiers through batches by index paths (`flow-layout.md` 11.1 with 10):
/// seeded random batches of item deletions, moves and reloads and section
/// deletions and moves, applied to a layout made from a snapshot; after each,
/// every identifier is where the reference model, replaying the same batch on
/// its own item ids, puts that item. A batch that inserts leaves no identifiers;
/// a refused one changes nothing.
@Suite struct IdentityThroughBatchTests {
    let viewport = Size(width: 320, height: 200)

    @Test("identifiers follow the items a batch deletes, moves and reloads")
    func identifiersFollowBatches() throws {
        var random = SeededRandom(seed: 1_711)
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 40)
        for _ in 0..<20 * LongRuns.factor {
            let counts = (0..<random.int(1...5)).map { _ in random.int(0...12) }
            var next: UInt64 = 1
            var snapshot = FlowSnapshot()
            for (s, count) in counts.enumerated() {
                snapshot.appendSection(
                    FlowSnapshot.Section(
                        id: FlowIdentifier(UInt64(100 + s)),
                        items: (0..<count).map { _ in
                            next += 1
                            return FlowIdentifier(next)
                        }))
            }
            var state = try FlowLayoutState(configuration: configuration, snapshot: snapshot, viewportSize: viewport)
            try state.setVisibleRect(Rect(x: 0, y: 0, width: 320, height: 200))
            var model = ReferenceModel(
                configuration: configuration, sections: counts.map { FlowSection(itemCount: $0) }, viewportSize: viewport)
            // The model's item ids → identifiers, and its section order → section identifiers.
            var identifierOf: [Int: FlowIdentifier] = [:]
            for (s, ids) in model.itemIDs.enumerated() {
                for (i, id) in ids.enumerated() { identifierOf[id] = snapshot.sections[s].items[i] }
            }
            var sectionIDs = snapshot.sections.map(\.id)
            for _ in 0..<12 {
                let itemCounts = model.itemIDs.map(\.count)
                var batch = BatchUpdate()
                var deletedSections: [Int] = []
                for _ in 0..<random.int(0...3) {
                    guard itemCounts.contains(where: { $0 > 0 }) else { break }
                    let s = random.int(0..<itemCounts.count)
                    guard itemCounts[s] > 0 else { continue }
                    let item = FlowIndexPath(item: random.int(0..<itemCounts[s]), section: s)
                    switch random.int(0...2) {
                    case 0: batch.deleteItems(at: [item])
                    case 1: batch.reloadItems(at: [item])
                    default:
                        let t = random.int(0..<itemCounts.count)
                        batch.moveItem(at: item, to: FlowIndexPath(item: random.int(0...itemCounts[t]), section: t))
                    }
                }
                if random.chance(0.2), itemCounts.count > 1 {
                    let s = random.int(0..<itemCounts.count)
                    if random.chance(0.5) {
                        batch.deleteSections([s])
                        deletedSections.append(s)
                    } else {
                        batch.moveSection(s, toSection: random.int(0..<itemCounts.count))
                    }
                }
                let before = state.snapshot()
                do {
                    _ = try state.performBatchUpdates(batch)
                } catch {
                    // Refused: nothing changes, identifiers included.
                    #expect(state.snapshot() == before)
                    continue
                }
                // Section identifiers as the model's sections move.
                var sectionModel = ReferenceModel(
                    configuration: configuration, sections: sectionIDs.map { _ in FlowSection(itemCount: 1) },
                    viewportSize: viewport)
                let sectionOf = Dictionary(uniqueKeysWithValues: sectionModel.itemIDs.enumerated().map { ($1[0], sectionIDs[$0]) })
                var sectionBatch = BatchUpdate()
                sectionBatch.deleteSections(batch.deletedSections)
                for move in batch.movedSections { sectionBatch.moveSection(move.from, toSection: move.to) }
                sectionModel.apply(sectionBatch)
                sectionIDs = sectionModel.itemIDs.map { sectionOf[$0[0]]! }
                model.apply(batch)
                #expect(state.sectionIdentifiers == sectionIDs, "\(batch)")
                for (s, ids) in model.itemIDs.enumerated() {
                    #expect(try state.itemIdentifiers(inSection: s) == ids.map { identifierOf[$0]! }, "\(batch)")
                }
                // Every identifier still there is found; those deleted are not.
                for (s, ids) in model.itemIDs.enumerated() {
                    for (i, id) in ids.enumerated() {
                        #expect(state.indexPath(ofItem: identifierOf[id]!) == FlowIndexPath(item: i, section: s))
                    }
                }
            }
            // A batch that inserts brings items without identifiers: none are kept.
            var insert = BatchUpdate()
            insert.insertItems(at: [FlowIndexPath(item: 0, section: 0)])
            _ = try state.performBatchUpdates(insert)
            #expect(state.sectionIdentifiers == nil)
        }
    }

    @Test("a duplicate is named where a reader in order meets it: the second occurrence")
    func duplicateNamesSecondOccurrence() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 40)
        let start = FlowSnapshot(sections: [.init(id: 1, items: [1, 2, 3]), .init(id: 2, items: [4, 5])])
        var state = try FlowLayoutState(configuration: configuration, snapshot: start, viewportSize: viewport)
        // 5 is kept in place in section 1; named again earlier, in section 0
        // (an unchanged stretch is met after the changed place): the second
        // occurrence in document order is the kept one, sections[1].items[1].
        #expect(throws: FlowLayoutError.invalidSnapshot(path: "sections[1].items[1]", problem: .duplicateItem(5))) {
            try state.apply(FlowSnapshot(sections: [.init(id: 1, items: [1, 5, 2, 3]), .init(id: 2, items: [4, 5])]))
        }
        // Two duplicates: the first place where an identifier repeats is named.
        #expect(throws: FlowLayoutError.invalidSnapshot(path: "sections[0].items[3]", problem: .duplicateItem(1))) {
            try state.apply(FlowSnapshot(sections: [.init(id: 1, items: [1, 2, 3, 1, 2]), .init(id: 2, items: [4, 5])]))
        }
        #expect(state.snapshot()?.sections.map(\.items) == [[1, 2, 3], [4, 5]])
    }
}
