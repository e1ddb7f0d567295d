import Foundation

/// Runs the `flow-demo` binary built next to the test bundle.
enum DemoRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// `flow-demo` in the build's products directory. On Linux the test
    /// process is the test bundle itself, next to it; on macOS `swift test`
    /// runs the bundle in a helper of the toolchain, so the products directory
    /// is found from this target's resource bundle (or a loaded `.xctest`),
    /// which SwiftPM puts there too.
    static let binary: URL = {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        directories.append(Bundle.module.bundleURL.deletingLastPathComponent())
        directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        let candidates = directories.map { $0.appendingPathComponent("flow-demo") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// Runs `flow-demo` with `arguments`, feeding `input` to standard input.
    static func run(_ arguments: [String], input: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A golden file's text.
    static func golden(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Writes `text` to a temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flow-demo-test-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
