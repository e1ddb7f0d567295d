import Foundation

/// Which build of the demo is running, so that times measured in a debug build
/// say so where they are printed.
///
/// `swift run flow-demo`, the README's first command, builds in debug: no
/// optimisation, and every generic call and bounds check left in. A frame the
/// engine answers in well under a microsecond in a release build takes tens of
/// microseconds there, about 20 times as long. The times stay printed (they are
/// what this build does); the note names the release command for the same
/// arguments.
enum BuildConfiguration {
    /// Whether this is a debug build: SwiftPM defines `DEBUG` in debug builds
    /// (`swift build`, `swift run`, `swift test`) and not with `-c release`.
    static let isDebug: Bool = {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }()

    /// The name of the configuration, for JSON output: `debug` or `release`.
    static var name: String { isDebug ? "debug" : "release" }

    /// The command that runs `arguments` in a release build:
    /// `swift run -c release flow-demo ARGUMENTS`, each argument quoted for a
    /// POSIX shell where it needs it.
    static func releaseCommand(_ arguments: [String]) -> String {
        (["swift run -c release flow-demo"] + arguments.map(shellQuoted)).joined(separator: " ")
    }

    /// The note that goes with times measured in this build: `nil` in a release
    /// build; in a debug build, that it is one and the command that gives
    /// release times for the same `arguments` (`a debug build; a release build
    /// runs about 20 times faster: swift run -c release flow-demo --chat`).
    static func debugTimingNote(arguments: [String]) -> String? {
        guard isDebug else { return nil }
        return "a debug build; a release build runs about 20 times faster: " + releaseCommand(arguments)
    }

    /// The arguments this process was started with, less the program's name.
    static var commandLineArguments: [String] { Array(CommandLine.arguments.dropFirst()) }

    /// `argument` as a POSIX shell reads it back: unchanged when it holds only
    /// characters no shell treats specially, else in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let plain =
            !argument.isEmpty
            && argument.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9": return true
                case "-", "_", ".", "/", ",", ":", "=", "%", "+", "@": return true
                default: return false
                }
            }
        if plain { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
