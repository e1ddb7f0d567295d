import FlowLayout
import FlowLayoutDescription
import FlowLayoutReference
import Foundation

/// The `parse` scenario: the CLI's input path on a description of 1,000,000
/// explicit item sizes (about 31 MB of JSON, sizes with up to two decimals as
/// measured sizes have).
///
/// - Throughput: `LayoutDescription.decode(contentsOfFile:)` in this process,
///   the median of several runs, in MB/s.
/// - Peak memory: each measured phase runs in a fresh child process of this
///   binary (`bench --child PHASE --input FILE`), so that nothing this process
///   allocated before (the heap it keeps, the other scenarios) counts. The child
///   notes its resident memory when the phase starts, resets the kernel's
///   high-water mark where it may (`/proc/self/clear_refs`), runs the phase, and
///   reports the high-water mark (`VmHWM`). The row gives the peak of the whole
///   process per item (what `/usr/bin/time -v` reports as maximum resident set
///   size; the runtime and Foundation alone take about 20 MB) and, in the note,
///   the growth over the start, the phase's own cost.
/// - `layout --rect`: the `layout` command itself with `--rect` (parse, engine
///   state, one rect query, output to /dev/null), timed from spawn to exit.
extension Scenarios {
    /// The items of the generated description.
    static let parseItems = 1_000_000
    /// The query rect of the `layout --rect` phase: one screen, about half way down.
    static let parseQueryRect = "0,25000000,390,844"

    func parse() throws -> [BenchRow] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flow-demo-bench-parse-\(ProcessInfo.processInfo.processIdentifier).json"
        ).path
        let fileBytes = try Self.writeDescription(items: Self.parseItems, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let megabytes = Double(fileBytes) / 1e6
        let items = Self.parseItems

        // 1. Throughput, in this process.
        var decodedItems = 0
        var decodedBytes = 0
        let decode = try Timing.repeated(quick ? 3 : 7) { _ in
            let description = try LayoutDescription.decode(contentsOfFile: path)
            decodedItems = description.sections.reduce(0) { $0 + $1.itemCount }
            decodedBytes = description.sections.reduce(description.sections.capacity * MemoryLayout<FlowSection>.stride) {
                $0 + ($1.itemSizeChunks ?? []).reduce(0) { $0 + $1.capacity * MemoryLayout<Size>.stride }
            }
        }
        guard decodedItems == items else { throw InputError("bench: decoded \(decodedItems) items, not \(items)") }
        let throughput = megabytes / (decode.median / 1e6)
        var rows = [
            BenchRow(
                scenario: "parse", operation: "decode \(grouped(items)) explicit sizes (\(String(format: "%.1f", megabytes)) MB)",
                engine: decode, referenceNote: "–", engineMemoryBytes: decodedBytes, items: items,
                note: String(format: "%.0f MB/s (median); memory: the description decoded", throughput))
        ]

        // 2. Peak memory of the parse alone, and of a whole `layout --rect`.
        let runs = quick ? 2 : 5
        for phase in ChildPhase.allCases {
            var wallClock: [Double] = []
            var reports: [ChildReport] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                reports.append(try ChildReport.run(phase, input: path))
                wallClock.append(Measure.micros(since: start))
            }
            let report = reports.sorted { $0.peakBytes < $1.peakBytes }[reports.count / 2]
            let growth = Double(report.peakBytes - report.startBytes) / Double(items)
            rows.append(
                BenchRow(
                    scenario: "parse", operation: phase.operation, engine: Percentiles(wallClock), referenceNote: "–",
                    engineMemoryBytes: report.peakBytes, items: items,
                    note: String(
                        format: "child process: peak %@ (%.1f B/item over its %@ at start), %@ in-process",
                        Measure.bytes(report.peakBytes), growth, Measure.bytes(report.startBytes),
                        Measure.micros(Percentiles(reports.map(\.phaseMicros)).median))))
        }
        return rows
    }

    /// Writes a description of `items` explicit sizes, one section, compact JSON,
    /// and returns its length in bytes.
    static func writeDescription(items: Int, to path: String) throws -> Int {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw InputError("bench: cannot write '\(path)'")
        }
        defer { try? file.close() }
        var random = SeededRandom(seed: 12)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        var total = 0
        func flush() throws {
            try file.write(contentsOf: buffer)
            total += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        buffer += Array(
            #"{"viewport":{"width":390,"height":844},"layout":{"minimumLineSpacing":8,"minimumInteritemSpacing":8},"sections":[{"itemSizes":["#
                .utf8)
        for item in 0..<items {
            if item > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer += #"{"width":"#.utf8
            appendHundredths(random.int(4_000...19_000), to: &buffer)
            buffer += #","height":"#.utf8
            appendHundredths(random.int(4_000...19_000), to: &buffer)
            buffer.append(UInt8(ascii: "}"))
            if buffer.count >= 1 << 16 { try flush() }
        }
        buffer += Array("]}]}\n".utf8)
        try flush()
        return total
    }

    /// Appends `hundredths / 100` in decimal with at most two decimals, no
    /// trailing zeros: 12345 as `123.45`, 12340 as `123.4`, 12300 as `123`.
    private static func appendHundredths(_ hundredths: Int, to buffer: inout [UInt8]) {
        buffer += String(hundredths / 100).utf8
        let cents = hundredths % 100
        guard cents != 0 else { return }
        buffer.append(UInt8(ascii: "."))
        buffer.append(UInt8(ascii: "0") + UInt8(cents / 10))
        if cents % 10 != 0 { buffer.append(UInt8(ascii: "0") + UInt8(cents % 10)) }
    }
}

/// A phase of the `parse` scenario measured in a child process.
enum ChildPhase: String, CaseIterable {
    /// `LayoutDescription.decode(contentsOfFile:)`, the result kept until measured.
    case parse
    /// `flow-demo layout FILE --rect ...`, output to /dev/null.
    case layoutRect = "layout-rect"

    var operation: String {
        switch self {
        case .parse: "peak memory of the parse alone"
        case .layoutRect: "layout FILE --rect (whole process)"
        }
    }

    /// Runs the phase in this process (the child) and prints its report on
    /// standard error: the resident bytes at the start, the peak, the phase's time.
    func runInChild(input: String) throws {
        let start = ResidentMemory.current()
        ResidentMemory.resetPeak()
        let clock = ContinuousClock.now
        switch self {
        case .parse:
            let description = try LayoutDescription.decode(contentsOfFile: input)
            withExtendedLifetime(description) {}
        case .layoutRect:
            try LayoutCommand.run([input, "--rect", Scenarios.parseQueryRect])
        }
        let micros = Measure.micros(since: clock)
        Terminal.error("\(ChildReport.prefix) \(start) \(Measure.peakMemoryBytes()) \(micros)")
    }
}

/// What a child process measured.
struct ChildReport {
    static let prefix = "child-report:"
    /// Resident bytes when the phase started.
    var startBytes: Int
    /// The peak of resident bytes up to the end of the phase.
    var peakBytes: Int
    /// The phase's own time, in microseconds.
    var phaseMicros: Double

    /// Runs `phase` on `input` in a fresh process of this binary and reads its report.
    static func run(_ phase: ChildPhase, input: String) throws -> ChildReport {
        let process = Process()
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["bench", "--child", phase.rawValue, "--input", input]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(separator: "\n").last { $0.hasPrefix(prefix) }?.split(separator: " ").dropFirst() ?? []
        guard process.terminationStatus == 0, fields.count == 3, let start = Int(fields[fields.startIndex]),
            let peak = Int(fields[fields.startIndex + 1]), let micros = Double(fields[fields.startIndex + 2])
        else {
            throw InputError("bench: the \(phase.rawValue) child failed (status \(process.terminationStatus)): \(text)")
        }
        return ChildReport(startBytes: start, peakBytes: peak, phaseMicros: micros)
    }
}

/// The process's resident memory, from `/proc/self/status`.
enum ResidentMemory {
    /// Resident bytes now (`VmRSS`), or 0 where unknown. Apple's platforms have
    /// no `/proc`: there it is the peak so far (``Measure/peakMemoryBytes()``),
    /// which a child reads as it starts, when the two are close.
    static func current() -> Int {
        #if canImport(Darwin)
        return Measure.peakMemoryBytes()
        #else
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            if let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first { return kilobytes * 1024 }
        }
        return 0
        #endif
    }

    /// Resets the peak (`VmHWM`) to the resident bytes now, where the kernel allows
    /// it (Linux 4.0 on); elsewhere the peak stays the process's since its start.
    static func resetPeak() {
        if let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            try? file.write(contentsOf: Data("5".utf8))
            try? file.close()
        }
    }
}
