import Foundation
import Testing

/// `flow-demo scroll --chat --stream` (`flow-layout.md` 7.4, 8.6): a chat that
/// starts at the bottom, receives messages and follows a streaming reply; the
/// user scrolls up mid-stream and back. Nothing they look at moves, in any phase.
@Suite struct StreamingChatTests {
    @Test("every phase moves what the user looks at by 0 pt, and the end is followed except while reading above it")
    func zeroInEveryPhase() throws {
        let output = try DemoRunner.run(["scroll", "--chat", "--stream", "--no-timing"])
        #expect(output.status == 0)
        let text = output.standardOutput
        for phase in ["start", "receive", "stream", "back to the end"] {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(phase + " ") })
            #expect(line.contains("moved 0 pt; the end followed"), Comment(rawValue: String(line)))
        }
        let reading = try #require(text.split(separator: "\n").first { $0.hasPrefix("scroll up ") })
        #expect(reading.contains("moved 0 pt; the end not followed"))
        #expect(text.contains("0 pt in every phase"))
        #expect(!text.contains("engine / frame"))
    }

    @Test("--json gives each phase's movement and whether the end was followed")
    func json() throws {
        let output = try DemoRunner.run(["scroll", "--chat", "--stream", "--json", "--messages", "5", "--viewport", "320x480"])
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let phases = try #require(object["phases"] as? [[String: Any]])
        #expect(phases.count == 5)
        for phase in phases { #expect(phase["movement"] as? Double == 0) }
        #expect(phases.map { $0["followedEnd"] as? Bool } == [true, true, true, false, true])
    }

    @Test("--stream needs --chat, and takes no gestures")
    func usage() throws {
        #expect(try DemoRunner.run(["scroll", "--stream"]).status == 2)
        #expect(try DemoRunner.run(["scroll", "--chat", "--stream", "--script", "end"]).status == 2)
    }
}
