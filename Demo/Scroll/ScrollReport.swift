import Foundation
import FlowLayoutDescription

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
    var maxAnchorJump = 0.0
    var frameMicros = Percentiles([])
    var peakMemoryBytes = 0

    /// The readable summary. With `includeTimes` false, the lines that vary from
    /// run to run (times, memory) are left out, for golden tests.
    func summary(title: String, script: String, axis: String, anchor: String, framesPerSecond: Double, includeTimes: Bool = true) -> String {
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
            lines[lines.count - 1] = "anchor jump      \(String(format: "%.3g", maxAnchorJump)) pt at most"
        }
        if includeTimes {
            lines.append(
                "engine / frame   median \(Measure.micros(frameMicros.median)), p99 \(Measure.micros(frameMicros.p99)), max \(Measure.micros(frameMicros.max)) (one actor call: visible rect + size reports)")
            lines.append("peak memory      \(Measure.bytes(peakMemoryBytes)) (whole process)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form: `frames`, `sizeReports`, `maxAnchorJump`, `contentSize`
    /// (`start`, `end`), `frameMicros` (`median`, `p99`, `max`), `peakMemoryBytes`
    /// and more.
    func json(includeTimes: Bool = true) -> String {
        var fields = [
            "\"frames\": \(frames)",
            "\"totalItems\": \(totalItems)",
            "\"itemsShown\": \(itemsShown)",
            "\"sizeReports\": \(sizeReports)",
            "\"maxAnchorJump\": \(LayoutOutput.number(maxAnchorJump))",
            "\"contentSize\": { \"start\": \(LayoutOutput.number(contentStart)), \"end\": \(LayoutOutput.number(contentEnd)) }",
            "\"estimateError\": { \"mean\": \(LayoutOutput.number(estimateErrorMean)), \"max\": \(LayoutOutput.number(estimateErrorMax)) }",
        ]
        if includeTimes {
            fields.append(
                "\"frameMicros\": { \"median\": \(LayoutOutput.number(frameMicros.median)), \"p99\": \(LayoutOutput.number(frameMicros.p99)), \"max\": \(LayoutOutput.number(frameMicros.max)) }")
            fields.append("\"peakMemoryBytes\": \(peakMemoryBytes)")
        }
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }

    private func points(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return grouped(Int(value)) + " pt" }
        if value < 1e-3 { return String(format: "%.3g pt", value) }
        let tenths = Int((value * 10).rounded())
        return "\(grouped(tenths / 10)).\(abs(tenths % 10)) pt"
    }

    private func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }
}
