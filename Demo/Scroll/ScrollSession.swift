import FlowLayout
import Foundation

/// A simulated user scrolling a self-sizing collection, frame by frame, as a
/// host would drive the engine: each frame is one actor call that passes the
/// visible rect and the real sizes of the items that came on screen in the
/// previous frame, and gets back what to show and the content-offset adjustment
/// to apply. Runs on a nonisolated task, so each call is a cheap hop.
///
/// Data changes come between frames, one `performBatchUpdates` call each
/// through the same driver, and the session applies the returned adjustment to
/// its offset as a host would. It keeps its own record of the items by identity
/// (``ItemLedger``): which were measured, and each one's real size, so that an
/// item keeps its size when a change moves it and an inserted item gets a new one.
///
/// The anchor's on-screen jump is measured from what each call returns: the
/// anchor's frame before the update (`previousAnchorFrame`) and its frame after
/// it (among the elements a frame returns, or the transitions a batch returns),
/// each against the scroll offset of its moment.
///
/// A chat session (``Options/chat``) adds what a messaging app's host does
/// between frames; see ``ChatOptions``.
struct ScrollSession {
    /// Options that shape a session.
    struct Options: Sendable {
        var framesPerSecond = 120.0
        var gestures: [Gesture] = []
        var anchor = FlowLayoutOptions.ScrollAnchor.firstVisibleItem
        var refineEstimate = false
        /// Drive the core directly instead of the actor.
        var synchronous = false
        /// Start at the end of the content instead of the top.
        var startAtEnd = false
        /// Start at this offset instead (a relaunch: where the restored
        /// layout placed its visible rect).
        var startOffset: Double?
        /// A chat's behaviour between frames, or `nil`.
        var chat: ChatOptions?
        /// Presentation (`flow-layout.md` 8), on top of the workload's own:
        /// section headers pinned, right to left, the pixel grid (0 is the
        /// workload's), and where flings come to rest.
        var pinHeaders = false
        var rightToLeft = false
        var displayScale = 0.0
        var snapping = FlowLayoutOptions.ScrollSnapping.none
    }

    /// The item of a scroll to an item, watched while the host stays: where
    /// the engine put it on screen, along the scroll axis.
    struct JumpWatch {
        var indexPath: FlowIndexPath
        var position: ScrollPosition
        /// Its edges and centre on screen (minus the offset), physical
        /// coordinates.
        var low: Double
        var high: Double
    }

    /// What a chat's host does between frames (`scroll --chat`).
    ///
    /// - History: whenever the visible rect comes within a screen of the top,
    ///   the next `page` older messages (unmeasured) are prepended, until
    ///   `history` have been loaded.
    /// - Arrivals: every `arrivalSeconds` of the session a new message is
    ///   appended. The view stays where the user reads, by the engine's anchor
    ///   alone; if they were at the bottom when it came, the host then scrolls to
    ///   the new bottom to show it, as chat apps do (a scroll, not an anchor jump).
    struct ChatOptions: Sendable {
        var history = 1_000
        var page = 50
        var arrivalSeconds = 1.5
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

    /// One data change's record, for traces.
    struct UpdateRecord: Sendable {
        /// The script token, or `history:N` and `message` for a chat's own.
        var gesture: String
        /// The offset after the adjustment (and after following the bottom).
        var offset: Double
        var adjustment: Double
        /// Items added (positive) or removed (negative).
        var itemDelta: Int
        var transitions: Int
        var engineMicros: Double
        var contentExtent: Double
        var anchor: ElementIdentifier?
        var anchorJump: Double
        /// Whether the host then scrolled to the new bottom (a chat message
        /// that arrived while the user was at the bottom).
        var followedToBottom: Bool
    }

    let workload: ScrollWorkload
    let options: Options
    let engine: LayoutDriver
    private let direction: ScrollDirection
    private var offset = 0.0
    /// The offset the engine's visible rect stands at (it moves it by each
    /// adjustment); differs from `offset` only after the host scrolls on its own.
    private var engineOffset = 0.0
    private var contentExtent = 0.0
    private var ledger: ItemLedger
    private var toReport: [SizeReport] = []
    private(set) var report = ScrollReport()
    private var frameTimes: [Double] = []
    private var updateTimes: [Double] = []
    private var estimateErrors: [Double] = []
    private var framesSinceArrival = 0
    /// The adjustment of the last frame.
    private var lastAdjustment = 0.0
    /// The item a positioned jump placed, while it is watched.
    private var jumpWatch: JumpWatch?
    /// Whether the leading edge along the scroll axis is the larger coordinate
    /// (right to left, scrolling horizontally).
    private let leadsFromMax: Bool

    /// Creates the engine for `workload`; the first frame comes with ``run(updates:each:)``.
    init(workload: ScrollWorkload, options: Options) throws {
        let (configuration, engineOptions) = Self.settings(workload: workload, options: options)
        let engine: LayoutDriver
        do {
            engine = try LayoutDriver(
                configuration: configuration, sections: workload.sections, viewportSize: workload.viewportSize,
                options: engineOptions, synchronous: options.synchronous)
        } catch {
            throw InputError("\(error)")
        }
        self.init(
            workload: workload, options: options, engine: engine, engineOptions: engineOptions,
            ledger: ItemLedger(itemCounts: workload.sections.map(\.itemCount)))
    }

    /// A session that starts from a restored layout (`scroll --chat --restore`,
    /// `flow-layout.md` 11.5): the engine takes `state` as it is, with the
    /// session's options; its items are the ones its identifiers name (each
    /// identifier an ``ItemIdentity``, whose real size the workload gives).
    /// Set ``Options/startOffset`` to start where the restore placed V.
    init(restored state: FlowLayoutState, workload: ScrollWorkload, options: Options) throws {
        let (configuration, engineOptions) = Self.settings(workload: workload, options: options)
        var state = state
        var identities: [[ItemIdentity]] = []
        do {
            if configuration != state.configuration { _ = try state.setConfiguration(configuration) }
            try state.setOptions(engineOptions)
            for section in 0..<state.numberOfSections {
                guard let items = try state.itemIdentifiers(inSection: section) else {
                    throw InputError("the restored layout has no identifiers")
                }
                identities.append(items.map { ItemIdentity(rawValue: $0.rawValue) })
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("\(error)")
        }
        self.init(
            workload: workload, options: options, engine: LayoutDriver(state: state, synchronous: options.synchronous),
            engineOptions: engineOptions, ledger: ItemLedger(identities: identities))
    }

    private init(
        workload: ScrollWorkload, options: Options, engine: LayoutDriver, engineOptions: FlowLayoutOptions, ledger: ItemLedger
    ) {
        self.workload = workload
        self.options = options
        self.engine = engine
        self.ledger = ledger
        direction = workload.configuration.scrollDirection
        if options.chat != nil { report.chat = ScrollReport.Chat(messagesAtStart: ledger.totalItems) }
        report.snapping = options.snapping.rawValue
        leadsFromMax = engineOptions.layoutDirection == .rightToLeft && direction == .horizontal
    }

    /// The engine's configuration and options for `workload` under the session's options.
    private static func settings(
        workload: ScrollWorkload, options: Options
    ) -> (configuration: FlowLayoutConfiguration, options: FlowLayoutOptions) {
        var configuration = workload.configuration
        if options.pinHeaders { configuration.sectionHeadersPinToVisibleBounds = true }
        var engineOptions = workload.options
        engineOptions.scrollAnchor = options.anchor
        engineOptions.estimateRefinement = options.refineEstimate ? .meanOfReportedSizes : .off
        if options.rightToLeft { engineOptions.layoutDirection = .rightToLeft }
        if options.displayScale > 0 { engineOptions.displayScale = options.displayScale }
        engineOptions.snapping = options.snapping
        return (configuration, engineOptions)
    }

    /// `offset` on the host's grid of 1/1024 pt, far below a pixel. Frames of
    /// the built-in workloads sit on half points, so sums of grid offsets and
    /// adjustments are exact in doubles: a measured jump of 0 is exactly 0, not
    /// the rounding of the host's own arithmetic (a prepend that moves the offset
    /// from 833.4 to 4233.4 would otherwise lose its last bits).
    static func onGrid(_ offset: Double) -> Double {
        (offset * 1024).rounded() / 1024
    }

    /// Every item's identity now, by section, as the engine's identifiers.
    var identifiers: [[FlowIdentifier]] {
        ledger.itemCounts.enumerated().map { section, count in
            (0..<count).map { FlowIdentifier(ledger.identity(at: FlowIndexPath(item: $0, section: section)).rawValue) }
        }
    }

    private var viewportExtent: Double { direction == .vertical ? workload.viewportSize.height : workload.viewportSize.width }
    private var maximumOffset: Double { max(0, contentExtent - viewportExtent) }

    /// Runs every gesture; calls `updates` after every data change and `each`
    /// after every frame (return `false` to stop).
    mutating func run(updates: (UpdateRecord) -> Void = { _ in }, each: (FrameRecord) -> Bool) async throws {
        contentExtent = extent(await engine.contentSize)
        report.contentStart = contentExtent
        let start = options.startOffset ?? (options.startAtEnd ? Double.infinity : 0)
        if !(try await frame(to: start, gesture: "start", updates: updates, each: each)) { return finish() }
        let dt = 1 / options.framesPerSecond
        for gesture in options.gestures {
            let name = gesture.description
            switch gesture {
            case let .drag(speed, seconds):
                for _ in 0..<max(1, Int((seconds * options.framesPerSecond).rounded())) {
                    if !(try await frame(to: offset + speed * dt, gesture: name, updates: updates, each: each)) { return finish() }
                }
            case .fling(let velocity) where options.snapping != .none:
                if !(try await snappedFling(velocity, gesture: name, updates: updates, each: each)) { return finish() }
            case .fling(var velocity):
                let decay = pow(0.998, 1000 * dt)
                while abs(velocity) > 10 {
                    let target = offset + velocity * dt
                    if !(try await frame(to: target, gesture: name, updates: updates, each: each)) { return finish() }
                    if target < 0 || target > maximumOffset { break }
                    velocity *= decay
                }
            case .jump(let target, let position?):
                if !(try await jump(to: target, position, gesture: name, updates: updates, each: each)) { return finish() }
            case .jump(let target, nil):
                let indexPath = try resolve(target)
                let frame = try await engine.layoutAttributesForItem(at: indexPath).frame
                // Its leading edge at the viewport's leading edge (the right one, right to left horizontally).
                let leading = leadsFromMax ? direction.crossMax(frame) - viewportExtent : direction.crossMin(frame)
                if !(try await land(on: leading, gesture: name, updates: updates, each: each)) {
                    return finish()
                }
            case .end:
                if !(try await land(on: .infinity, gesture: name, updates: updates, each: each)) { return finish() }
            case .top:
                if !(try await land(on: 0, gesture: name, updates: updates, each: each)) { return finish() }
            case .pause(let seconds):
                for _ in 0..<Int((seconds * options.framesPerSecond).rounded()) {
                    if !(try await frame(to: offset, gesture: name, updates: updates, each: each)) { return finish() }
                }
            case .change(let change):
                updates(try await apply(change, gesture: name))
            }
        }
        finish()
    }

    /// A scroll to `target` in one frame, then a quarter second at rest while the
    /// newly visible items report their sizes. `exact`: the offsets are the
    /// engine's own, used as they are (see ``frame(to:gesture:exact:updates:each:)``).
    private mutating func land(
        on target: Double, gesture: String, exact: Bool = false, updates: (UpdateRecord) -> Void,
        each: (FrameRecord) -> Bool
    ) async throws -> Bool {
        if !(try await frame(to: target, gesture: gesture, exact: exact, updates: updates, each: each)) { return false }
        for _ in 0..<Int((options.framesPerSecond / 4).rounded()) {
            if !(try await frame(to: offset, gesture: gesture, exact: exact, updates: updates, each: each)) { return false }
        }
        return true
    }

    // MARK: Presentation

    /// A scroll to an item at `position` (`flow-layout.md` 8.4): the engine's
    /// offset, one frame there, a quarter second at rest while what came on
    /// screen is measured; the item is watched all the while, and must not
    /// move on screen.
    private mutating func jump(
        to target: Gesture.ItemTarget, _ position: ScrollPosition, gesture: String, updates: (UpdateRecord) -> Void,
        each: (FrameRecord) -> Bool
    ) async throws -> Bool {
        let indexPath = try resolve(target)
        try await syncVisibleRect()
        let origin = try await engine.contentOffset(forItemAt: indexPath, position: position)
        let destination = direction == .vertical ? origin.y : origin.x
        // The item's section may have been laid out just now.
        contentExtent = extent(await engine.contentSize)
        let placed = try await engine.layoutAttributesForItem(at: indexPath).frame
        jumpWatch = JumpWatch(
            indexPath: indexPath, position: position, low: direction.crossMin(placed) - destination,
            high: direction.crossMax(placed) - destination)
        defer { jumpWatch = nil }
        report.positionedJumps += 1
        return try await land(on: destination, gesture: gesture, exact: true, updates: updates, each: each)
    }

    /// How far the watched item moved on screen in a frame that returned
    /// `elements`, after `reports` size reports: the edge its position keeps
    /// (the centre for `center`; for `nearest`, the edge that moved less).
    private mutating func watchJumpTarget(_ watch: JumpWatch, _ elements: [LayoutAttributes], reports: Int) throws {
        guard let frame = elements.first(where: { $0.category == .cell && $0.indexPath == watch.indexPath })?.frame else {
            throw InputError("jump: item \(watch.indexPath) left the screen while the engine held it")
        }
        let low = direction.crossMin(frame) - offset - watch.low
        let high = direction.crossMax(frame) - offset - watch.high
        let (leading, trailing) = leadsFromMax ? (high, low) : (low, high)
        let moved =
            switch watch.position {
            case .top: abs(leading)
            case .bottom: abs(trailing)
            case .center: abs((low + high) / 2)
            case .nearest: min(abs(leading), abs(trailing))
            }
        report.maxJumpTargetMovement = max(report.maxJumpTargetMovement, moved)
        report.jumpReports += reports
    }

    /// A fling under snapping (`flow-layout.md` 8.5): the path the fling would
    /// take, asked where it comes to rest (`targetContentOffset`), then run
    /// frame by frame scaled to end there, as UIKit's deceleration does. Items
    /// measured on the way may move the resting place (the anchor keeps what is
    /// on screen still, not the candidate): one settling frame then moves to
    /// the nearest candidate.
    private mutating func snappedFling(
        _ velocity: Double, gesture: String, updates: (UpdateRecord) -> Void, each: (FrameRecord) -> Bool
    ) async throws -> Bool {
        let dt = 1 / options.framesPerSecond
        let decay = pow(0.998, 1000 * dt)
        var path: [Double] = []
        var speed = velocity
        var position = offset
        while abs(speed) > 10 {
            position += speed * dt
            path.append(min(max(position, 0), maximumOffset))
            if position < 0 || position > maximumOffset { break }
            speed *= decay
        }
        guard let proposed = path.last else { return true }
        try await syncVisibleRect()
        let rest = try await restingOffset(proposed, velocity: velocity)
        let start = offset
        var shift = 0.0
        for (index, natural) in path.enumerated() {
            let last = index == path.count - 1
            // The last frame asks again, from where the measuring moved the rest.
            let planned =
                last
                ? try await restingOffset(rest + shift, velocity: 0)
                : (proposed == start
                    ? start + (rest - start) * Double(index + 1) / Double(path.count)
                    : start + (natural - start) * (rest - start) / (proposed - start)) + shift
            if !(try await frame(to: planned, gesture: gesture, exact: last, updates: updates, each: each)) { return false }
            shift += lastAdjustment
        }
        report.snappedFlings += 1
        let settled = try await restingOffset(offset, velocity: 0)
        if settled != offset {
            report.snapSettles += 1
            report.maxSnapSettle = max(report.maxSnapSettle, abs(settled - offset))
            if !(try await frame(to: settled, gesture: gesture, exact: true, updates: updates, each: each)) { return false }
        }
        return true
    }

    /// The engine's resting offset for a scroll released at `proposed`.
    private func restingOffset(_ proposed: Double, velocity: Double) async throws -> Double {
        let vertical = direction == .vertical
        let target = try await engine.targetContentOffset(
            forProposedContentOffset: vertical ? Point(x: 0, y: proposed) : Point(x: proposed, y: 0),
            velocity: vertical ? Point(x: 0, y: velocity) : Point(x: velocity, y: 0))
        return vertical ? target.y : target.x
    }

    /// Brings the engine's visible rect to where the host is, if the host
    /// scrolled on its own since the last call.
    private mutating func syncVisibleRect() async throws {
        guard engineOffset != offset else { return }
        try await engine.setVisibleRect(direction.visibleRect(offset: offset, viewport: workload.viewportSize))
        engineOffset = offset
    }

    private func resolve(_ target: Gesture.ItemTarget) throws -> FlowIndexPath {
        let counts = ledger.itemCounts
        let total = ledger.totalItems
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
    /// measured, apply the adjustment; then, in a chat, what its host does
    /// between frames. Returns what `each` returns.
    ///
    /// `exact`: `target` is an offset the engine gave (a scroll to an item, a
    /// snapped resting place, moved by adjustments since), used as it is, not
    /// put on the host's grid: the engine holds a scrolled-to item only while
    /// the visible rect stays exactly where it put it.
    private mutating func frame(
        to target: Double, gesture: String, exact: Bool = false, updates: (UpdateRecord) -> Void,
        each: (FrameRecord) -> Bool
    ) async throws -> Bool {
        let requested = exact ? target : min(max(Self.onGrid(target), 0), maximumOffset)
        let rect = direction.visibleRect(offset: requested, viewport: workload.viewportSize)
        let reports = toReport
        let start = ContinuousClock.now
        let result = try await engine.performFrame(FrameRequest(visibleRect: rect, sizeReports: reports))
        let micros = Measure.micros(since: start)
        frameTimes.append(micros)
        let adjustment = direction == .vertical ? result.update.contentOffsetAdjustment.y : result.update.contentOffsetAdjustment.x
        offset = requested + adjustment
        engineOffset = offset
        lastAdjustment = adjustment
        contentExtent = extent(result.update.contentSize)
        if let watch = jumpWatch { try watchJumpTarget(watch, result.elements, reports: reports.count) }

        // Where the anchor was on screen before the frame's updates, and where it
        // is after them and the adjustment, read from the elements returned.
        // (While a scrolled-to item is held, it is the anchor, and the edge kept
        // is its position's: the watch measures it, by that edge.)
        var jump = 0.0
        let held = jumpWatch.map { ElementIdentifier(category: .cell, indexPath: $0.indexPath) }
        if let anchor = result.update.anchor, anchor != held, let old = result.update.previousAnchorFrame,
            let new = result.elements.first(where: { $0.identifier == anchor })?.frame
        {
            jump = abs((keptEdge(new) - offset) - (keptEdge(old) - requested))
        }
        report.maxAnchorJump = max(report.maxAnchorJump, jump)
        report.sizeReports += reports.count
        if !reports.isEmpty { report.framesWithReports += 1 }

        toReport = []
        for element in result.elements where element.category == .cell {
            let item = ledger.identity(at: element.indexPath)
            guard ledger.markMeasured(item) else { continue }
            let size = workload.realSize(of: item)
            toReport.append(SizeReport(indexPath: element.indexPath, size: size))
            let estimate = extent(workload.configuration.estimatedItemSize)
            if estimate > 0 { estimateErrors.append(abs(extent(size) - estimate) / estimate) }
        }
        report.frames += 1
        let goOn = each(
            FrameRecord(
                index: report.frames - 1, gesture: gesture, offset: offset, adjustment: adjustment,
                reports: reports.count, shown: result.elements.count, engineMicros: micros,
                contentExtent: contentExtent, anchor: result.update.anchor, anchorJump: jump,
                visibleRect: result.visibleRect, elements: result.elements))
        if goOn, options.chat != nil { try await chatBetweenFrames(updates: updates) }
        return goOn
    }

    // MARK: Data changes

    /// Applies one data change: one `performBatchUpdates` call, the adjustment
    /// applied to the offset, the ledger and the pending size reports brought
    /// up to date, the anchor's jump measured.
    ///
    /// - Throws: ``InputError`` when the engine refuses the change (an item that
    ///   does not exist); nothing is changed then.
    private mutating func apply(_ change: DataChange, gesture: String) async throws -> UpdateRecord {
        let itemChange = try change.resolved(itemCounts: ledger.itemCounts)
        // The engine anchors on the visible rect it knows: bring it to where the
        // host is if the host scrolled on its own since the last call.
        try await syncVisibleRect()
        let before = offset
        let start = ContinuousClock.now
        let result: BatchUpdateResult
        do {
            result = try await engine.performBatchUpdates(itemChange.batch)
        } catch let error as FlowLayoutError {
            throw InputError("\(gesture): the engine refused the batch: \(error)")
        }
        let micros = Measure.micros(since: start)
        updateTimes.append(micros)
        let adjustment = direction == .vertical ? result.update.contentOffsetAdjustment.y : result.update.contentOffsetAdjustment.x
        offset = before + adjustment
        engineOffset = offset
        contentExtent = extent(result.update.contentSize)
        toReport = ledger.renumbered(toReport, through: itemChange)
        ledger.apply(itemChange)

        // Where the anchor was on screen before the batch, and where it is after
        // it and the adjustment: its frame among the transitions (it was in view
        // before, so it is there), or asked for.
        var jump = 0.0
        if let anchor = result.update.anchor, let old = result.update.previousAnchorFrame {
            var new = result.transitions.first { $0.category == anchor.category && $0.indexPath == anchor.indexPath }?.after
            if new == nil { new = try await frame(of: anchor) }
            guard let new else { throw InputError("\(gesture): the anchor \(anchor.indexPath) has no frame after the batch") }
            jump = abs((keptEdge(new) - offset) - (keptEdge(old) - before))
        }
        report.maxAnchorJump = max(report.maxAnchorJump, jump)
        report.maxUpdateAnchorJump = max(report.maxUpdateAnchorJump, jump)
        report.updates += 1
        switch itemChange.kind {
        case .insert: report.itemsInserted += itemChange.count
        case .delete: report.itemsDeleted += itemChange.count
        case .reload: report.itemsReloaded += itemChange.count
        }
        return UpdateRecord(
            gesture: gesture, offset: offset, adjustment: adjustment, itemDelta: itemChange.itemDelta,
            transitions: result.transitions.count, engineMicros: micros, contentExtent: contentExtent,
            anchor: result.update.anchor, anchorJump: jump, followedToBottom: false)
    }

    /// An element's frame now, asked of the engine.
    private func frame(of element: ElementIdentifier) async throws -> Rect? {
        switch element.category {
        case .cell: try await engine.layoutAttributesForItem(at: element.indexPath).frame
        case .header: try await engine.layoutAttributesForSupplementaryElement(ofKind: .header, at: element.indexPath)?.frame
        case .footer: try await engine.layoutAttributesForSupplementaryElement(ofKind: .footer, at: element.indexPath)?.frame
        }
    }

    /// The edge of a frame the anchor keeps: leading for the first visible item,
    /// trailing for the last.
    private func keptEdge(_ frame: Rect) -> Double {
        // Right to left, scrolling horizontally, the reading order runs from the right.
        (options.anchor == .firstVisibleItem) != leadsFromMax ? direction.crossMin(frame) : direction.crossMax(frame)
    }

    // MARK: Chat

    /// What a chat's host does after a frame: load a page of history when the
    /// user nears the top, and let a new message arrive when one is due.
    private mutating func chatBetweenFrames(updates: (UpdateRecord) -> Void) async throws {
        guard let chat = options.chat, var counts = report.chat else { return }
        let left = chat.history - counts.historyMessages
        if left > 0, offset < viewportExtent {
            let page = min(chat.page, left)
            updates(try await apply(.prepend(count: page), gesture: "history:\(page)"))
            counts.historyPages += 1
            counts.historyMessages += page
        }
        framesSinceArrival += 1
        if chat.arrivalSeconds > 0, framesSinceArrival >= max(1, Int((chat.arrivalSeconds * options.framesPerSecond).rounded())) {
            framesSinceArrival = 0
            let atBottom = offset >= maximumOffset - 0.5
            var record = try await apply(.append(count: 1), gesture: "message")
            counts.messagesReceived += 1
            if atBottom {
                offset = maximumOffset
                record.offset = offset
                record.followedToBottom = true
                counts.followedToBottom += 1
            }
            updates(record)
        }
        report.chat = counts
    }

    private mutating func finish() {
        report.contentEnd = contentExtent
        report.totalItems = ledger.totalItems
        report.itemsShown = ledger.measured.count
        report.frameMicros = Percentiles(frameTimes)
        report.updateMicros = Percentiles(updateTimes)
        if !estimateErrors.isEmpty {
            report.estimateErrorMean = estimateErrors.reduce(0, +) / Double(estimateErrors.count)
            report.estimateErrorMax = estimateErrors.max() ?? 0
        }
        report.peakMemoryBytes = Measure.peakMemoryBytes()
    }

    private func extent(_ size: Size) -> Double { direction == .vertical ? size.height : size.width }
}
