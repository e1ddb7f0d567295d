import FlowLayout
import FlowLayoutReference

/// The benchmark's scenarios. Each runs the engine and, where it can finish in
/// reasonable time, the eager reference layout in the same process; where the
/// reference is capped, the row says how.
struct Scenarios {
    let quick: Bool
    /// Drive the core directly instead of through the actor.
    var synchronous = false
    /// Skip the reference layout (for instruction counts of the engine alone).
    var engineOnly = false
    /// Keep only the rows whose operation contains this text (`--rows`),
    /// ignoring case; `nil` keeps every row.
    var rowFilter: String?
    var coldItems: Int { quick ? 1_000_000 : 10_000_000 }
    var coldSections: Int { quick ? 1_000 : 10_000 }
    var referenceCap: Int { quick ? 100_000 : 1_000_000 }
    var mediumItems: Int { quick ? 100_000 : 1_000_000 }
    var mediumSections: Int { quick ? 100 : 1_000 }
    var scrollFrames: Int { quick ? 1_000 : 10_000 }
    var stormReports: Int { quick ? 10_000 : 100_000 }
    var hugeItems: Int { quick ? 1_000_000 : 10_000_000 }
    var jumps: Int { quick ? 200 : 1_000 }
    var repeats: Int { quick ? 5 : 21 }
    var referenceRepeats: Int { quick ? 2 : 3 }
    let viewport = Size(width: 390, height: 844)

    static let names = [
        "cold-start", "jump", "scroll", "host-frame", "report-storm", "full-layout", "huge-section", "updates",
        "presentation", "parse", "uikit", "snapshots", "waterfall",
    ]

    /// The self-sizing workload of `items` items in `sections` sections.
    func workload(items: Int, sections: Int) -> ScrollWorkload {
        .generated(
            sectionCount: sections, itemsPerSection: items / sections, estimate: Size(width: 180, height: 140),
            variation: 0.5, seed: 7, viewport: viewport, direction: .vertical)
    }

    /// Whether the row named `operation` is kept by ``rowFilter``.
    func keeps(_ operation: String) -> Bool {
        guard let rowFilter else { return true }
        return operation.lowercased().contains(rowFilter.lowercased())
    }

    /// Whether a group of rows runs: some row it times is kept. A scenario
    /// whose groups set up their own collections skips the others (under
    /// callgrind, only the kept rows' work is counted).
    func runs(_ operations: String...) -> Bool { operations.contains(where: keeps) }

    func rect(at offset: Double) -> Rect { Rect(x: 0, y: offset, width: viewport.width, height: viewport.height) }

    // MARK: cold start

    func coldStart() async throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for (items, sections) in [(referenceCap, referenceCap / 1_000), (coldItems, coldSections)] {
            let load = workload(items: items, sections: sections)
            var memory = 0
            let engine = try await Timing.repeatedAsync(repeats) { _ in
                let sectionList = [FlowSection](repeating: FlowSection(itemCount: items / sections), count: sections)
                let engine = try LayoutDriver(
                    configuration: load.configuration, sections: sectionList, viewportSize: viewport,
                    synchronous: synchronous)
                _ = try await engine.performFrame(FrameRequest(visibleRect: rect(at: 0)))
                memory = await engine.memoryFootprint
            }
            var row = BenchRow(
                scenario: "cold start", operation: "create + first viewport, \(grouped(items)) items",
                engine: engine, engineMemoryBytes: memory, items: items)
            if engineOnly {
                row.referenceNote = "skipped"
            } else if items <= referenceCap {
                row.reference = Timing.repeated(referenceRepeats) { _ in
                    let reference = ReferenceLayout(
                        configuration: load.configuration, sections: load.sections, viewportSize: viewport)
                    _ = reference.elements(in: rect(at: 0))
                }
            } else {
                row.referenceNote = "capped at \(grouped(referenceCap))"
            }
            rows.append(row)
        }
        return rows
    }

    // MARK: jump

    func jump() async throws -> [BenchRow] {
        let load = workload(items: coldItems, sections: coldSections)
        let engine = try LayoutDriver(
            configuration: load.configuration, sections: load.sections, viewportSize: viewport, synchronous: synchronous)
        let extent = await engine.contentSize.height
        var random = SeededRandom(seed: 11)
        let offsets = (0..<jumps).map { _ in random.double(0...(extent - viewport.height)) }
        let timings = try await Timing.repeatedAsync(jumps) { index in
            _ = try await engine.performFrame(FrameRequest(visibleRect: rect(at: offsets[index])))
        }
        var row = BenchRow(
            scenario: "jump", operation: "frame at a random offset, \(grouped(coldItems)) items", engine: timings,
            engineMemoryBytes: await engine.memoryFootprint, items: coldItems,
            note: synchronous ? "core, no actor" : "through the actor")
        row.referenceNote = "capped at \(grouped(referenceCap))"
        return [row]
    }

    // MARK: scroll

    func scroll() async throws -> [BenchRow] {
        let load = workload(items: mediumItems, sections: mediumSections)
        let session = try await motionSession(load)
        let report = session.report
        let memory = await session.engine.memoryFootprint
        var row = BenchRow(
            scenario: "scroll", operation: "120 Hz frame: rect + reports, \(grouped(mediumItems)) items",
            engine: report.frameMicros, engineMemoryBytes: memory, items: mediumItems,
            note: "\(grouped(report.frames)) frames, \(grouped(report.sizeReports)) reports, max jump \(report.maxAnchorJump) pt")
        if engineOnly {
            row.referenceNote = "skipped"
            return [row]
        }
        // The eager layout lays everything out again for every frame that brings sizes.
        var reported: [FlowIndexPath: Size] = [:]
        for item in 0..<min(2_000, mediumItems) {
            let indexPath = FlowIndexPath(item: item % (mediumItems / mediumSections), section: item / (mediumItems / mediumSections))
            reported[indexPath] = load.realSize(indexPath)
        }
        row.reference = Timing.repeated(5) { index in
            let reference = ReferenceLayout(
                configuration: load.configuration, sections: load.sections, viewportSize: viewport, reportedSizes: reported)
            _ = reference.elements(in: rect(at: Double(index) * 500))
        }
        row.referenceNote = "5 frames"
        return [row]
    }

    /// A session over `load` after ``scrollFrames`` frames of mostly motion:
    /// long drags and flings both ways, and jumps into unmeasured content;
    /// headers pinned when `pinHeaders`. The scroll and pinned-header rows run it.
    func motionSession(_ load: ScrollWorkload, pinHeaders: Bool = false) async throws -> ScrollSession {
        var options = ScrollSession.Options()
        options.synchronous = synchronous
        options.pinHeaders = pinHeaders
        var random = SeededRandom(seed: 3)
        let script = (0..<40).map { "drag:2400:1.5,fling:16000,jump:\(($0 * 37) % 100)%,drag:-2400:1,fling:-12000" }
        options.gestures = try Gesture.parseScript(script.joined(separator: ","), random: &random)
        var session = try ScrollSession(workload: load, options: options)
        let frames = scrollFrames
        try await session.run { $0.index + 1 < frames }
        return session
    }

    // MARK: report storm

    func reportStorm() throws -> [BenchRow] {
        let load = workload(items: mediumItems, sections: mediumSections)
        let perSection = mediumItems / mediumSections
        var random = SeededRandom(seed: 5)
        func randomReport() -> SizeReport {
            let indexPath = FlowIndexPath(item: random.int(0..<perSection), section: random.int(0..<mediumSections))
            return SizeReport(indexPath: indexPath, size: load.realSize(indexPath))
        }
        var rows: [BenchRow] = []

        var state = try FlowLayoutState(configuration: load.configuration, sections: load.sections, viewportSize: viewport)
        let before = state.memoryFootprint
        let reports = (0..<stormReports).map { _ in randomReport() }
        let single = try Timing.repeated(stormReports) { index in _ = try state.reportSizes([reports[index]]) }
        let stored = state.storedSizeCount
        var row = BenchRow(
            scenario: "report storm", operation: "1 random report, \(grouped(mediumItems)) items", engine: single,
            engineMemoryBytes: state.memoryFootprint, items: mediumItems,
            note: String(
                format: "%.1f B per measured item (%@ stored, sparse)", Double(state.memoryFootprint - before) / Double(max(stored, 1)),
                grouped(stored)))
        if !engineOnly {
            row.reference = Timing.repeated(referenceRepeats) { index in
                let reference = ReferenceLayout(
                    configuration: load.configuration, sections: load.sections, viewportSize: viewport,
                    reportedSizes: [reports[index].indexPath: reports[index].size])
                _ = reference.contentSize
            }
        }
        row.referenceNote = engineOnly ? "skipped" : "\(referenceRepeats) reports"
        rows.append(row)

        var batched = try FlowLayoutState(configuration: load.configuration, sections: load.sections, viewportSize: viewport)
        let batches = (0..<(stormReports / 20)).map { _ in (0..<20).map { _ in randomReport() } }
        let batchTimings = try Timing.repeated(batches.count) { index in _ = try batched.reportSizes(batches[index]) }
        var batchRow = BenchRow(
            scenario: "report storm", operation: "batch of 20 random reports", engine: batchTimings,
            engineMemoryBytes: batched.memoryFootprint, items: mediumItems,
            note: "\(Measure.micros(batchTimings.median / 20)) per report")
        batchRow.reference = row.reference
        batchRow.referenceNote = "one relayout per batch"
        rows.append(batchRow)

        // Dense: every item of a tenth of the collection measured in order, as a
        // long scroll would: what a measured item costs.
        var dense = try FlowLayoutState(configuration: load.configuration, sections: load.sections, viewportSize: viewport)
        let denseBefore = dense.memoryFootprint
        let denseSections = max(1, mediumSections / 10)
        let order = (0..<denseSections).flatMap { s in (0..<perSection).map { FlowIndexPath(item: $0, section: s) } }
        let denseBatches = stride(from: 0, to: order.count, by: 20).map { start in
            order[start..<min(start + 20, order.count)].map { SizeReport(indexPath: $0, size: load.realSize($0)) }
        }
        let denseTimings = try Timing.repeated(denseBatches.count) { index in _ = try dense.reportSizes(denseBatches[index]) }
        let denseStored = dense.storedSizeCount
        rows.append(
            BenchRow(
                scenario: "report storm", operation: "batch of 20 in order (dense)", engine: denseTimings,
                referenceNote: "–", engineMemoryBytes: dense.memoryFootprint, items: mediumItems,
                note: String(
                    format: "%.1f B per measured item (%@ measured)",
                    Double(dense.memoryFootprint - denseBefore) / Double(max(denseStored, 1)), grouped(denseStored))))

        // The same storm into large sections: what a report costs as sections grow.
        let largeSections = 10
        let large = workload(items: mediumItems, sections: largeSections)
        let largePerSection = mediumItems / largeSections
        var largeState = try FlowLayoutState(configuration: large.configuration, sections: large.sections, viewportSize: viewport)
        var largeRandom = SeededRandom(seed: 9)
        let largeReports = (0..<stormReports).map { _ in
            let indexPath = FlowIndexPath(item: largeRandom.int(0..<largePerSection), section: largeRandom.int(0..<largeSections))
            return SizeReport(indexPath: indexPath, size: large.realSize(indexPath))
        }
        let largeSingle = try Timing.repeated(stormReports) { index in _ = try largeState.reportSizes([largeReports[index]]) }
        rows.append(
            BenchRow(
                scenario: "report storm", operation: "1 random report, sections of \(grouped(largePerSection))",
                engine: largeSingle, referenceNote: "–", engineMemoryBytes: largeState.memoryFootprint, items: mediumItems))
        let largeBatches = (0..<(stormReports / 20)).map { batch in Array(largeReports[(batch * 20)..<(batch * 20 + 20)]) }
        var largeBatched = try FlowLayoutState(configuration: large.configuration, sections: large.sections, viewportSize: viewport)
        let largeBatchTimings = try Timing.repeated(largeBatches.count) { index in _ = try largeBatched.reportSizes(largeBatches[index]) }
        rows.append(
            BenchRow(
                scenario: "report storm", operation: "batch of 20, sections of \(grouped(largePerSection))",
                engine: largeBatchTimings, referenceNote: "–", engineMemoryBytes: largeBatched.memoryFootprint,
                items: mediumItems, note: "\(Measure.micros(largeBatchTimings.median / 20)) per report"))
        return rows
    }

    // MARK: full layout

    func fullLayout() throws -> [BenchRow] {
        let load = workload(items: mediumItems, sections: mediumSections)
        let perSection = mediumItems / mediumSections
        var configuration = load.configuration
        configuration.estimatedItemSize = .zero
        let sections = (0..<mediumSections).map { s in
            FlowSection(itemSizes: (0..<perSection).map { load.realSize(FlowIndexPath(item: $0, section: s)) })
        }
        var memory = 0
        let engine = try Timing.repeated(quick ? 3 : 7) { _ in
            var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
            _ = state.exactContentSize()
            memory = state.memoryFootprint
        }
        let reference =
            engineOnly
            ? nil
            : Timing.repeated(referenceRepeats) { _ in
                _ = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: viewport).contentSize
            }
        // Rect queries over explicit lines: viewports around the middle of the content.
        var state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport)
        let middle = state.exactContentSize().height / 2
        let queries = try Timing.repeated(jumps) { index in
            _ = try state.layoutAttributesForElements(in: rect(at: middle + Double(index % 100) * 997))
        }
        var queryRow = BenchRow(
            scenario: "full layout", operation: "viewport query at the middle", engine: queries,
            engineMemoryBytes: state.memoryFootprint, items: mediumItems, note: "core, explicit lines")
        if !engineOnly {
            let laidOut = ReferenceLayout(configuration: configuration, sections: sections, viewportSize: viewport)
            queryRow.reference = Timing.repeated(referenceRepeats) { index in
                _ = laidOut.elements(in: rect(at: middle + Double(index) * 997))
            }
        }
        return [
            BenchRow(
                scenario: "full layout", operation: "known sizes, all laid out, \(grouped(mediumItems)) items",
                engine: engine, reference: reference, engineMemoryBytes: memory, items: mediumItems,
                note: String(format: "%.1f ns per item (16 B/item are the sizes given)", engine.median * 1000 / Double(mediumItems))),
            queryRow,
        ]
    }

    // MARK: huge section

    /// The first call of an operation in a process also pays, once, for the
    /// Swift runtime's first use of the engine's generic types (their metadata
    /// built and their protocol conformances looked up by scanning every loaded
    /// library's conformance records: about 0.2 M instructions for each of
    /// `BTree<SectionRecord>`, `BTree<Run>` and `LineBreaker<RunReader>`,
    /// 100–300 µs in all). That is not the operation's cost, and with 21
    /// samples it would be the p99: each operation runs once untimed first (its
    /// time is in the note), then the samples are taken.
    func hugeSection() async throws -> [BenchRow] {
        let load = workload(items: hugeItems, sections: 1)
        var engine: LayoutDriver?
        func createAndShowFirstViewport() async throws {
            let created = try LayoutDriver(
                configuration: load.configuration, sections: [FlowSection(itemCount: hugeItems)], viewportSize: viewport,
                synchronous: synchronous)
            _ = try await created.performFrame(FrameRequest(visibleRect: rect(at: 0)))
            engine = created
        }
        let firstCreation = try await Timing.repeatedAsync(1) { _ in try await createAndShowFirstViewport() }
        let first = try await Timing.repeatedAsync(repeats) { _ in try await createAndShowFirstViewport() }
        guard let engine else { return [] }
        var rows = [
            BenchRow(
                scenario: "huge section", operation: "create + first viewport, 1 × \(grouped(hugeItems))",
                engine: first, referenceNote: "capped at \(grouped(referenceCap))",
                engineMemoryBytes: await engine.memoryFootprint, items: hugeItems,
                note: "first in the process (untimed in the samples): \(Measure.micros(firstCreation.max))")
        ]
        let middle = await engine.contentSize.height / 2
        let jump = try await Timing.repeatedAsync(repeats) { index in
            _ = try await engine.performFrame(FrameRequest(visibleRect: rect(at: middle + Double(index) * 3_000)))
        }
        rows.append(
            BenchRow(
                scenario: "huge section", operation: "jump to the middle", engine: jump,
                referenceNote: "capped at \(grouped(referenceCap))",
                engineMemoryBytes: await engine.memoryFootprint, items: hugeItems))
        // Measure what the jumps showed: islands of explicit lines in a sea of
        // estimates. The untimed first call measures above the timed ones.
        func queryAndReport(at index: Int) async throws {
            let rect = rect(at: middle + Double(index) * 3_000)
            let visible = try await engine.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
            let reports = visible.map { SizeReport(indexPath: $0.indexPath, size: load.realSize($0.indexPath)) }
            _ = try await engine.performFrame(FrameRequest(visibleRect: rect, sizeReports: reports))
        }
        let firstMeasure = try await Timing.repeatedAsync(1) { _ in try await queryAndReport(at: -1) }
        let measure = try await Timing.repeatedAsync(repeats) { index in try await queryAndReport(at: index) }
        rows.append(
            BenchRow(
                scenario: "huge section", operation: "middle: query + report visible sizes", engine: measure,
                referenceNote: "capped at \(grouped(referenceCap))",
                engineMemoryBytes: await engine.memoryFootprint, items: hugeItems,
                note: "timing includes one extra query hop; first in the process (untimed in the samples): "
                    + Measure.micros(firstMeasure.max)))
        return rows
    }
}

extension Timing {
    /// Times an async `body` `count` times.
    static func repeatedAsync(_ count: Int, _ body: (Int) async throws -> Void) async rethrows -> Percentiles {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let start = ContinuousClock.now
            try await body(index)
            samples.append(Measure.micros(since: start))
        }
        return Percentiles(samples)
    }
}
