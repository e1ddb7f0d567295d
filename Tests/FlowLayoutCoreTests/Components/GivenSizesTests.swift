import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `GivenSizes` into runs, and `BTree.Builder`, alone: the runs of given sizes
/// read back the sizes item for item, in any chunking; a laid-out section's runs
/// hold exactly the plain model's lines, each run's lines broken on its own;
/// runs share size storages (far fewer storages than runs, each run's stretch
/// inside its storage, no storage more than one run past its share of items,
/// the same storages whatever the chunks), and the runs' byte shares add up to the storages'. The
/// builder gives the tree of the elements appended, in order, with every node
/// within its capacity.
@Suite("Components: given sizes into runs")
struct GivenSizesTests {
    /// `sizes` cut into chunks of random lengths (some of one size, some longer
    /// than a shared storage).
    static func chunks(of sizes: [Size], random: inout SeededRandom) -> [[Size]] {
        var chunks: [[Size]] = []
        var start = 0
        while start < sizes.count {
            let end = min(sizes.count, start + random.int(1...random.pick([1, 40, 1_500, 5_000])))
            chunks.append(Array(sizes[start..<end]))
            start = end
        }
        return chunks
    }

    /// Checks how `runs` hold their sizes: shared storages, stretches inside
    /// them, byte shares; returns the number of distinct storages.
    @discardableResult
    static func checkSharing(_ runs: BTree<Run>) -> Int {
        var storages: [ObjectIdentifier: (storage: SizeStorage, items: Int, longest: Int)] = [:]
        var shares = 0
        runs.forEach(from: 0) { run, _ in
            let sizes = run.sizes!
            #expect(sizes.isDense && sizes.count == run.itemCount && run.sizedCount == run.itemCount)
            #expect(sizes.start >= 0 && sizes.start + sizes.count <= sizes.storage.count, "a stretch inside its storage")
            shares += run.allocatedBytes
            storages[ObjectIdentifier(sizes.storage), default: (sizes.storage, 0, 0)].items += sizes.count
            storages[ObjectIdentifier(sizes.storage)]!.longest = max(storages[ObjectIdentifier(sizes.storage)]!.longest, sizes.count)
            return true
        }
        var bytes = 0
        for (storage, items, longest) in storages.values {
            #expect(items == storage.count, "every size of a storage belongs to one run")
            // Closed once it reaches its share: never more than one run past it.
            #expect(storage.count < SizeStorage.sharedItems + longest)
            bytes += SizeStorage.objectBytes + storage.count * MemoryLayout<Size>.stride
        }
        #expect(shares == bytes, "the runs' shares add up to their storages")
        return storages.count
    }

    /// Each run's item count and the size of the storage it shares, in order.
    static func storageCounts(_ runs: BTree<Run>) -> [[Int]] {
        runs.elements.map { [$0.itemCount, $0.sizes!.storage.count, $0.sizes!.start] }
    }

    @Test("seeded: laid out in any chunking, runs hold the sizes and the plain model's lines, sharing storages")
    func laidOut() {
        var random = SeededRandom(seed: 4_471)
        for _ in 0..<(40 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let count = random.int(1...random.pick([10, 300, 6_000]))
            // Now and then items too thin to fill a line: lines and runs of
            // hundreds of items, across chunks.
            let thin = random.chance(0.2)
            let sizes = (0..<count).map { _ in
                Size(
                    width: thin && random.chance(0.95) ? 0 : Double(random.int(1...200)),
                    height: Double(random.int(1...120)))
            }
            let chunked = random.chance(0.3) ? [sizes] : Self.chunks(of: sizes, random: &random)
            var given = GivenSizes(chunked)
            let runs = given.laidOut(geometry: geometry)
            #expect(given.isEmpty, "the sizes are let go")
            runs.checkStructure()
            #expect(ComponentModel.items(of: runs) == sizes.map { Optional($0) })
            // Each run starts a line: its own lines are the model's lines of the section.
            let model = ComponentModel.lines(sizes.map { Optional($0) }, geometry: geometry)
            let perRun = ComponentModel.lines(ofRuns: runs, geometry: geometry)
            #expect(perRun.flatMap { $0 } == model)
            var index = 0
            runs.forEach(from: 0) { run, _ in
                #expect(run.lineCount == perRun[index].count)
                #expect(run.advance == ComponentModel.advance(perRun[index], geometry: geometry))
                // A run closes at the first line start after 64 items.
                let lines = perRun[index]
                if index < perRun.count - 1 {
                    #expect(run.itemCount >= Run.givenCapacity)
                    #expect(lines.dropLast().last.map { $0.items.upperBound - lines[0].items.lowerBound < Run.givenCapacity } ?? true)
                }
                index += 1
                return true
            }
            let storages = Self.checkSharing(runs)
            #expect(storages <= count / SizeStorage.sharedItems + 1)
            if runs.count >= 64 { #expect(storages * 8 <= runs.count, "storages are shared") }
            // The same runs and storages as from one array, whatever the chunks.
            var flat = GivenSizes([sizes])
            #expect(Self.storageCounts(runs) == Self.storageCounts(flat.laidOut(geometry: geometry)))
        }
    }

    @Test("seeded: a run's advance summed in 64ths where it can be is exactly the sum line by line, any thickness or spacing")
    func advanceSummedInSixtyFourths() {
        var random = SeededRandom(seed: 8_023)
        // Thicknesses summed in 64ths (multiples of 2⁻⁶ below 2⁴⁶) and not
        // (sixths, thirds, tiny values that `Offset` rounds down, huge ones),
        // mixed within runs; line spacings whole, fractional, non-dyadic, negative.
        func thickness(_ random: inout SeededRandom) -> Double {
            switch random.int(0...7) {
            case 0: return Double(random.int(1...120))
            case 1: return 20 + 20.5 * Double(random.int(0...30))
            case 2: return Double(random.int(1...7_680)) / 64
            case 3: return Double(random.int(1...720)) / 6
            case 4: return Double(random.int(1...360)) / 3 + 0x1p-40
            case 5: return Double(random.int(1...9)) * 0x1p-20
            case 6: return Double(random.int(1...9)) * 0x1p45 + random.pick([0, 0.5, 0.25])
            default: return random.pick([0, 0x1p46, 0x1p46 - 0.015625, 1e13 / 3])
            }
        }
        for _ in 0..<(60 * LongRuns.factor) {
            let lineSpacing = random.pick([0, 7, 0.5, 1.0 / 3, 0x1p-30, -3, -0.25])
            let geometry = ComponentModel.geometry(
                viewport: Double(random.int(60...500)), spacing: Double(random.int(0...12)), lineSpacing: lineSpacing,
                direction: random.chance(0.5) ? .vertical : .horizontal)
            let count = random.int(1...random.pick([10, 300, 3_000]))
            let mostlyDyadic = random.chance(0.5)
            let sizes = (0..<count).map { _ in
                let cross = mostlyDyadic && random.chance(0.9) ? Double(random.int(1...240)) / 2 : thickness(&random)
                let main = Double(random.int(1...(random.chance(0.5) ? 500 : 150)))
                return geometry.direction == .vertical ? Size(width: main, height: cross) : Size(width: cross, height: main)
            }
            let chunked = random.chance(0.5) ? [sizes] : Self.chunks(of: sizes, random: &random)
            var given = GivenSizes(chunked)
            let runs = given.laidOut(geometry: geometry)
            let perRun = ComponentModel.lines(ofRuns: runs, geometry: geometry)
            #expect(perRun.flatMap { $0 } == ComponentModel.lines(sizes.map { Optional($0) }, geometry: geometry))
            var index = 0
            runs.forEach(from: 0) { run, _ in
                #expect(run.advance == ComponentModel.advance(perRun[index], geometry: geometry), "spacing \(lineSpacing)")
                index += 1
                return true
            }
        }
    }

    @Test("seeded: packed in any chunking, runs of 32 hold the sizes, sharing storages")
    func packed() {
        var random = SeededRandom(seed: 4_472)
        for _ in 0..<(40 * LongRuns.factor) {
            let count = random.int(1...random.pick([10, 300, 6_000]))
            let sizes = (0..<count).map { _ in Size(width: Double(random.int(0...200)), height: Double(random.int(0...120))) }
            let chunked = Self.chunks(of: sizes, random: &random)
            var given = GivenSizes(chunked)
            let runs = given.packed()
            #expect(given.isEmpty)
            runs.checkStructure()
            #expect(ComponentModel.items(of: runs) == sizes.map { Optional($0) })
            #expect(runs.elements.dropLast().allSatisfy { $0.itemCount == Run.sizedCapacity && $0.lineCount == 0 })
            Self.checkSharing(runs)
            var flat = GivenSizes([sizes])
            #expect(Self.storageCounts(runs) == Self.storageCounts(flat.packed()))
        }
    }

    /// An element of a test tree: its value, summed.
    struct Counted: TreeElement, Equatable {
        var value: Int
        var summary: Sum { Sum(total: value) }
    }

    struct Sum: TreeSummary {
        var total: Int
        static let zero = Sum(total: 0)
        static func + (lhs: Sum, rhs: Sum) -> Sum { Sum(total: lhs.total + rhs.total) }
    }

    @Test("the builder: the tree of the elements appended, in order, every node within its capacity")
    func builder() {
        for count in Array(0...100) + [383, 384, 385, 1_000, 20_000] {
            for (leaf, inner) in [(32, 16), (4, 4), (5, 7)] {
                var builder = BTree<Counted>.Builder(leafCapacity: leaf, innerCapacity: inner)
                for value in 0..<count { builder.append(Counted(value: value)) }
                let tree = builder.finish()
                tree.checkStructure()
                #expect(tree.count == count)
                #expect(tree.elements.map(\.value) == Array(0..<count))
                #expect(tree.summary.total == count * (count - 1) / 2)
                #expect(tree.leafCapacity == leaf && tree.innerCapacity == inner)
            }
        }
    }
}
