import FlowLayoutCore
import FlowLayoutFuzz
import FlowLayoutReference
import Testing

/// The fuzzer's batches: built from random bytes over random models, they are
/// valid before their corruption, cover every operation kind, and the engine
/// agrees with ``BatchValidity`` on every one, corrupted or not.
@Suite("Fuzz harness: batches from bytes")
struct BatchBuilderTests {
    /// A random model of up to 6 sections of up to 40 items, some with per-item
    /// sizes and overrides, and the engine's state of the same layout.
    static func randomLayout(_ random: inout SeededRandom) throws -> (ReferenceModel, FlowLayoutState) {
        var configuration = FlowLayoutConfiguration()
        if random.chance(0.4) { configuration.estimatedItemSize = Size(width: 60, height: 30) }
        let sections = (0..<random.int(0...6)).map { _ in
            let count = random.int(0...40)
            var section =
                random.chance(0.5)
                ? FlowSection(itemCount: count)
                : FlowSection(itemSizes: (0..<count).map { _ in Size(width: Double(random.int(0...200)) / 2, height: 20) })
            if random.chance(0.3) { section.minimumInteritemSpacing = 4 }
            return section
        }
        let viewport = Size(width: 320, height: 480)
        let model = ReferenceModel(configuration: configuration, sections: sections, viewportSize: viewport)
        return (model, try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport))
    }

    static func randomBytes(_ random: inout SeededRandom, count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test("batches built from bytes are valid, the engine accepts them, and they hold every kind of operation")
    func validBatches() throws {
        var seen: Set<String> = []
        for seed in 0..<UInt64(1_500) {
            var random = SeededRandom(seed: seed)
            var (model, state) = try Self.randomLayout(&random)
            var reader = ByteReader(Self.randomBytes(&random, count: 200))
            let batch = BatchBuilder.batch(from: &reader, over: model)
            let problem = BatchValidity.problem(in: batch, over: model)
            #expect(problem == nil, "seed \(seed): \(problem ?? "")")
            guard problem == nil else { continue }
            #expect(throws: Never.self, "seed \(seed)") { _ = try state.performBatchUpdates(batch) }
            model.apply(batch)
            if !batch.deletedSections.isEmpty { seen.insert("delete sections") }
            if !batch.movedSections.isEmpty { seen.insert("move sections") }
            for content in batch.insertedSections + batch.reloadedSections {
                let kind = batch.insertedSections.contains(content) ? "insert" : "reload"
                seen.insert("\(kind) sections with \(content.section.itemSizes == nil ? "itemCount" : "itemSizes")")
                if content.section.sectionInset != nil { seen.insert("\(kind) sections with an inset") }
                if content.section.headerReferenceSize != nil { seen.insert("\(kind) sections with a header") }
            }
            if !batch.deletedItems.isEmpty { seen.insert("delete items") }
            if !batch.movedItems.isEmpty { seen.insert("move items") }
            if batch.movedItems.contains(where: { $0.from.section != $0.to.section }) { seen.insert("move items across sections") }
            for insertion in batch.insertedItems { seen.insert("insert items \(insertion.size == nil ? "without" : "with") sizes") }
            for reload in batch.reloadedItems { seen.insert("reload items \(reload.size == nil ? "without" : "with") sizes") }
        }
        let expected: Set<String> = [
            "delete sections", "move sections", "delete items", "move items", "move items across sections",
            "insert items without sizes", "insert items with sizes", "reload items without sizes", "reload items with sizes",
        ]
        let sectionKinds = ["insert", "reload"].flatMap { kind in
            ["itemCount", "itemSizes"].map { "\(kind) sections with \($0)" }
                + ["\(kind) sections with an inset", "\(kind) sections with a header"]
        }
        #expect(seen.isSuperset(of: expected.union(sectionKinds)), "missing: \(expected.union(sectionKinds).subtracting(seen))")
    }

    @Test("every corruption is judged as the engine judges it; all but three kinds always break the batch")
    func corruptedBatches() throws {
        var invalid = Array(repeating: 0, count: 16)
        var tried = Array(repeating: 0, count: 16)
        for seed in 0..<UInt64(3_200) {
            var random = SeededRandom(seed: seed)
            let (model, state) = try Self.randomLayout(&random)
            var reader = ByteReader(Self.randomBytes(&random, count: 200))
            var batch = BatchBuilder.batch(from: &reader, over: model)
            let kind = Int(seed % 16)
            BatchBuilder.corrupt(&batch, kind: kind, reader: &reader, model: model)
            let problem = BatchValidity.problem(in: batch, over: model)
            var copy = state
            let refused = (try? copy.performBatchUpdates(batch)) == nil
            #expect(refused == (problem != nil), "seed \(seed), kind \(kind): \(problem ?? "valid"), batch \(batch)")
            tried[kind] += 1
            if problem != nil { invalid[kind] += 1 }
        }
        for kind in 0..<16 {
            if [12, 13, 14].contains(kind) {
                #expect(invalid[kind] > 0 && invalid[kind] < tried[kind], "kind \(kind): \(invalid[kind]) of \(tried[kind]) invalid")
            } else {
                #expect(invalid[kind] == tried[kind], "kind \(kind): \(invalid[kind]) of \(tried[kind]) invalid")
            }
        }
    }
}
