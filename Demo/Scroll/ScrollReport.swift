import FlowLayoutDescription
import Foundation

/// What a session measured: the summary, and its JSON form for tools.
struct ScrollReport: Sendable {
    var frames = 0
    var totalItems = 0
    var itemsShown = 0
    var sizeReports = 0
    var framesWithReports = 0
    var contentStart = 0.0
    var contentEnd = 0.0
    var estimateErrorMean = 0.0
    var estimateErrorMax = 0.0
    /// The anchor's largest jump on screen, through frames and updates.
    var maxAnchorJump = 0.0
    var frameMicros = Percentiles([])
    var peakMemoryBytes = 0
    /// Data changes applied: one `performBatchUpdates` call each.
    var updates = 0
    var itemsInserted = 0
    var itemsDeleted = 0
    var itemsReloaded = 0
    /// The anchor's largest jump on screen through updates alone.
    var maxUpdateAnchorJump = 0.0
    var updateMicros = Percentiles([])
    /// A chat session's counts, or `nil`.
    var chat: Chat?
    /// Jumps with a position (the engine's scroll to an item), the size reports
    /// applied while their items were watched, and the most a watched item
    /// moved on screen (`flow-layout.md` 8.4: 0).
    var positionedJumps = 0
    var jumpReports = 0
    var maxJumpTargetMovement = 0.0
    /// Flings that came to rest under snapping, how many then needed a
    /// settling frame (items measured on the way moved the candidates), and
    /// the largest settle.
    var snappedFlings = 0
    var snapSettles = 0
    var maxSnapSettle = 0.0
    /// The snapping mode, for the summary.
    var snapping = "none"

    /// What a chat's host did between frames.
    struct Chat: Sendable {
        /// The messages loaded when the session started.
        var messagesAtStart: Int
        /// Pages of older messages prepended, and the messages in them.
        var historyPages = 0
        var historyMessages = 0
        /// New messages appended at the bottom.
        var messagesReceived = 0
        /// Messages that arrived while the user was at the bottom, and so were
        /// scrolled into view.
        var followedToBottom = 0
    }

    /// The readable summary. With `includeTimes` false, the lines that vary from
    /// run to run (times, memory) are left out, for golden tests; with them,
    /// `buildNote` (``BuildConfiguration/debugTimingNote(arguments:)``), when
    /// given, follows them on a `build` line.
    func summary(
        title: String, script: String, axis: String, anchor: String, framesPerSecond: Double, includeTimes: Bool = true,
        buildNote: String? = nil
    ) -> String {
        let seconds = Double(frames) / framesPerSecond
        let change = contentStart > 0 ? (contentEnd - contentStart) / contentStart * 100 : 0
        var lines = [
            "flow-demo scroll: \(title)",
            "script           \(script)",
            "frames           \(grouped(frames)) at \(LayoutOutput.number(framesPerSecond)) Hz (\(String(format: "%.2f", seconds)) s of scrolling)",
            "items shown      \(grouped(itemsShown)) of \(grouped(totalItems)), measured as they appeared: \(grouped(sizeReports)) size reports in \(grouped(framesWithReports)) frames",
            "content \(axis.padding(8)) \(points(contentStart)) at the start (estimated), \(points(contentEnd)) at the end (\(String(format: "%+.3f", change))%)",
            "estimate         real \(axis)s differ from the estimate by \(percent(estimateErrorMean)) on average, \(percent(estimateErrorMax)) at most",
            "anchor jump      \(points(maxAnchorJump)) at most: the \(anchor) visible item never moved on screen",
        ]
        if maxAnchorJump > 0 {
            lines[lines.count - 1] = "anchor jump      \(jump(maxAnchorJump)) at most"
        }
        if updates > 0 {
            lines[lines.count - 1] += ", through frames and updates"
            lines.append(
                "updates          \(grouped(updates)) applied: \(grouped(itemsInserted)) items inserted, \(grouped(itemsDeleted)) deleted, "
                    + "\(grouped(itemsReloaded)) reloaded; anchor jump \(jump(maxUpdateAnchorJump)) at most through them")
        }
        lines += presentationLines
        if includeTimes {
            lines.append(
                "engine / frame   median \(Measure.micros(frameMicros.median)), p99 \(Measure.micros(frameMicros.p99)), max \(Measure.micros(frameMicros.max)) (one actor call: visible rect + size reports)"
            )
            if updates > 0 { lines.append(updateTimesLine) }
            lines.append("peak memory      \(Measure.bytes(peakMemoryBytes)) (whole process)")
            if let buildNote { lines.append("build            \(buildNote)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The readable summary of a chat session (`scroll --chat`); with
    /// `includeTimes` false, without times and memory; with them, `buildNote`
    /// on a `build` line, when given.
    func chatSummary(title: String, script: String, framesPerSecond: Double, includeTimes: Bool = true, buildNote: String? = nil) -> String
    {
        let chat = chat ?? Chat(messagesAtStart: 0)
        let seconds = Double(frames) / framesPerSecond
        var lines = [
            "flow-demo scroll --chat: \(title)",
            "script           \(script)",
            "frames           \(grouped(frames)) at \(LayoutOutput.number(framesPerSecond)) Hz (\(String(format: "%.2f", seconds)) s)",
            "messages         \(grouped(totalItems)) at the end: \(grouped(chat.messagesAtStart)) at the start, "
                + "\(grouped(chat.historyMessages)) older ones loaded, \(grouped(chat.messagesReceived)) received",
            "history          \(grouped(chat.historyPages)) pages loaded (prepended whenever the view came within a screen of the top)",
            "received         \(grouped(chat.messagesReceived)) messages appended, \(grouped(chat.followedToBottom)) of them while at the bottom (scrolled into view)",
            "updates          \(grouped(updates)) applied (one batch each), \(grouped(sizeReports)) size reports in \(grouped(framesWithReports)) frames",
            "measured         \(grouped(itemsShown)) messages, real heights differ from the estimate by \(percent(estimateErrorMean)) on average",
            "anchor jump      \(jump(maxAnchorJump)) at most through frames and updates (\(jump(maxUpdateAnchorJump)) through updates): "
                + (maxAnchorJump == 0 ? "the last visible message never moved on screen" : "the last visible message moved"),
        ]
        if includeTimes {
            lines.append(
                "engine / frame   median \(Measure.micros(frameMicros.median)), p99 \(Measure.micros(frameMicros.p99)), max \(Measure.micros(frameMicros.max)) (one call: visible rect + size reports)"
            )
            lines.append(updateTimesLine)
            lines.append("peak memory      \(Measure.bytes(peakMemoryBytes)) (whole process)")
            if let buildNote { lines.append("build            \(buildNote)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of jumps with a position and of snapped flings, when there were any.
    var presentationLines: [String] {
        var lines: [String] = []
        if positionedJumps > 0 {
            lines.append(
                "jump target      moved \(jump(maxJumpTargetMovement)) on screen at most in \(grouped(positionedJumps)) scroll-to-item "
                    + (positionedJumps == 1 ? "jump, " : "jumps, ")
                    + "while \(grouped(jumpReports)) size reports around them were applied")
        }
        if snappedFlings > 0 {
            lines.append(
                "snapping         \(snapping): \(grouped(snappedFlings)) " + (snappedFlings == 1 ? "fling" : "flings")
                    + " came to rest at targetContentOffset; "
                    + "\(grouped(snapSettles)) then settled by \(jump(maxSnapSettle)) at most (sizes measured on the way)")
        }
        return lines
    }

    private var updateTimesLine: String {
        "engine / update  median \(Measure.micros(updateMicros.median)), p99 \(Measure.micros(updateMicros.p99)), max \(Measure.micros(updateMicros.max)) (one call: the batch)"
    }

    /// The JSON form: `frames`, `sizeReports`, `maxAnchorJump`, `contentSize`
    /// (`start`, `end`), `updates`, `maxUpdateAnchorJump`, `frameMicros` and
    /// `updateMicros` (`median`, `p99`, `max`), `peakMemoryBytes` and `build`
    /// (`debug` or `release`: the times' build) and more; for a chat,
    /// `messages`, `historyPagesLoaded`, `messagesReceived` too.
    func json(includeTimes: Bool = true) -> String {
        var fields = [
            "\"frames\": \(frames)",
            "\"totalItems\": \(totalItems)",
            "\"itemsShown\": \(itemsShown)",
            "\"sizeReports\": \(sizeReports)",
            "\"maxAnchorJump\": \(LayoutOutput.number(maxAnchorJump))",
            "\"contentSize\": { \"start\": \(LayoutOutput.number(contentStart)), \"end\": \(LayoutOutput.number(contentEnd)) }",
            "\"estimateError\": { \"mean\": \(LayoutOutput.number(estimateErrorMean)), \"max\": \(LayoutOutput.number(estimateErrorMax)) }",
            "\"updates\": \(updates)",
            "\"itemsInserted\": \(itemsInserted)",
            "\"itemsDeleted\": \(itemsDeleted)",
            "\"itemsReloaded\": \(itemsReloaded)",
            "\"maxUpdateAnchorJump\": \(LayoutOutput.number(maxUpdateAnchorJump))",
            "\"positionedJumps\": \(positionedJumps)",
            "\"maxJumpTargetMovement\": \(LayoutOutput.number(maxJumpTargetMovement))",
            "\"snappedFlings\": \(snappedFlings)",
            "\"maxSnapSettle\": \(LayoutOutput.number(maxSnapSettle))",
        ]
        if let chat {
            fields += [
                "\"messages\": \(totalItems)",
                "\"messagesAtStart\": \(chat.messagesAtStart)",
                "\"historyPagesLoaded\": \(chat.historyPages)",
                "\"historyMessagesLoaded\": \(chat.historyMessages)",
                "\"messagesReceived\": \(chat.messagesReceived)",
                "\"followedToBottom\": \(chat.followedToBottom)",
            ]
        }
        func times(_ p: Percentiles) -> String {
            "{ \"median\": \(LayoutOutput.number(p.median)), \"p99\": \(LayoutOutput.number(p.p99)), \"max\": \(LayoutOutput.number(p.max)) }"
        }
        if includeTimes {
            fields.append("\"frameMicros\": \(times(frameMicros))")
            fields.append("\"updateMicros\": \(times(updateMicros))")
            fields.append("\"peakMemoryBytes\": \(peakMemoryBytes)")
            fields.append("\"build\": \"\(BuildConfiguration.name)\"")
        }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private func points(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return grouped(Int(value)) + " pt" }
        if value < 1e-3 { return String(format: "%.3g pt", value) }
        let tenths = Int((value * 10).rounded())
        return "\(grouped(tenths / 10)).\(abs(tenths % 10)) pt"
    }

    /// A jump: `0 pt`, or three significant digits.
    private func jump(_ value: Double) -> String {
        value == 0 ? "0 pt" : String(format: "%.3g pt", value)
    }

    private func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }
}
