import FlowLayoutFuzz
import FlowLayoutReference
import Foundation
import Testing

/// The fuzz harness run as `swift test` runs it: every file of the seed corpus,
/// then seeded random inputs (programs of random bytes, and corpus files with
/// random bytes changed), each of which must run without a disagreement.
@Suite("Fuzz harness: corpus and seeded inputs")
struct CorpusTests {
    /// `Fuzz/corpus`, found from this file's path.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    /// Every corpus file's name and bytes, in name order.
    static func corpusFiles() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        return try names.map { name in (name, Array(try Data(contentsOf: corpus.appendingPathComponent(name)))) }
    }

    /// How many random inputs of each kind a run checks.
    static let randomPrograms = 2_000
    static let mutationsPerFile = 40

    @Test("every file of the seed corpus")
    func corpusFiles() throws {
        let files = try Self.corpusFiles()
        #expect(files.count >= 13)
        for (name, bytes) in files {
            #expect(throws: Never.self, "\(name)") { try FuzzHarness.check(bytes) }
        }
    }

    @Test("seeded random programs")
    func randomPrograms() {
        var failures: [String] = []
        for seed in 0..<UInt64(Self.randomPrograms) {
            var random = SeededRandom(seed: seed)
            let bytes = (0..<random.int(0...random.pick([24, 120, 400]))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            do {
                try FuzzHarness.check(bytes)
            } catch {
                failures.append("seed \(seed), input \(Self.hex(bytes)): \(error)")
                if failures.count == 3 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("corpus files with random bytes changed")
    func mutatedCorpusFiles() throws {
        var failures: [String] = []
        for (index, file) in try Self.corpusFiles().enumerated() where !file.bytes.isEmpty {
            for mutation in 0..<Self.mutationsPerFile {
                var random = SeededRandom(seed: UInt64(index) << 32 | UInt64(mutation))
                var bytes = file.bytes
                for _ in 0...random.int(0...3) {
                    bytes[random.int(0..<bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.chance(0.3) { bytes += (0..<random.int(1...40)).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
                do {
                    try FuzzHarness.check(bytes)
                } catch {
                    failures.append("\(file.name), mutation \(mutation), input \(Self.hex(bytes)): \(error)")
                    if failures.count == 3 { break }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// An input as hexadecimal, to replay it.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// Random programs reach what the harness checks: batches accepted, refused
/// and anchored, and frames compared, in layouts of some size.
@Suite("Fuzz harness: what random programs reach")
struct ProgramReachTests {
    @Test("random programs compare frames, and perform, refuse and anchor batches")
    func reach() throws {
        var total = ProgramStatistics()
        for seed in 0..<UInt64(250) {
            var random = SeededRandom(seed: seed ^ 0xF022)
            let bytes = (0..<random.int(200...1_200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let statistics = try FuzzHarness.checkProgram(bytes)
            total.operations += statistics.operations
            total.comparisons += statistics.comparisons
            total.acceptedBatches += statistics.acceptedBatches
            total.refusedBatches += statistics.refusedBatches
            total.anchoredBatches += statistics.anchoredBatches
            total.largestItemCount = max(total.largestItemCount, statistics.largestItemCount)
        }
        #expect(total.comparisons > total.operations / 4)
        #expect(total.acceptedBatches > 700)
        #expect(total.refusedBatches > 50)
        #expect(total.anchoredBatches > 250)
        #expect(total.largestItemCount > 400)
    }
}
