import FlowLayout
import FlowLayoutDescription
import FlowLayoutReference

/// `flow-demo scroll --chat --stream`: a chat that starts with a handful of
/// messages at the bottom of the screen (`flow-layout.md` 8.6, content at the
/// end), receives messages, and streams a long reply into its last message, a
/// size report every frame as the reply grows, token by token (7.4, following
/// the end). Mid-stream the user scrolls up to read: the reply keeps growing
/// below without moving what they read (7.2); then they go back to the end,
/// and the end is followed again.
///
/// Each frame is one call into the engine's actor (the visible rect and the
/// size reports together); each new message is one batch. The session
/// measures, in every phase, how far what the user looks at moved on screen:
/// the bottom of the last message while at the end, the message they read
/// while scrolled up.
struct StreamingChat {
    /// One phase of the session, as the summary prints it.
    struct Phase {
        var name: String
        /// What the user looks at in this phase.
        var watching: String
        /// How far it moved on screen, at most (points).
        var movement = 0.0
        /// The frames and batches of the phase.
        var frames = 0
        var batches = 0
        /// Whether V was at the end of the content after every step (the
        /// phases at the end), or held where the user read (the others).
        var followedEnd: Bool?
    }

    let viewport: Size
    let seed: UInt64
    private let engine: FlowLayoutEngine
    /// V, where the host's scroll view is.
    private var visible: Rect
    /// The real heights of the messages, the reply's as it grows.
    private var heights: [Double]
    private var random: SeededRandom
    private(set) var phases: [Phase] = []
    /// The engine's time per frame call, in microseconds.
    private(set) var frameMicros: [Double] = []

    /// The configuration of the chat: full-width messages one a line, 8 pt
    /// insets, 4 pt apart, estimated 64 pt high; following the end, content
    /// at the end, the first visible message kept still (a reply taller
    /// than the screen keeps its top where the user reads it).
    static func configuration(viewport: Size) -> (FlowLayoutConfiguration, FlowLayoutOptions) {
        var configuration = FlowLayoutConfiguration(
            scrollDirection: .vertical, estimatedItemSize: Size(width: viewport.width, height: 64))
        configuration.minimumLineSpacing = 4
        configuration.minimumInteritemSpacing = 0
        configuration.sectionInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)
        let options = FlowLayoutOptions(followsEnd: true, contentAlignment: .end)
        return (configuration, options)
    }

    /// A chat of `messages` measured messages (a handful) in `viewport`.
    init(messages: Int, viewport: Size, seed: UInt64) throws {
        self.viewport = viewport
        self.seed = seed
        random = SeededRandom(seed: seed)
        let (configuration, options) = Self.configuration(viewport: viewport)
        engine = try FlowLayoutEngine(
            configuration: configuration, sections: [FlowSection(itemCount: messages)], viewportSize: viewport,
            options: options)
        heights = []
        visible = Rect(origin: .zero, size: viewport)
        for _ in 0..<messages { heights.append(messageHeight()) }
    }

    private mutating func messageHeight() -> Double { (random.double(36...160)).rounded() }

    /// Runs the phases.
    mutating func run() async throws {
        // 1. A handful of messages, measured in the first frame: at the bottom of the screen.
        var start = Phase(name: "start", watching: "the last message's bottom, at the screen's bottom")
        try await frame(reports: (0..<heights.count).map { $0 }, into: &start, watch: .end)
        start.followedEnd = await bottomGap() == 0
        phases.append(start)

        // 2. Messages arrive, one a second, each measured in the frame after it.
        var receive = Phase(name: "receive", watching: "the end (the newest message's bottom)", followedEnd: true)
        for _ in 0..<12 {
            try await append(into: &receive)
            for _ in 0..<30 { try await frame(reports: [], into: &receive, watch: .end) }
        }
        phases.append(receive)

        // 3. A reply streams into a new last message: it grows every frame.
        var stream = Phase(name: "stream", watching: "the reply's bottom, following the end", followedEnd: true)
        try await append(into: &stream, height: 24)
        for _ in 0..<240 { try await grow(into: &stream, watch: .end) }
        phases.append(stream)

        // 4. Mid-stream, the user drags up to read, then stays there while the reply grows below.
        var read = Phase(name: "scroll up", watching: "the message being read, while the reply grows below it")
        for _ in 0..<60 {
            visible.origin.y = max(0, visible.origin.y - 20)
            try await frame(reports: [], into: &read, watch: .none)
        }
        for _ in 0..<240 { try await grow(into: &read, watch: .reading) }
        read.followedEnd = false
        phases.append(read)

        // 5. Back to the end: following again while the reply goes on.
        var back = Phase(name: "back to the end", watching: "the reply's bottom, following the end again", followedEnd: true)
        let content = await engine.contentSize
        visible.origin.y = max(0, content.height - viewport.height)
        try await frame(reports: [], into: &back, watch: .none)
        for _ in 0..<240 { try await grow(into: &back, watch: .end) }
        phases.append(back)
    }

    /// What a frame measures.
    private enum Watch {
        /// V's bottom against the content's end: both move together.
        case end
        /// The first message wholly in view, on screen.
        case reading
        case none
    }

    /// The reply (the last message) grows by a few lines' worth, reported in this frame.
    private mutating func grow(into phase: inout Phase, watch: Watch) async throws {
        heights[heights.count - 1] += (random.double(4...22)).rounded()
        try await frame(reports: [heights.count - 1], into: &phase, watch: watch)
    }

    /// One new message, one batch, measured in the next frame.
    private mutating func append(into phase: inout Phase, height: Double? = nil) async throws {
        let before = await bottomGap()
        var batch = BatchUpdate()
        batch.insertItems(at: [FlowIndexPath(item: heights.count, section: 0)])
        let result = try await engine.performBatchUpdates(batch)
        heights.append(height ?? messageHeight())
        visible.origin.x += result.update.contentOffsetAdjustment.x
        visible.origin.y += result.update.contentOffsetAdjustment.y
        try await engine.setVisibleRect(visible)
        phase.batches += 1
        try await frame(reports: [heights.count - 1], into: &phase, watch: .end)
        phase.movement = max(phase.movement, abs(await bottomGap() - before))
        if await bottomGap() != 0 { phase.followedEnd = false }
    }

    /// One frame: V and the sizes of `reports` (message indices) in one call;
    /// the host applies the adjustment; the watched element's movement on
    /// screen is recorded.
    private mutating func frame(reports: [Int], into phase: inout Phase, watch: Watch) async throws {
        let sizeReports = reports.map {
            SizeReport(indexPath: FlowIndexPath(item: $0, section: 0), size: Size(width: viewport.width, height: heights[$0]))
        }
        let before: Double?
        switch watch {
        case .end: before = await bottomGap()
        case .reading: before = try await readingOffset()
        case .none: before = nil
        }
        let request = FrameRequest(visibleRect: visible, sizeReports: sizeReports)
        let clock = ContinuousClock()
        var result: FrameResult?
        let elapsed = try await clock.measure { result = try await engine.performFrame(request) }
        frameMicros.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        visible = result!.visibleRect
        phase.frames += 1
        guard let before else { return }
        switch watch {
        case .end:
            let gap = await bottomGap()
            phase.movement = max(phase.movement, abs(gap - before))
            if gap != 0 { phase.followedEnd = false }
        case .reading:
            let now = try await readingOffset(of: reading)
            phase.movement = max(phase.movement, abs(now - before))
        case .none: break
        }
    }

    /// The distance from V's bottom to the content's end (0 at the end).
    private func bottomGap() async -> Double {
        await engine.contentSize.height - visible.maxY
    }

    /// The message being read while scrolled up: the first wholly in view when reading started.
    private var reading: FlowIndexPath?

    /// Where the message being read sits in V (its top less V's top); picks it the first time.
    private mutating func readingOffset() async throws -> Double {
        if reading == nil {
            let shown = try await engine.layoutAttributesForElements(in: visible)
            reading = shown.first { $0.frame.minY >= visible.minY }?.indexPath ?? shown.first?.indexPath
        }
        return try await readingOffset(of: reading)
    }

    private func readingOffset(of item: FlowIndexPath?) async throws -> Double {
        guard let item else { return 0 }
        return try await engine.layoutAttributesForItem(at: item).frame.minY - visible.minY
    }

    /// The summary: one line a phase, with its movement and whether the end was followed.
    func summary(includeTimes: Bool, buildNote: String?) -> String {
        var lines = [
            "flow-demo scroll --chat --stream: a chat that starts at the bottom and follows a streaming reply",
            "options          followsEnd (flow-layout.md 7.4), contentAlignment .end (8.6), the first visible message kept",
            "messages         \(grouped(heights.count)) at the end; the reply grew to \(LayoutOutput.number(heights.last ?? 0)) pt, "
                + "a size report every frame",
        ]
        for phase in phases {
            let followed =
                phase.followedEnd.map { $0 ? "; the end followed" : "; the end not followed (the user reads above it)" } ?? ""
            lines.append(
                "\(phase.name.padding(toLength: 16, withPad: " ", startingAt: 0)) \(grouped(phase.frames)) frames, "
                    + "\(grouped(phase.batches)) batches; \(phase.watching): moved \(LayoutOutput.number(phase.movement)) pt"
                    + followed)
        }
        let largest = phases.map(\.movement).max() ?? 0
        lines.append(
            "on screen        "
                + (largest == 0
                    ? "0 pt in every phase: nothing the user looked at moved" : "moved \(LayoutOutput.number(largest)) pt at most"))
        if includeTimes {
            let times = Percentiles(frameMicros)
            lines.append(
                "engine / frame   median \(Measure.micros(times.median)), p99 \(Measure.micros(times.p99)), max \(Measure.micros(times.max)) (one call: visible rect + size reports)"
            )
            if let buildNote { lines.append("build            \(buildNote)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form: each phase's name, frames, batches, movement and whether the end was followed.
    func json() -> String {
        let phases = phases.map { phase in
            "{ \"name\": \"\(phase.name)\", \"frames\": \(phase.frames), \"batches\": \(phase.batches), "
                + "\"movement\": \(LayoutOutput.number(phase.movement)), \"followedEnd\": "
                + (phase.followedEnd.map { $0 ? "true" : "false" } ?? "null") + " }"
        }
        return "{ \"messages\": \(heights.count), \"phases\": [" + phases.joined(separator: ", ") + "] }\n"
    }
}
