import FlowLayout
import FlowLayoutReference

/// The `waterfall` scenario (`flow-layout.md` 12): a photo feed of
/// self-sizing cards in two columns, each card measured at the column's
/// width to a height of its own. Its rows are the targets: creating
/// a million-card feed and showing its first screen, scrolling through it
/// measuring what appears, one report, an insertion at the top of a
/// measured million, a full layout of given sizes, and what a measured card
/// costs in memory.
extension Scenarios {
    /// The feed's configuration: two columns, cards estimated square.
    var waterfallConfiguration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = 8
        configuration.minimumLineSpacing = 8
        configuration.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        configuration.estimatedItemSize = Size(width: 183, height: 183)
        configuration.waterfall = .count(2)
        return configuration
    }

    /// Card `item`'s measured size: the column's width (183 here), a height
    /// of its own, from 120 to 360 points.
    func waterfallCard(_ item: Int) -> Size {
        var random = SeededRandom(seed: UInt64(item) &* 0x9E37_79B9 &+ 17)
        return Size(width: 183, height: (random.double(120...360) * 2).rounded() / 2)
    }

    func waterfall() async throws -> [BenchRow] {
        var rows: [BenchRow] = []
        let items = mediumItems
        let configuration = waterfallConfiguration
        let label = grouped(items)

        if runs("waterfall: create") {
            var memory = 0
            // The first creation in the process also builds the runtime's metadata of
            // the waterfall's generic types, once: untimed (the huge-section rows do the same).
            var first = try FlowLayoutState(
                configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
            _ = try first.performFrame(FrameRequest(visibleRect: rect(at: 0)))
            let create = try Timing.repeated(repeats) { _ in
                var state = try FlowLayoutState(
                    configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
                _ = try state.performFrame(FrameRequest(visibleRect: rect(at: 0)))
                memory = state.memoryFootprint
            }
            var row = BenchRow(
                scenario: "waterfall", operation: "waterfall: create + first viewport, \(label) self-sizing", engine: create,
                engineMemoryBytes: memory, items: items, note: "core, no actor; target p99 ≤ 20 µs")
            if engineOnly {
                row.referenceNote = "skipped"
            } else {
                row.reference = Timing.repeated(referenceRepeats) { _ in
                    let model = ReferenceModel(
                        configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
                    _ = model.layout().elements(in: rect(at: 0))
                }
            }
            rows.append(row)
        }

        if runs("waterfall: scroll frame") {
            var state = try FlowLayoutState(
                configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
            var measured = Set<Int>()
            var reports: [SizeReport] = []
            var offset = 0.0
            var jumps = 0
            let frames = try Timing.repeated(scrollFrames) { index in
                // 120 Hz: 16 points a frame, and now and then a jump far down.
                if index % 500 == 499 {
                    offset += 200_000
                    jumps += 1
                } else {
                    offset += 16
                }
                let result = try state.performFrame(FrameRequest(visibleRect: rect(at: offset), sizeReports: reports))
                offset = result.visibleRect.minY
                reports.removeAll(keepingCapacity: true)
                for element in result.elements where element.category == .cell && !measured.contains(element.indexPath.item) {
                    measured.insert(element.indexPath.item)
                    reports.append(SizeReport(indexPath: element.indexPath, size: waterfallCard(element.indexPath.item)))
                }
            }
            rows.append(
                BenchRow(
                    scenario: "waterfall", operation: "waterfall: scroll frame, \(label) self-sizing", engine: frames,
                    referenceNote: "–", engineMemoryBytes: state.memoryFootprint, items: items,
                    note:
                        "\(grouped(scrollFrames)) frames (rect + the reports of what appeared), \(grouped(measured.count)) measured, \(jumps) jumps; target p99 ≤ 50 µs"
                ))
        }

        if runs("waterfall: one report") {
            var state = try FlowLayoutState(
                configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
            try state.setVisibleRect(rect(at: 400_000))
            var random = SeededRandom(seed: 23)
            let reports = (0..<stormReports).map { _ in
                let item = random.int(0..<items)
                return SizeReport(indexPath: FlowIndexPath(item: item, section: 0), size: waterfallCard(item))
            }
            let timings = try Timing.repeated(stormReports) { index in _ = try state.reportSizes([reports[index]]) }
            var row = BenchRow(
                scenario: "waterfall", operation: "waterfall: one report, \(label)", engine: timings,
                engineMemoryBytes: state.memoryFootprint, items: items, note: "random cards, V held; target ≤ 5 µs")
            if !engineOnly {
                row.reference = Timing.repeated(referenceRepeats) { index in
                    var model = ReferenceModel(
                        configuration: configuration, sections: [FlowSection(itemCount: items)], viewportSize: viewport)
                    model.apply([reports[index]])
                    _ = model.layout().contentSize
                }
            }
            row.referenceNote = engineOnly ? "skipped" : "\(referenceRepeats) reports"
            rows.append(row)
        }

        let given = [FlowSection(itemSizes: (0..<items).map(waterfallCard))]
        var laidOut: FlowLayoutState?
        if runs("waterfall: full layout", "waterfall: insert") {
            var memory = 0
            // Each layout is kept until the timing ends: letting one go is not laying it out.
            var layouts: [FlowLayoutState] = []
            let full = try Timing.repeated(quick ? 3 : 7) { _ in
                var state = try FlowLayoutState(configuration: configuration, sections: given, viewportSize: viewport)
                _ = state.exactContentSize()
                layouts.append(state)
            }
            memory = layouts[0].memoryFootprint
            laidOut = layouts.removeLast()
            layouts.removeAll()
            var row = BenchRow(
                scenario: "waterfall", operation: "waterfall: full layout, \(label) given sizes", engine: full,
                engineMemoryBytes: memory, items: items,
                note: String(
                    format: "%.1f ns per item, %.1f B per measured item (16 B are its size); targets ≤ 30 ns, ≤ 25 B",
                    full.median * 1000 / Double(items), Double(memory) / Double(items)))
            row.bytesPerMeasuredItem = Double(memory) / Double(items)
            if engineOnly {
                row.referenceNote = "skipped"
            } else {
                row.reference = Timing.repeated(referenceRepeats) { _ in
                    _ = ReferenceModel(configuration: configuration, sections: given, viewportSize: viewport).layout().contentSize
                }
            }
            if keeps(row.operation) { rows.append(row) }
        }

        if runs("waterfall: insert"), var state = laidOut {
            laidOut = nil
            try state.setVisibleRect(rect(at: 0))
            let timings = try Timing.repeated(stormReports / 10) { index in
                var batch = BatchUpdate()
                batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: waterfallCard(items + index))
                _ = try state.performBatchUpdates(batch)
            }
            var row = BenchRow(
                scenario: "waterfall", operation: "waterfall: insert 1 at the top, \(label) measured", engine: timings,
                engineMemoryBytes: state.memoryFootprint, items: items, note: "V at the top; target ≤ 10 µs")
            if !engineOnly {
                row.reference = Timing.repeated(referenceRepeats) { index in
                    var model = ReferenceModel(configuration: configuration, sections: given, viewportSize: viewport)
                    var batch = BatchUpdate()
                    batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: waterfallCard(items + index))
                    model.apply(batch)
                    _ = model.layout().contentSize
                }
            }
            row.referenceNote = engineOnly ? "skipped" : "\(referenceRepeats) inserts"
            rows.append(row)
        }
        return rows
    }
}
