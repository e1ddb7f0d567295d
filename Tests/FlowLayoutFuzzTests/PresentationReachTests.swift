import FlowLayoutFuzz
import FlowLayoutReference
import Foundation
import Testing

/// The presentation operations of fuzz programs (`flow-layout.md` 8) are
/// reached: the seed corpus's `presentation-*` programs and random programs
/// scroll to items, are held there while items are measured, query resting
/// offsets and compare pinned headers and footers.
@Suite("Fuzz harness: presentation operations reached")
struct PresentationReachTests {
    @Test("each presentation seed program reaches what it was written for")
    func seedPrograms() throws {
        let files = try CorpusTests.corpusFiles().filter { $0.name.hasPrefix("presentation-") }
        #expect(files.count == 4)
        for (name, bytes) in files {
            let statistics = try FuzzHarness.checkProgram(bytes)
            #expect(statistics.jumps > 0, "\(name)")
            switch name {
            case "presentation-jump-hold.bin":
                #expect(statistics.heldUpdates >= 4, "\(name): \(statistics.heldUpdates) held updates")
            case "presentation-pinned-vertical.bin":
                #expect(statistics.heldUpdates > 0 && statistics.pinnedElements > 3 && statistics.restingOffsets == 4, "\(name)")
            default:
                #expect(statistics.pinnedElements > 0 && statistics.restingOffsets >= 4, "\(name)")
            }
        }
    }

    @Test("random programs scroll to items, hold them, rest and pin")
    func randomPrograms() throws {
        var total = ProgramStatistics()
        for seed in 0..<UInt64(150) {
            var random = SeededRandom(seed: seed ^ 0x0715)
            // Presentation opcodes made a little more likely than chance.
            let bytes = (0..<random.int(200...900)).map { _ in
                random.chance(0.06) ? UInt8(240 + random.int(0...15)) : UInt8(truncatingIfNeeded: random.next())
            }
            let statistics = try FuzzHarness.checkProgram(bytes)
            total.jumps += statistics.jumps
            total.heldUpdates += statistics.heldUpdates
            total.restingOffsets += statistics.restingOffsets
            total.pinnedElements += statistics.pinnedElements
        }
        #expect(total.jumps > 100)
        #expect(total.heldUpdates > 10)
        #expect(total.restingOffsets > 100)
        #expect(total.pinnedElements > 8)
    }
}
