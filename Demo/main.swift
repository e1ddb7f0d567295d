import Foundation

// `flow-demo`: the flow layout engine's demo (see `Demo/CLI/FlowDemo.swift`).
// Commands run on a detached, nonisolated task: each call into the engine's
// actor is then a cheap hop, not a main-actor thread switch. `--synchronous`
// (for `bench` under callgrind) drives the core on the main thread instead, and
// starts no other thread.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
if arguments.contains("--synchronous") {
    status = await FlowDemo.run(arguments)
} else {
    status = await Task.detached { await FlowDemo.run(arguments) }.value
}
exit(status)
