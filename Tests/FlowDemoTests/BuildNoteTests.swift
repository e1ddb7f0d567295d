import Foundation
import Testing

/// Times printed by a debug build say so (issue 30, item 5): `swift run
/// flow-demo` is a debug build, about 20 times slower than a release build,
/// and its summaries name the release command for the same arguments. The
/// test binary and the demo are built in the same configuration, so `DEBUG`
/// here is `DEBUG` there. With `--no-timing` there are no times and no note:
/// the golden files (and CI's `grep`) do not change.
@Suite("flow-demo: times from a debug build say so")
struct BuildNoteTests {
    static let scroll = ["scroll", "--sections", "2", "--items", "30", "--script", "drag:2000:0.25"]

    static var isDebug: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    static func buildLine(_ arguments: [String]) -> String {
        "build            a debug build; a release build runs about 20 times faster: swift run -c release flow-demo "
            + arguments.joined(separator: " ")
    }

    @Test("the scroll summary ends with the build line after its times, in a debug build only")
    func scrollSummary() throws {
        let output = try DemoRunner.run(Self.scroll)
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("engine / frame   median") })
        if Self.isDebug {
            #expect(lines.last == Self.buildLine(Self.scroll))
        } else {
            #expect(!lines.contains { $0.hasPrefix("build ") })
        }
    }

    @Test("the chat summary and --restore's session too; without arguments, the release command is bare")
    func chatSummary() throws {
        let arguments = ["--chat", "--messages", "20", "--script", "pause:0.1"]
        let output = try DemoRunner.run(arguments)
        #expect(output.status == 0)
        let last = output.standardOutput.split(separator: "\n").last.map(String.init)
        if Self.isDebug {
            #expect(last == Self.buildLine(arguments))
            #expect(Self.buildLine([]).hasSuffix("swift run -c release flow-demo "))
        } else {
            #expect(last?.hasPrefix("peak memory") == true)
        }
    }

    @Test("an argument a shell would split is quoted in the release command")
    func quoting() throws {
        let description = """
            { "viewport": { "width": 320, "height": 480 }, "layout": { "estimatedItemSize": { "width": 100, "height": 80 } },
              "sections": [ { "itemCount": 40 } ] }
            """
        let path = try DemoRunner.temporaryFile(description, name: "it's here.json")
        let output = try DemoRunner.run(["scroll", path, "--script", "drag:1000:0.1"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        if Self.isDebug {
            let quoted = "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
            #expect(output.standardOutput.hasSuffix("swift run -c release flow-demo scroll \(quoted) --script drag:1000:0.1\n"))
        }
    }

    @Test("--json gives the build of its times; --no-timing prints neither times nor a note")
    func jsonAndNoTiming() throws {
        let json = try DemoRunner.run(Self.scroll + ["--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["build"] as? String == (Self.isDebug ? "debug" : "release"))
        let untimed = try DemoRunner.run(Self.scroll + ["--no-timing"])
        #expect(untimed.status == 0)
        #expect(!untimed.standardOutput.contains("µs"))
        #expect(!untimed.standardOutput.contains("build "))
        #expect(!untimed.standardOutput.contains("debug"))
        let untimedJSON = try DemoRunner.run(Self.scroll + ["--no-timing", "--json"])
        #expect(!untimedJSON.standardOutput.contains("\"build\""))
    }

    @Test("bench notes a debug build above its table, and beside its JSON on standard error")
    func bench() throws {
        let arguments = ["bench", "--scenario", "jump", "--quick", "--engine-only"]
        let table = try DemoRunner.run(arguments)
        #expect(table.status == 0)
        let note =
            "note: these times are from a debug build; a release build runs about 20 times faster: "
            + "swift run -c release flow-demo " + arguments.joined(separator: " ")
        #expect(table.standardOutput.hasPrefix(note + "\n") == Self.isDebug)
        let json = try DemoRunner.run(arguments + ["--json"])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) is [Any])
        #expect(json.standardError.contains("note: these times are from a debug build") == Self.isDebug)
    }
}
