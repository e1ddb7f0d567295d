import FlowLayout
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The actor under concurrent use: many tasks querying and reporting at once.
/// Run under the thread sanitizer in CI (`swift test --sanitize=thread`).
@Suite("Concurrency")
struct ConcurrencyTests {
    static let configuration = FlowLayoutConfiguration(estimatedItemSize: Size(width: 100, height: 60))
    static let sections = (0..<40).map { _ in FlowSection(itemCount: 500) }
    static let viewport = Size(width: 390, height: 844)
    static let taskCount = 8

    /// The size task `task` reports for `indexPath` in round `round`: dyadic, so
    /// that every sum is exact and any order of application gives identical frames.
    static func size(_ indexPath: FlowIndexPath, round: Int) -> Size {
        var random = SeededRandom(seed: UInt64(indexPath.section * 1_000 + indexPath.item) &* 31 &+ UInt64(round))
        return Size(width: Double(random.int(40...180)) / 2, height: Double(random.int(40...200)) / 4)
    }

    /// The items task `task` owns: every item whose index is congruent to it.
    static func items(ownedBy task: Int) -> [FlowIndexPath] {
        (0..<40).flatMap { s in stride(from: task, to: 500, by: taskCount).map { FlowIndexPath(item: $0, section: s) } }
    }

    @Test("tasks reporting and querying at once end where the same reports in order end")
    func concurrentReportsAndQueries() async throws {
        let engine = try FlowLayoutEngine(configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport)
        let rounds = 3 * LongRuns.factor
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(task))
                    let owned = Self.items(ownedBy: task)
                    for round in 0..<rounds {
                        for batch in stride(from: 0, to: owned.count, by: 20) {
                            let reports = owned[batch..<min(batch + 20, owned.count)].map {
                                SizeReport(indexPath: $0, size: Self.size($0, round: round))
                            }
                            let offset = random.double(0...200_000)
                            let result = try await engine.performFrame(
                                FrameRequest(visibleRect: Rect(x: 0, y: offset, width: 390, height: 844), sizeReports: reports))
                            #expect(result.elements.allSatisfy { $0.frame.touches(result.visibleRect) })
                            _ = try await engine.layoutAttributesForItem(at: owned[random.int(0...(owned.count - 1))])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }

        // The same final sizes, applied in order on one thread.
        var sequential = try FlowLayoutState(configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport)
        var final: [FlowIndexPath: Size] = [:]
        for task in 0..<Self.taskCount {
            for indexPath in Self.items(ownedBy: task) { final[indexPath] = Self.size(indexPath, round: rounds - 1) }
        }
        _ = try sequential.reportSizes(final.map { SizeReport(indexPath: $0.key, size: $0.value) })
        let size = await engine.exactContentSize()
        #expect(size == sequential.exactContentSize())
        let everything = Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        let concurrentElements = try await engine.layoutAttributesForElements(in: everything)
        #expect(concurrentElements == (try sequential.layoutAttributesForElements(in: everything)))
        let reference = ReferenceLayout(
            configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport, reportedSizes: final)
        #expect(concurrentElements == reference.attributes)
    }

    @Test("a batch in withState is atomic: no other task sees half of it")
    func atomicBatches() async throws {
        let engine = try FlowLayoutEngine(configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport)
        let reports = Self.items(ownedBy: 0).prefix(200).map { SizeReport(indexPath: $0, size: Size(width: 120, height: 90)) }
        let before = await engine.contentSize
        try await withThrowingTaskGroup(of: Size.self) { group in
            group.addTask {
                try await engine.withState { state in
                    for report in reports { _ = try state.reportSizes([report]) }
                    return state.contentSize
                }
            }
            for _ in 0..<16 {
                group.addTask { await engine.contentSize }
            }
            var seen = Set<Double>()
            for try await size in group { seen.insert(size.height) }
            // Every observer saw the state before or after the whole batch.
            let after = await engine.contentSize
            #expect(seen.isSubset(of: [before.height, after.height]))
        }
    }

    @Test("refused calls from many tasks leave the engine as it was")
    func concurrentRefusals() async throws {
        let engine = try FlowLayoutEngine(configuration: Self.configuration, sections: Self.sections, viewportSize: Self.viewport)
        let before = try await engine.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 5_000))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.taskCount {
                group.addTask {
                    for item in 0..<50 {
                        _ = try? await engine.reportSizes([
                            SizeReport(indexPath: FlowIndexPath(item: item, section: 0), size: Size(width: 10, height: 10)),
                            SizeReport(indexPath: FlowIndexPath(item: 500 + task, section: 0), size: Size(width: 10, height: 10)),
                        ])
                    }
                }
            }
        }
        #expect(try await engine.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 390, height: 5_000)) == before)
    }
}
