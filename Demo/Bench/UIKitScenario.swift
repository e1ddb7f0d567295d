import FlowLayoutHosting
import FlowLayoutReference

/// The drop-in `FlowCollectionViewLayout`'s costs (issue 16). The subclass
/// needs UIKit, which the demo does not have (on Linux its file is compiled
/// only in tests, against a test-only surface), so these rows time the code
/// path it runs: the ``FlowLayoutHost`` calls each of its overrides makes, in
/// UIKit's order, with UIKit's default rounding to the screen's scale (3).
/// They leave out what UIKit itself adds (the attributes objects).
extension Scenarios {
    func uikit() throws -> [BenchRow] {
        [try uikitScrollFrame(), try uikitMoveStep()]
    }

    /// A scroll frame over 1,000,000 self-sizing items: the bounds change, the
    /// elements in the new bounds, each visible cell's preferred size (and, for
    /// a new one, its invalidation context).
    private func uikitScrollFrame() throws -> BenchRow {
        let items = 1_000_000
        let load = workload(items: items, sections: 1_000)
        var options = load.options
        options.displayScale = 3
        let host = try FlowLayoutHost(
            configuration: load.configuration, sections: load.sections, bounds: Rect(origin: .zero, size: viewport),
            options: options)
        let (timing, reports) = try scrollFrames(of: host, load: load)
        var row = BenchRow(
            scenario: "uikit", operation: "uikit: scroll frame, \(grouped(items)) self-sizing", engine: timing,
            engineMemoryBytes: host.state.memoryFootprint, items: items,
            note: "host calls of FlowCollectionViewLayout; \(grouped(reports)) size changes; target p99 ≤ 30 µs")
        row.referenceNote = "no reference frame"
        return row
    }

    /// One step of an interactive movement in a section of 100,000 items: the
    /// hit test under the finger, the move to the new target, the elements in
    /// view after it.
    private func uikitMoveStep() throws -> BenchRow {
        let items = 100_000
        let configuration = FlowLayoutConfiguration(itemSize: Size(width: 90, height: 90))
        let sizes = (0..<items).map { (item: Int) -> Size in
            let width = Double(60 + item * 37 % 80)
            let height = Double(50 + item * 53 % 60)
            return Size(width: width, height: height)
        }
        let host = try FlowLayoutHost(
            configuration: configuration, sections: [FlowSection(itemSizes: sizes)],
            bounds: Rect(x: 0, y: 400_000, width: viewport.width, height: viewport.height))
        _ = try host.layoutAttributesForElements(in: host.bounds)
        let visible: [LayoutAttributes] = try host.layoutAttributesForElements(in: host.bounds)
        let first = visible.first { $0.category == .cell }
        var current = first?.indexPath ?? FlowIndexPath(item: 0, section: 0)
        var inView = visible.filter { $0.category == .cell }
        var moves = 0
        // Each step the finger lands on another cell in view (7 cells on,
        // wrapping): a change of target every step.
        let timing = try Timing.repeated(scrollFrames) { index in
            let under = inView[(index * 7 + 3) % inView.count]
            let finger = Point(x: under.frame.midX, y: under.frame.midY)
            guard let target = try host.indexPathForItem(at: finger), target != current else { return }
            host.invalidateLayout(with: try host.invalidationContext(forMovingItemAt: current, to: target))
            inView = try host.layoutAttributesForElements(in: host.bounds).filter { $0.category == .cell }
            current = target
            moves += 1
        }
        var row = BenchRow(
            scenario: "uikit", operation: "uikit: interactive move step, \(grouped(items))", engine: timing,
            engineMemoryBytes: host.state.memoryFootprint, items: items,
            note: "\(grouped(moves)) target changes of \(grouped(scrollFrames)) steps; target ≤ 20 µs median")
        if engineOnly {
            row.referenceNote = "skipped"
        } else {
            var order = Array(sizes.indices)
            row.reference = Timing.repeated(referenceRepeats) { index in
                order.swapAt(index, index + 1)
                let reference = ReferenceLayout(
                    configuration: configuration, sections: [FlowSection(itemSizes: order.map { sizes[$0] })],
                    viewportSize: viewport)
                _ = reference.elements(in: host.bounds)
            }
        }
        return row
    }
}
