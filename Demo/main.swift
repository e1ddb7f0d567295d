import Foundation

// `flow-demo`: the flow layout engine's demo (see `Demo/CLI/FlowDemo.swift`).
// Commands run on a detached, nonisolated task: each call into the engine's
// actor is then a cheap hop, not a main-actor thread switch.
let arguments = Array(CommandLine.arguments.dropFirst())
let status = await Task.detached { await FlowDemo.run(arguments) }.value
exit(status)
