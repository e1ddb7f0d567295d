import FlowLayout
import FlowLayoutDescription
import FlowLayoutReference
import Foundation

/// `flow-demo scroll`: a simulated scrolling session over a huge self-sizing
/// collection, with a summary of what the engine answered and what it cost.
enum ScrollCommand {
    static let help = """
        Usage: flow-demo scroll [FILE] [OPTIONS]

        Simulates a user scrolling a self-sizing collection at a fixed frame rate. Each
        frame is one call into the engine's actor: the visible rect plus the real sizes
        of the items that came on screen in the previous frame; the host then applies
        the returned content-offset adjustment. Prints a summary.

        The collection is built from the options below, or read from FILE (a layout
        description: its itemSizes are the real sizes, its estimatedItemSize the estimate).

        The script may change the data between frames, as a host does when its model
        changes: each change is one batch update (performBatchUpdates); the session
        applies the adjustment it returns, measures the inserted items when they come on
        screen (they take the estimate until then), and checks that the anchor did not
        move on screen.

        With --chat, the collection is a bottom-anchored message list instead: one
        section of full-width self-sizing messages, the last visible message kept still
        (--anchor last), starting at the bottom. Whenever the view comes within a screen
        of the top, the next page of older messages is prepended; new messages arrive at
        the bottom every so often. The view stays where the user reads; a message that
        arrives while they are at the bottom is scrolled into view, as chat apps do.

        Collection:
          --sections N         sections, at most 1,000,000 (default 1000)
          --items N            items per section (default 1000)
          --estimate WxH       estimated item size (default 180x140)
          --variation F        real sizes differ from the estimate by up to ±F (default 0.5)
          --viewport WxH       viewport size (default 390x844)
          --horizontal         scroll horizontally
          --waterfall N        every section a waterfall of N columns (flow-layout.md 12): cards
                               measured at the column's width, each kept in its column
          --seed N             seed of the real sizes and of random gestures (default 1)
        Session:
          --fps N              frames per second (default 120)
          --script LIST        gestures, comma-separated (default: \(Gesture.defaultScript)):
                                 drag:SPEED:SECONDS  constant speed in pt/s (negative: up)
                                 fling:VELOCITY      release at pt/s, decelerating like a touch screen
                                 jump:ITEM[:POSITION]  scroll to an item (global index, SECTION.ITEM
                                                     or P%): its leading edge to the top; with a
                                                     POSITION (top, center, bottom, nearest), by
                                                     the engine's scroll-to-item, which holds the
                                                     item there while what came on screen is
                                                     measured (the summary says how far it moved)
                                 end, top            to the end or the top
                                 pause:SECONDS       no motion
                                 random:N            N seeded random gestures (motion only)
                               data changes, one batch update each, between frames:
                                 insert:SECTION.ITEM:N  N new items, the first at SECTION.ITEM
                                 delete:SECTION.ITEM:N  N items from SECTION.ITEM on
                                 prepend:N              N new items at the top of the first section
                                 append:N               N new items at the end of the last section
                                 reload:SECTION.ITEM    an item's content changed: measured again
          --anchor first|last  keep the first (default) or last visible item still
          --refine-estimate    refine the estimate from the mean of measured sizes
        Presentation (flow-layout.md 8; each adds to what a FILE gives):
          --pin-headers        section headers stick to the top of the visible rect
          --rtl                right to left: every frame mirrored in the content width
                               (offsets stay the visible rect's x: scrolling horizontally,
                               section 0 is at the right end)
          --scale N            pixel snapping: frames on a grid of 1/N points, N from 0
                               (off, the default) to 16
          --snap MODE          where flings come to rest: lineStart (a line or header at
                               the top), itemCenter (an item centred), page (multiples of
                               the viewport); a fling then ends at the engine's
                               targetContentOffset (default: none, where it stops)
        Chat:
          --chat               a bottom-anchored message list (default script:
                               \(Gesture.defaultChatScript))
          --messages N         messages at the start (default 50)
          --history N          older messages there are to load (default 1000)
          --page N             older messages loaded at a time (default 50)
          --arrive-every S     a new message every S seconds, 0 for none (default 1.5)
          --stream             instead, a chat that starts with a handful of messages
                               (--messages, default 3) at the bottom of the screen,
                               receives messages, and streams a long reply into the last
                               one, a size report every frame; mid-stream the user
                               scrolls up to read, then back to the end (following the
                               end, flow-layout.md 7.4; content at the end, 8.6). Prints
                               how far what the user looked at moved in each phase
          --save FILE          at the end, write the chat's archive (flow-layout.md 11.5): each
                               message's identity and measured size, the anchor and the
                               fingerprint of the configuration
          --restore FILE       relaunch from an archive: the saved messages less one in ten
                               (never the newest), plus --arrived new ones; prints how far
                               the anchor moved on screen across the relaunch and how many
                               sizes re-attached, then runs the script from the restored
                               layout, where the relaunch placed the view, and prints the
                               session's summary
          --arrived N          messages that arrived since the archive was saved (default 20)
        Output:
          --trace              one line per frame, and one per data change ('batch': the
                               items added or removed in the reports column, the
                               transitions returned in the shown column)
          --json               the summary as JSON
          --view               draw the viewport in the terminal, frame by frame
          --max-frames N       stop after N frames
          --no-timing          leave times and memory out (output then depends only on the seed)
          --help               show this help

        Times are the build's own: 'swift run flow-demo' builds in debug, about 20 times
        slower than 'swift run -c release flow-demo', and a debug build's summary says so
        on its 'build' line (its JSON: "build": "debug").
        """

    static let valued: Set<String> = [
        "sections", "items", "estimate", "variation", "viewport", "seed", "fps", "script", "anchor", "max-frames",
        "messages", "history", "page", "arrive-every", "scale", "snap", "save", "restore", "arrived", "waterfall",
    ]
    static let flags: Set<String> = [
        "horizontal", "refine-estimate", "trace", "json", "view", "no-timing", "help", "chat", "pin-headers", "rtl",
        "stream",
    ]
    /// The options that only a chat session takes.
    static let chatOnly = ["messages", "history", "page", "arrive-every", "save", "restore", "arrived", "stream"]
    /// The options that a chat session does not take: it builds its own collection.
    static let notForChat = ["sections", "items", "estimate", "variation", "anchor", "waterfall"]

    static func run(_ arguments: [String]) async throws {
        let parsed = try Arguments(arguments, valued: valued, flags: flags)
        if parsed.flag("help") {
            Terminal.out(help + "\n")
            return
        }
        try parsed.expectPositional(atMost: 1, command: "scroll")
        if parsed.flag("stream") { return try await runStream(parsed) }
        var session: ScrollSession
        let title: String
        if let path = parsed.string("restore") {
            guard parsed.flag("chat") else { throw UsageError("--restore applies only with --chat") }
            if parsed.string("messages") != nil { throw UsageError("--messages does not apply to a relaunch (--restore)") }
            let viewport = try size(parsed, "viewport", default: Size(width: 390, height: 844))
            guard viewport.width > 0, viewport.height > 0 else { throw UsageError("--viewport must be larger than 0x0") }
            let seed = UInt64(try parsed.int("seed", default: 1, in: 0...Int.max))
            let arrived = try parsed.int("arrived", default: 20, in: 0...10_000_000)
            let relaunch = try ChatRelaunch.restore(
                from: path, workload: .chat(messages: 0, viewport: viewport, seed: seed), deleteEvery: 10,
                arrived: arrived, timing: !parsed.flag("no-timing"))
            Terminal.out(relaunch.summary)
            // Then the session goes on from the restored layout, where it placed V.
            (session, title) = try makeSession(parsed, restored: (relaunch.restoration, path))
        } else {
            (session, title) = try makeSession(parsed)
        }
        let maxFrames = try parsed.int("max-frames", default: Int.max, in: 1...Int.max)
        let trace = parsed.flag("trace")
        let view = parsed.flag("view")
        let json = parsed.flag("json")
        let timing = !parsed.flag("no-timing")
        let direction = session.workload.configuration.scrollDirection
        let progress = Progress(label: "scroll")
        if trace {
            Terminal.out("frame  gesture              offset      adjust  reports  shown  engine µs  content  anchor\n")
        }
        let viewport = session.workload.viewportSize
        let pace = view && Terminal.standardOutputIsTerminal
        try await session.run(updates: { record in
            if trace { Terminal.out(updateTraceLine(record, timing: timing)) }
        }) { record in
            if trace { Terminal.out(traceLine(record, timing: timing)) }
            if view {
                // In a terminal, redraw in place at the session's frame rate so a person can watch.
                if pace { Terminal.out("\u{1B}[H\u{1B}[2J") }
                Terminal.out(TextViewport.draw(record, direction: direction, viewport: viewport))
                if pace { usleep(UInt32(1_000_000 / 60)) }
            }
            progress.update("frame \(record.index + 1)")
            return record.index + 1 < maxFrames
        }
        progress.finish()
        if let path = parsed.string("save") {
            let bytes = try await ChatRelaunch.save(session, to: path)
            Terminal.error("saved the chat's archive to '\(path)' (\(grouped(bytes)) bytes)\n")
        }
        let report = session.report
        let script = session.options.gestures.map(\.description).joined(separator: ", ")
        // Times from a debug build (`swift run flow-demo`) say so, with the release command.
        let buildNote = timing ? BuildConfiguration.debugTimingNote(arguments: BuildConfiguration.commandLineArguments) : nil
        if json {
            Terminal.out(report.json(includeTimes: timing))
        } else if session.options.chat != nil {
            Terminal.out(
                report.chatSummary(
                    title: title, script: script, framesPerSecond: session.options.framesPerSecond, includeTimes: timing,
                    buildNote: buildNote))
        } else {
            Terminal.out(
                report.summary(
                    title: title, script: script,
                    axis: direction == .vertical ? "height" : "width",
                    anchor: session.options.anchor == .firstVisibleItem ? "first" : "last",
                    framesPerSecond: session.options.framesPerSecond, includeTimes: timing, buildNote: buildNote))
        }
    }

    /// `scroll --chat --stream`: the streaming chat (``StreamingChat``).
    static func runStream(_ parsed: Arguments) async throws {
        guard parsed.flag("chat") else { throw UsageError("--stream applies only with --chat") }
        let allowed: Set = ["chat", "stream", "messages", "viewport", "seed", "json", "no-timing"]
        for option in valued.union(flags).subtracting(allowed) where parsed.string(option) != nil || parsed.flag(option) {
            throw UsageError("--\(option) does not apply to a streaming chat (--stream)")
        }
        if let path = parsed.positional.first { throw UsageError("a chat session (--chat) reads no file, not '\(path)'") }
        let viewport = try size(parsed, "viewport", default: Size(width: 390, height: 844))
        guard viewport.width > 0, viewport.height > 0 else { throw UsageError("--viewport must be larger than 0x0") }
        let seed = UInt64(try parsed.int("seed", default: 1, in: 0...Int.max))
        let messages = try parsed.int("messages", default: 3, in: 0...10_000_000)
        var chat = try StreamingChat(messages: messages, viewport: viewport, seed: seed)
        try await chat.run()
        let timing = !parsed.flag("no-timing")
        if parsed.flag("json") {
            Terminal.out(chat.json())
        } else {
            let buildNote = timing ? BuildConfiguration.debugTimingNote(arguments: BuildConfiguration.commandLineArguments) : nil
            Terminal.out(chat.summary(includeTimes: timing, buildNote: buildNote))
        }
    }

    /// The session the options describe, and its one-line title; with
    /// `restored`, a chat that goes on from a relaunch (`--restore`) from the
    /// layout restored from the archive at its path.
    static func makeSession(
        _ parsed: Arguments, restored: (restoration: FlowLayoutRestoration, path: String)? = nil
    ) throws -> (ScrollSession, String) {
        let seed = UInt64(try parsed.int("seed", default: 1, in: 0...Int.max))
        let chat = parsed.flag("chat")
        if chat {
            for option in notForChat where parsed.string(option) != nil {
                throw UsageError("--\(option) does not apply to a chat session (--chat)")
            }
            if parsed.flag("horizontal") { throw UsageError("--horizontal does not apply to a chat session (--chat)") }
            if let path = parsed.positional.first { throw UsageError("a chat session (--chat) reads no file, not '\(path)'") }
        } else {
            for option in chatOnly where parsed.string(option) != nil { throw UsageError("--\(option) applies only with --chat") }
        }
        let workload: ScrollWorkload
        if chat {
            let messages = try parsed.int("messages", default: 50, in: 0...10_000_000)
            let viewport = try size(parsed, "viewport", default: Size(width: 390, height: 844))
            guard viewport.width > 0, viewport.height > 0 else { throw UsageError("--viewport must be larger than 0x0") }
            workload = .chat(messages: messages, viewport: viewport, seed: seed)
        } else if let path = parsed.positional.first {
            for option in ["sections", "items", "estimate", "variation", "viewport", "waterfall"]
            where parsed.string(option) != nil {
                throw UsageError("--\(option) does not apply to a session read from a file")
            }
            if parsed.flag("horizontal") { throw UsageError("--horizontal does not apply to a session read from a file") }
            workload = try ScrollWorkload.described(LayoutCommand.loadDescription(path), seed: seed)
        } else {
            let sections = try parsed.int("sections", default: 1_000, in: 1...1_000_000)
            let items = try parsed.int("items", default: 1_000, in: 0...FlowLayoutLimits.maximumCount)
            let estimate = try size(parsed, "estimate", default: Size(width: 180, height: 140))
            guard estimate.width > 0 || estimate.height > 0 else { throw UsageError("--estimate must not be 0x0") }
            let variation = try parsed.double("variation", default: 0.5, in: 0...0.95)
            let viewport = try size(parsed, "viewport", default: Size(width: 390, height: 844))
            guard viewport.width > 0, viewport.height > 0 else { throw UsageError("--viewport must be larger than 0x0") }
            var waterfall: Int?
            if parsed.string("waterfall") != nil {
                if parsed.flag("horizontal") { throw UsageError("--waterfall scrolls vertically; leave out --horizontal") }
                waterfall = try parsed.int("waterfall", default: 2, in: 1...WaterfallColumns.maximumCount)
            }
            workload = .generated(
                sectionCount: sections, itemsPerSection: items, estimate: estimate, variation: variation, seed: seed,
                viewport: viewport, direction: parsed.flag("horizontal") ? .horizontal : .vertical, waterfall: waterfall)
        }
        var options = ScrollSession.Options()
        options.framesPerSecond = try parsed.double("fps", default: 120, in: 1...1_000)
        var random = SeededRandom(seed: seed)
        let defaultScript = chat ? Gesture.defaultChatScript : Gesture.defaultScript
        options.gestures = try Gesture.parseScript(parsed.string("script") ?? defaultScript, random: &random)
        switch parsed.string("anchor") ?? (chat ? "last" : "first") {
        case "first": options.anchor = .firstVisibleItem
        case "last": options.anchor = .lastVisibleItem
        case let other: throw UsageError("--anchor must be 'first' or 'last', not '\(other)'")
        }
        options.refineEstimate = parsed.flag("refine-estimate")
        try presentation(parsed, &options)
        if chat {
            var chatOptions = ScrollSession.ChatOptions()
            chatOptions.history = try parsed.int("history", default: chatOptions.history, in: 0...10_000_000)
            chatOptions.page = try parsed.int("page", default: chatOptions.page, in: 1...1_000_000)
            chatOptions.arrivalSeconds = try parsed.double("arrive-every", default: chatOptions.arrivalSeconds, in: 0...3_600)
            options.chat = chatOptions
            options.startAtEnd = true
        }
        if let restored {
            let state = restored.restoration.state
            if let visible = state.visibleRect { options.startOffset = visible.minY }
            let title =
                "a relaunch from '\(restored.path)' (\(grouped(state.totalItemCount)) messages), \(workload.summary), "
                + "viewport \(workload.viewportSize)" + presentationTitle(options)
            return (try ScrollSession(restored: state, workload: workload, options: options), title)
        }
        let title = "\(workload.summary), viewport \(workload.viewportSize)" + presentationTitle(options)
        return (try ScrollSession(workload: workload, options: options), title)
    }

    /// Reads the presentation options: `--pin-headers`, `--rtl`, `--scale`, `--snap`.
    static func presentation(_ parsed: Arguments, _ options: inout ScrollSession.Options) throws(UsageError) {
        options.pinHeaders = parsed.flag("pin-headers")
        options.rightToLeft = parsed.flag("rtl")
        options.displayScale = try parsed.double("scale", default: 0, in: 0...16)
        if let raw = parsed.string("snap") {
            guard let mode = FlowLayoutOptions.ScrollSnapping(rawValue: raw) else {
                throw UsageError("--snap must be 'lineStart', 'itemCenter', 'page' or 'none', not '\(raw)'")
            }
            options.snapping = mode
        }
    }

    /// The title's note of the presentation options given, `""` without any.
    static func presentationTitle(_ options: ScrollSession.Options) -> String {
        var notes: [String] = []
        if options.pinHeaders { notes.append("headers pinned") }
        if options.rightToLeft { notes.append("right to left") }
        if options.displayScale > 0 { notes.append("scale \(LayoutOutput.number(options.displayScale))") }
        if options.snapping != .none { notes.append("snapping \(options.snapping.rawValue)") }
        return notes.isEmpty ? "" : ", " + notes.joined(separator: ", ")
    }

    /// The trace line of a data change: `batch` for the frame number; the items
    /// added or removed in the reports column, the transitions in the shown column.
    static func updateTraceLine(_ record: ScrollSession.UpdateRecord, timing: Bool) -> String {
        let anchor = record.anchor.map { "\($0.category.rawValue) \($0.indexPath)" } ?? "-"
        return "batch  " + record.gesture.padding(18) + " " + String(format: "%12.1f", record.offset) + " "
            + String(format: "%+9.1f", record.adjustment) + " " + String(format: "%+d", record.itemDelta).leftPadding(8) + " "
            + String(record.transitions).leftPadding(6) + " "
            + (timing ? String(format: "%10.1f", record.engineMicros) : "-".leftPadding(10)) + "  "
            + String(format: "%.6g", record.contentExtent) + "  " + anchor
            + (record.followedToBottom ? "  (then to the bottom)" : "") + "\n"
    }

    /// A `WxH` option.
    static func size(_ parsed: Arguments, _ name: String, default defaultValue: Size) throws(UsageError) -> Size {
        guard let raw = parsed.string(name) else { return defaultValue }
        let parts = raw.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite,
            height.isFinite, width >= 0, height >= 0, width <= 1e6, height <= 1e6
        else { throw UsageError("--\(name) must be WIDTHxHEIGHT with numbers from 0 to 1000000, not '\(raw)'") }
        return Size(width: width, height: height)
    }

    static func traceLine(_ record: ScrollSession.FrameRecord, timing: Bool) -> String {
        let anchor = record.anchor.map { "\($0.category.rawValue) \($0.indexPath)" } ?? "-"
        return String(record.index).leftPadding(5) + "  " + record.gesture.padding(18) + " "
            + String(format: "%12.1f", record.offset) + " " + String(format: "%+9.1f", record.adjustment) + " "
            + String(record.reports).leftPadding(8) + " " + String(record.shown).leftPadding(6) + " "
            + (timing ? String(format: "%10.1f", record.engineMicros) : "-".leftPadding(10)) + "  "
            + String(format: "%.6g", record.contentExtent)
            + "  " + anchor + "\n"
    }
}

/// A progress line on standard error for sessions longer than a second, only
/// when standard error is a terminal.
final class Progress {
    private let label: String
    private let start = ContinuousClock.now
    private var lastDraw = ContinuousClock.now
    private var shown = false
    private let enabled = Terminal.standardErrorIsTerminal

    init(label: String) { self.label = label }

    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - start > .seconds(1), now - lastDraw > .milliseconds(200) else { return }
        lastDraw = now
        shown = true
        FileHandle.standardError.write(Data("\r\(label): \(text())\u{1B}[K".utf8))
    }

    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
