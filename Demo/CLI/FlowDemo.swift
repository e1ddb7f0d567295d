/// The commands of `flow-demo` and their dispatch.
enum FlowDemo {
    /// Every command: name, one-line summary, and how to run it.
    static let commands: [(name: String, summary: String, run: @Sendable ([String]) async throws -> Void)] = [
        ("scroll", "simulate a user scrolling a huge self-sizing collection (the default)", ScrollCommand.run),
        ("layout", "lay out a layout description and print the frames as JSON", { try LayoutCommand.run($0) }),
        ("render", "draw a layout description or a frame of a session as SVG", RenderCommand.run),
        ("bench", "benchmark the engine against the eager reference layout", BenchCommand.run),
    ]

    static let usage = """
        flow-demo: a flow layout engine (UICollectionViewFlowLayout's semantics), lazy and incremental.

        Usage: flow-demo [COMMAND] [OPTIONS]

        Commands:
        \(commands.map { "  " + $0.name.padding(8) + $0.summary }.joined(separator: "\n"))

        With no command, runs a scroll session over 1,000,000 self-sizing items.
        Run 'flow-demo COMMAND --help' for a command's options.
        """

    /// Runs the demo and returns the exit status: 0 success, 1 bad input, 2 bad usage.
    static func run(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first else { return await dispatch(ScrollCommand.run, []) }
        if first == "--help" || first == "-h" || first == "help" {
            Terminal.out(usage + "\n")
            return 0
        }
        if first.hasPrefix("--") { return await dispatch(ScrollCommand.run, arguments) }
        guard let command = commands.first(where: { $0.name == first }) else {
            Terminal.error("flow-demo: unknown command '\(first)'\n\n\(usage)")
            return 2
        }
        return await dispatch(command.run, Array(arguments.dropFirst()))
    }

    private static func dispatch(_ run: @Sendable ([String]) async throws -> Void, _ arguments: [String]) async -> Int32 {
        do {
            try await run(arguments)
            return 0
        } catch let error as UsageError {
            Terminal.error("flow-demo: \(error)\nRun 'flow-demo --help' for usage.")
            return 2
        } catch let error as InputError {
            Terminal.error("flow-demo: \(error)")
            return 1
        } catch {
            Terminal.error("flow-demo: \(error)")
            return 1
        }
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string padded on the left to at least `width` characters.
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
