import Foundation

/// One line of the benchmark table: an operation of a scenario, timed for the
/// engine and, where it can finish, for the eager reference in the same run.
struct BenchRow: Sendable {
    var scenario: String
    var operation: String
    var engine: Percentiles
    /// The reference's timings, or `nil` where it was capped.
    var reference: Percentiles?
    /// Why the reference did not run, or how it was capped.
    var referenceNote: String?
    /// The engine's memory at the end of the operation (its own structures).
    var engineMemoryBytes: Int
    /// The items the memory is divided by.
    var items: Int
    /// A free-form remark: per-item time, measured-item cost.
    var note: String = ""
    /// The bytes each measured item costs, where the row measures items.
    var bytesPerMeasuredItem: Double?
    /// The anchor's largest on-screen jump, where the row anchors.
    var maxAnchorJump: Double?

    var bytesPerItem: Double { items > 0 ? Double(engineMemoryBytes) / Double(items) : 0 }
    /// How many times faster the engine's median is than the reference's.
    var ratio: Double? { reference.map { $0.median / max(engine.median, 1e-3) } }

    /// The JSON object of the row, with the keys `bench --json` promises.
    var json: String {
        func number(_ value: Double) -> String { String(format: "%.3f", value) }
        var fields = [
            "\"scenario\": \"\(scenario)\"", "\"operation\": \"\(operation)\"",
            "\"meanMicros\": \(number(engine.mean))", "\"medianMicros\": \(number(engine.median))",
            "\"p99Micros\": \(number(engine.p99))",
            "\"maxMicros\": \(number(engine.max))", "\"samples\": \(engine.count)",
            "\"referenceMedianMicros\": \(reference.map { number($0.median) } ?? "null")",
            "\"ratio\": \(ratio.map(number) ?? "null")",
            "\"peakMemoryBytes\": \(engineMemoryBytes)", "\"bytesPerItem\": \(number(bytesPerItem))",
        ]
        if let bytesPerMeasuredItem { fields.append("\"bytesPerMeasuredItem\": \(number(bytesPerMeasuredItem))") }
        if let maxAnchorJump { fields.append("\"maxAnchorJump\": \(maxAnchorJump.isFinite ? number(maxAnchorJump) : "null")") }
        if let referenceNote { fields.append("\"referenceNote\": \"\(referenceNote)\"") }
        if !note.isEmpty { fields.append("\"note\": \"\(note)\"") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// The rows as an aligned text table.
    static func table(_ rows: [BenchRow]) -> String {
        let header = ["scenario", "operation", "mean", "median", "p99", "max", "reference", "ratio", "memory", "B/item", "note"]
        var lines = [header]
        for row in rows {
            lines.append([
                row.scenario, row.operation, Measure.micros(row.engine.mean), Measure.micros(row.engine.median),
                Measure.micros(row.engine.p99),
                Measure.micros(row.engine.max),
                row.reference.map { Measure.micros($0.median) } ?? (row.referenceNote ?? "–"),
                row.ratio.map { $0 >= 100 ? String(format: "%.0f×", $0) : String(format: "%.1f×", $0) } ?? "–",
                Measure.bytes(row.engineMemoryBytes), String(format: "%.2f", row.bytesPerItem), row.note,
            ])
        }
        let widths = (0..<header.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            line.enumerated().map { index, cell in
                index >= 2 && index <= 9 ? cell.leftPadding(widths[index]) : cell.padding(widths[index])
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

/// Timing helpers for the benchmark.
enum Timing {
    /// Times `body` once, in microseconds.
    @inline(__always)
    static func once(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return Measure.micros(since: start)
    }

    /// Times `body` `count` times.
    static func repeated(_ count: Int, _ body: (Int) throws -> Void) rethrows -> Percentiles {
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for index in 0..<count { samples.append(try once { try body(index) }) }
        return Percentiles(samples)
    }
}
