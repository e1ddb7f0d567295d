import Foundation
import FlowLayout

/// A simulated user scrolling a self-sizing collection, frame by frame, as a
/// host would drive the engine: each frame is one actor call that passes the
/// visible rect and the real sizes of the items that came on screen in the
/// previous frame, and gets back what to show and the content-offset adjustment
/// to apply. Runs on a nonisolated task, so each call is a cheap hop.
///
/// The anchor's on-screen jump is measured from what the call returns: the
/// anchor's frame before the frame's updates and its frame among the elements
/// returned after them, each against the scroll offset of its moment.
struct ScrollSession {
    /// Options that shape a session.
    struct Options: Sendable {
        var framesPerSecond = 120.0
        var gestures: [Gesture] = []
        var anchor = FlowLayoutOptions.ScrollAnchor.firstVisibleItem
        var refineEstimate = false
        /// Drive the core directly instead of the actor.
        var synchronous = false
    }

    /// One frame's record, for traces and the text view.
    struct FrameRecord: Sendable {
        var index: Int
        var gesture: String
        var offset: Double
        var adjustment: Double
        var reports: Int
        var shown: Int
        var engineMicros: Double
        var contentExtent: Double
        var anchor: ElementIdentifier?
        var anchorJump: Double
        var visibleRect: Rect
        var elements: [LayoutAttributes]
    }

    let workload: ScrollWorkload
    let options: Options
    let engine: LayoutDriver
    private let direction: ScrollDirection
    private var offset = 0.0
    private var contentExtent = 0.0
    private var measured = Set<FlowIndexPath>()
    private var toReport: [SizeReport] = []
    private(set) var report = ScrollReport()
    private var frameTimes: [Double] = []
    private var estimateErrors: [Double] = []

    /// Creates the engine for `workload`; the first frame comes with ``run(each:)``.
    init(workload: ScrollWorkload, options: Options) throws {
        self.workload = workload
        self.options = options
        direction = workload.configuration.scrollDirection
        do {
            engine = try LayoutDriver(
                configuration: workload.configuration, sections: workload.sections,
                viewportSize: workload.viewportSize,
                options: FlowLayoutOptions(
                    scrollAnchor: options.anchor, estimateRefinement: options.refineEstimate ? .meanOfReportedSizes : .off),
                synchronous: options.synchronous)
        } catch {
            throw InputError("\(error)")
        }
    }

    private var viewportExtent: Double { direction == .vertical ? workload.viewportSize.height : workload.viewportSize.width }
    private var maximumOffset: Double { max(0, contentExtent - viewportExtent) }

    /// Runs every gesture; calls `each` after every frame (return `false` to stop).
    mutating func run(each: (FrameRecord) -> Bool) async throws {
        contentExtent = extent(await engine.contentSize)
        report.contentStart = contentExtent
        report.totalItems = workload.sections.reduce(0) { $0 + $1.itemCount }
        if !(try await frame(to: 0, gesture: "start", each: each)) { return finish() }
        let dt = 1 / options.framesPerSecond
        for gesture in options.gestures {
            switch gesture {
            case let .drag(speed, seconds):
                for _ in 0..<max(1, Int((seconds * options.framesPerSecond).rounded())) {
                    if !(try await frame(to: offset + speed * dt, gesture: gesture.description, each: each)) { return finish() }
                }
            case .fling(var velocity):
                let decay = pow(0.998, 1000 * dt)
                while abs(velocity) > 10 {
                    let target = offset + velocity * dt
                    if !(try await frame(to: target, gesture: gesture.description, each: each)) { return finish() }
                    if target < 0 || target > maximumOffset { break }
                    velocity *= decay
                }
            case .jump(let target):
                let indexPath = try await resolve(target)
                let attributes = try await engine.layoutAttributesForItem(at: indexPath)
                if !(try await land(on: direction.crossMin(attributes.frame), gesture: gesture.description, each: each)) {
                    return finish()
                }
            case .end:
                if !(try await land(on: .infinity, gesture: "end", each: each)) { return finish() }
            case .top:
                if !(try await land(on: 0, gesture: "top", each: each)) { return finish() }
            case .pause(let seconds):
                for _ in 0..<Int((seconds * options.framesPerSecond).rounded()) {
                    if !(try await frame(to: offset, gesture: gesture.description, each: each)) { return finish() }
                }
            }
        }
        finish()
    }

    /// A scroll to `target` in one frame, then a quarter second at rest while the
    /// newly visible items report their sizes.
    private mutating func land(on target: Double, gesture: String, each: (FrameRecord) -> Bool) async throws -> Bool {
        if !(try await frame(to: target, gesture: gesture, each: each)) { return false }
        for _ in 0..<Int((options.framesPerSecond / 4).rounded()) {
            if !(try await frame(to: offset, gesture: gesture, each: each)) { return false }
        }
        return true
    }

    private func resolve(_ target: Gesture.ItemTarget) async throws -> FlowIndexPath {
        let counts = workload.sections.lazy.map(\.itemCount)
        let total = report.totalItems
        func path(global: Int) throws -> FlowIndexPath {
            guard total > 0 else { throw InputError("jump: the collection has no items") }
            var remaining = min(max(global, 0), total - 1)
            for (section, count) in counts.enumerated() {
                if remaining < count { return FlowIndexPath(item: remaining, section: section) }
                remaining -= count
            }
            return FlowIndexPath(item: 0, section: 0)
        }
        switch target {
        case let .indexPath(section, item):
            guard section < counts.count, item < counts[section] else {
                throw InputError("jump: item \(item) of section \(section) does not exist")
            }
            return FlowIndexPath(item: item, section: section)
        case .global(let index): return try path(global: index)
        case .fraction(let fraction): return try path(global: Int(fraction * Double(total)))
        }
    }

    /// One frame: scroll to `target` (clamped to the content), report what was
    /// measured, apply the adjustment. Returns what `each` returns.
    private mutating func frame(to target: Double, gesture: String, each: (FrameRecord) -> Bool) async throws -> Bool {
        let requested = min(max(target, 0), maximumOffset)
        let rect = direction.visibleRect(offset: requested, viewport: workload.viewportSize)
        let reports = toReport
        let start = ContinuousClock.now
        let result = try await engine.performFrame(FrameRequest(visibleRect: rect, sizeReports: reports))
        let micros = Measure.micros(since: start)
        frameTimes.append(micros)
        let adjustment = direction == .vertical ? result.update.contentOffsetAdjustment.y : result.update.contentOffsetAdjustment.x
        offset = requested + adjustment
        contentExtent = extent(result.update.contentSize)

        // Where the anchor was on screen before the frame's updates, and where it
        // is after them and the adjustment, read from the elements returned.
        var jump = 0.0
        if let anchor = result.update.anchor, let old = result.update.previousAnchorFrame,
            let new = result.elements.first(where: { $0.identifier == anchor })?.frame
        {
            let leading = options.anchor == .firstVisibleItem
            let oldEdge = leading ? direction.crossMin(old) : direction.crossMax(old)
            let newEdge = leading ? direction.crossMin(new) : direction.crossMax(new)
            jump = abs((newEdge - offset) - (oldEdge - requested))
        }
        report.maxAnchorJump = max(report.maxAnchorJump, jump)
        report.sizeReports += reports.count
        if !reports.isEmpty { report.framesWithReports += 1 }

        toReport = []
        for element in result.elements where element.category == .cell && !measured.contains(element.indexPath) {
            measured.insert(element.indexPath)
            let size = workload.realSize(element.indexPath)
            toReport.append(SizeReport(indexPath: element.indexPath, size: size))
            let estimate = extent(workload.configuration.estimatedItemSize)
            if estimate > 0 { estimateErrors.append(abs(extent(size) - estimate) / estimate) }
        }
        report.frames += 1
        return each(
            FrameRecord(
                index: report.frames - 1, gesture: gesture, offset: offset, adjustment: adjustment,
                reports: reports.count, shown: result.elements.count, engineMicros: micros,
                contentExtent: contentExtent, anchor: result.update.anchor, anchorJump: jump,
                visibleRect: result.visibleRect, elements: result.elements))
    }

    private mutating func finish() {
        report.contentEnd = contentExtent
        report.itemsShown = measured.count
        report.frameMicros = Percentiles(frameTimes)
        if !estimateErrors.isEmpty {
            report.estimateErrorMean = estimateErrors.reduce(0, +) / Double(estimateErrors.count)
            report.estimateErrorMax = estimateErrors.max() ?? 0
        }
        report.peakMemoryBytes = Measure.peakMemoryBytes()
    }

    private func extent(_ size: Size) -> Double { direction == .vertical ? size.height : size.width }
}

extension ScrollDirection {
    /// The visible rect at a scroll offset.
    func visibleRect(offset: Double, viewport: Size) -> Rect {
        self == .vertical
            ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
            : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
    }

    /// A rect's leading edge along the scroll axis.
    func crossMin(_ rect: Rect) -> Double { self == .vertical ? rect.minY : rect.minX }
    /// A rect's trailing edge along the scroll axis.
    func crossMax(_ rect: Rect) -> Double { self == .vertical ? rect.maxY : rect.maxX }
}
