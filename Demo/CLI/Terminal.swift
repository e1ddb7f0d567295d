import Foundation

/// Standard streams, exit codes and the terminal, for the demo's commands.
enum Terminal {
    /// Writes `text` to standard output.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Whether standard error is a terminal (progress lines go there only then).
    static var standardErrorIsTerminal: Bool { isatty(2) != 0 }

    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(1) != 0 }

    /// Writes `text` to a file, replacing it.
    static func write(_ text: String, to path: String) throws(InputError) {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw InputError("cannot write '\(path)'")
        }
    }
}

/// Input that cannot be used (a file that cannot be read, a bad description):
/// reported with exit status 1.
struct InputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
