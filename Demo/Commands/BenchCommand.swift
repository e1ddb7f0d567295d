import FlowLayout
import Foundation

/// `flow-demo bench`: the engine and the eager reference layout side by side.
enum BenchCommand {
    static let help = """
        Usage: flow-demo bench [--scenario NAME] [--quick] [--json] [--synchronous] [--engine-only]
                              [--rows TEXT]

        Runs named scenarios, each timing the engine and, where it can finish, the eager
        reference layout in the same process, and prints median, p99 and max per
        operation, the ratio to the reference (how many times faster), the engine's
        memory and its bytes per item. Build in release mode for meaningful numbers:
          swift run -c release flow-demo bench

        Scenarios: \(Scenarios.names.joined(separator: ", "))

        'updates' times batch updates (performBatchUpdates) on measured collections: one
        item inserted at the top of, or deleted at random from, a section of 1,000,000
        items every one of which reported its size (then one in ten), batches of 100 mixed
        operations over 1,000 sections of 1,000, a section inserted or deleted among
        1,000,000, and a chat of 100,000 messages with 50 older ones prepended, anchored,
        or one appended. The reference applies each batch to its arrays and lays out
        everything again. Notes give the bytes per measured item and the anchor's jump.

        'presentation' times scrolling with pinned section headers over 1,000,000 items
        (120 Hz frames of visible rect and size reports, then pure scroll frames, where
        only pinned frames move; p99 against the 50 µs frame target), and a scroll to
        item 500,000 of 1,000,000 unmeasured self-sizing items (centre) followed by the
        frames that measure what became visible: the item must not move on screen (its
        movement is the rows' maxAnchorJump). The reference has no pinning; for the
        scroll to an item it lays out every item.

                'parse' writes a description of 1,000,000 explicit item sizes to a temporary file
        and reports the decoder's throughput (MB/s), and the peak memory and time of the
        parse alone and of a whole 'layout FILE --rect', each in a child process.

        'uikit' times the code path of the drop-in FlowCollectionViewLayout (its host
        calls; UIKit itself is not in the demo): a scroll frame over 1,000,000 self-sizing
        items rounded to a 3x screen (p99 target 30 µs), and one step of an interactive
        movement in a section of 100,000 items (hit test, move, elements in view; median
        target 20 µs), against relaying out the section in the reference.

        Options:
          --scenario NAME  run one scenario
          --quick          smaller collections and fewer repetitions (for CI)
          --json           an array of rows with scenario, operation, medianMicros,
                           p99Micros, maxMicros, referenceMedianMicros (null where capped),
                           ratio, peakMemoryBytes (the engine's) and bytesPerItem;
                           bytesPerMeasuredItem and maxAnchorJump where they apply
          --synchronous    drive the core directly on the main thread, without the actor
                           (Scripts/callgrind.sh uses it: valgrind cannot follow Swift
                           concurrency's threads)
          --engine-only    skip the reference layout
          --rows TEXT      print only the rows whose operation contains TEXT (any case);
                           'updates' and 'snapshots' also skip the work of their other
                           rows, so that 'Scripts/callgrind.sh updates --rows chat'
                           counts the chat rows alone (with their setup: the messages
                           measured once)
          --child PHASE --input FILE
                           (used by 'parse') run one measured phase, 'parse' or
                           'layout-rect', on FILE and report its memory on standard error
          --help           show this help
        """

    static func run(_ arguments: [String]) async throws {
        let parsed = try Arguments(
            arguments, valued: ["scenario", "child", "input", "rows"], flags: ["quick", "json", "synchronous", "engine-only", "help"])
        if parsed.flag("help") {
            Terminal.out(help + "\n")
            return
        }
        if let name = parsed.string("child") {
            guard let phase = ChildPhase(rawValue: name), let input = parsed.string("input") else {
                throw UsageError("--child needs 'parse' or 'layout-rect', and --input FILE")
            }
            try phase.runInChild(input: input)
            return
        }
        try parsed.expectPositional(atMost: 0, command: "bench")
        let selected = parsed.string("scenario")
        if let selected, !Scenarios.names.contains(selected) {
            throw UsageError("unknown scenario '\(selected)' (one of: \(Scenarios.names.joined(separator: ", ")))")
        }
        let scenarios = Scenarios(
            quick: parsed.flag("quick"), synchronous: parsed.flag("synchronous"), engineOnly: parsed.flag("engine-only"),
            rowFilter: parsed.string("rows"))
        let progress = Progress(label: "bench")
        var rows: [BenchRow] = []
        for name in Scenarios.names where selected == nil || selected == name {
            progress.update(name)
            switch name {
            case "cold-start": rows += try await scenarios.coldStart()
            case "jump": rows += try await scenarios.jump()
            case "scroll": rows += try await scenarios.scroll()
            case "host-frame": rows += try scenarios.hostFrame()
            case "report-storm": rows += try scenarios.reportStorm()
            case "full-layout": rows += try scenarios.fullLayout()
            case "parse": rows += try scenarios.parse()
            case "updates": rows += try await scenarios.updates()
            case "presentation": rows += try await scenarios.presentation()
            case "huge-section": rows += try await scenarios.hugeSection()
            case "uikit": rows += try scenarios.uikit()
            case "snapshots": rows += try scenarios.snapshots()
            case "waterfall": rows += try await scenarios.waterfall()
            default: preconditionFailure("Scenarios.names lists '\(name)' but no scenario runs it")
            }
        }
        progress.finish()
        rows.removeAll { !scenarios.keeps($0.operation) }
        // Times from a debug build say so, with the release command: above the
        // table, or on standard error beside the JSON, which stays one array.
        let buildNote = BuildConfiguration.debugTimingNote(arguments: BuildConfiguration.commandLineArguments)
        if parsed.flag("json") {
            if let buildNote { Terminal.error("note: these times are from \(buildNote)") }
            Terminal.out("[\n  " + rows.map(\.json).joined(separator: ",\n  ") + "\n]\n")
        } else {
            if let buildNote { Terminal.out("note: these times are from \(buildNote)\n") }
            Terminal.out(BenchRow.table(rows))
            Terminal.out("process peak memory \(Measure.bytes(Measure.peakMemoryBytes())) (engines and references together)\n")
        }
    }
}
