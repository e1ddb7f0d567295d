/// The fuzz harness: runs one input through the engine and checks every answer
/// against the eager reference (`FlowLayoutReference`).
///
/// Two kinds of input:
/// - one starting with `{` is a JSON layout description
///   (``DescriptionInput``): decoded, laid out, queried, given size reports,
///   and, when small, compared frame by frame with the reference;
/// - one starting with byte 255 is a program of snapshots and archives
///   (``SnapshotProgram``), compared with a plain model of the content;
/// - any other is a binary program (``EngineProgram``): a configuration and
///   sections, then operations (size reports, viewport and visible-rect
///   changes, frames, batch updates valid and invalid, queries) applied to the
///   engine and to a ``ReferenceModel`` of the same data, compared exactly;
///   one starting with byte 254 is such a program with waterfall sections
///   (`flow-layout.md` 12), the program after that byte.
///
/// libFuzzer calls ``run(_:)`` through the `FlowLayoutFuzzer` executable
/// (`Scripts/fuzz.sh`); the tests call ``check(_:)``, which reports a
/// disagreement as a thrown ``FuzzFailure`` instead of trapping.
package enum FuzzHarness {
    /// Runs one input; traps on any disagreement with the reference, which
    /// libFuzzer reports as a crash with the input.
    package static func run(_ bytes: [UInt8]) {
        do {
            try check(bytes)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Runs one input.
    ///
    /// - Throws: ``FuzzFailure`` describing the first disagreement between the
    ///   engine and the reference (or the rules of `flow-layout.md` 9 and 10).
    /// - Complexity: O(operations × n) for a program of n items: it compares
    ///   every frame after every few operations.
    package static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        if bytes.first == UInt8(ascii: "{") {
            try DescriptionInput.check(bytes)
        } else if bytes.first == 255 {
            var program = try SnapshotProgram(bytes)
            try program.run()
        } else if bytes.first == 254 {
            _ = try checkProgram(Array(bytes.dropFirst()), waterfall: true)
        } else {
            _ = try checkProgram(bytes)
        }
    }

    /// Runs `bytes` as a binary program (even one starting with `{`), a
    /// waterfall program when `waterfall`, and returns what it did.
    ///
    /// - Throws: ``FuzzFailure`` at the first disagreement.
    package static func checkProgram(_ bytes: [UInt8], waterfall: Bool = false) throws(FuzzFailure) -> ProgramStatistics {
        var program = try EngineProgram(bytes, waterfall: waterfall)
        try program.run()
        return program.statistics
    }
}

/// A disagreement the harness found: what differed, and after which operation.
package struct FuzzFailure: Error, CustomStringConvertible {
    /// What went wrong, with the values involved.
    package var message: String

    /// Creates a failure.
    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
