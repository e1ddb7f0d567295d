import FlowLayoutHosting

/// The host adapter's cost per frame (issue 11): what a `UICollectionViewLayout`
/// subclass forwarding to ``FlowLayoutHost`` pays on the main thread.
///
/// One frame is UIKit's sequence for a scroll step: the bounds change
/// (`shouldInvalidateLayout(forBoundsChange:)`), the elements in the new
/// bounds, then each visible cell's preferred size
/// (`shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`
/// and, for a new size, its invalidation context, whose adjustment moves the
/// content offset). Cells report their real sizes as they first appear, so
/// frames that bring new cells carry reports and the others only checks.
extension Scenarios {
    func hostFrame() throws -> [BenchRow] {
        let load = workload(items: mediumItems, sections: mediumSections)
        let host = try FlowLayoutHost(
            configuration: load.configuration, sections: load.sections,
            bounds: Rect(origin: .zero, size: viewport))
        let (timing, reports) = try scrollFrames(of: host, load: load)
        let frames = scrollFrames
        return [
            BenchRow(
                scenario: "host-frame",
                operation: "adapter frame: bounds + rect + preferred sizes, \(grouped(mediumItems)) items",
                engine: timing, engineMemoryBytes: host.state.memoryFootprint, items: mediumItems,
                note: "\(grouped(frames)) frames, \(grouped(reports)) size changes, "
                    + "\(grouped(host.counters.unchangedSizes)) unchanged sizes")
        ]
    }

    /// Times ``scrollFrames`` frames of `host` (``hostFrame(_:offset:load:)``)
    /// scrolling at changing speeds, both ways; returns the timings and the
    /// number of sizes applied. The drop-in's bench scrolls the same way.
    func scrollFrames(of host: FlowLayoutHost, load: ScrollWorkload) throws -> (timing: Percentiles, reports: Int) {
        var offset = 0.0
        var reports = 0
        let speeds = [6.0, 14, 30, 60, -20, 45, 90, -8]
        let timing = try Timing.repeated(scrollFrames) { index in
            offset = max(0, offset + speeds[index / 150 % speeds.count])
            reports += try hostFrame(host, offset: offset, load: load)
            offset = host.bounds.minY
        }
        return (timing, reports)
    }

    /// One frame through the host in UIKit's order (a bounds change, then each
    /// visible cell's preferred size); returns the number of sizes it applied.
    /// The drop-in's bench (`UIKitScenario`) runs the same frame.
    func hostFrame(_ host: FlowLayoutHost, offset: Double, load: ScrollWorkload) throws -> Int {
        var bounds = host.bounds
        bounds.origin.y = offset
        if try host.shouldInvalidateLayout(forBoundsChange: bounds) {
            host.invalidateLayout(with: try host.invalidationContext(forBoundsChange: bounds))
        }
        host.prepare()
        var applied = 0
        for original in try host.layoutAttributesForElements(in: host.bounds) where original.category == .cell {
            var preferred = original
            preferred.frame.size = load.realSize(original.indexPath)
            guard try host.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
            else { continue }
            host.invalidateLayout(
                with: try host.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
            applied += 1
        }
        return applied
    }
}
