@testable import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Unit tests of the core's building blocks, each against a plain model.
@Suite("Components")
struct ComponentTests {
    @Test("SummaryTree: prefix sums and searches equal linear scans, after random updates")
    func summaryTree() {
        var random = SeededRandom(seed: 1)
        for leafCount in [0, 1, 2, 3, 7, 64, 100, 1_000] {
            var counts = (0..<leafCount).map { _ in random.int(0...5) }
            var extents = (0..<leafCount).map { _ in Double(random.int(0...8)) / 4 }
            var tree = SummaryTree(leafCount: leafCount) { (counts[$0], extents[$0]) }
            for _ in 0..<200 {
                if leafCount > 0 && random.chance(0.5) {
                    let i = random.int(0...(leafCount - 1))
                    counts[i] = random.int(0...5)
                    extents[i] = Double(random.int(0...8)) / 4
                    tree.update(i, count: counts[i], extent: extents[i])
                }
                let i = random.int(0...leafCount)
                let prefix = tree.prefix(before: i)
                #expect(prefix.count == counts[..<i].reduce(0, +))
                #expect(prefix.extent == extents[..<i].reduce(0, +))
                let position = random.int(0...(counts.reduce(0, +) + 1))
                var running = 0
                let expectedLeaf = counts.indices.first { running += counts[$0]; return running > position } ?? leafCount
                #expect(tree.leaf(containingCount: position).leaf == expectedLeaf)
                let offset = Double(random.int(-1...(Int(extents.reduce(0, +)) * 4 + 4))) / 4
                var end = 0.0
                let expectedReach = extents.indices.first { end += extents[$0]; return end >= offset } ?? leafCount
                #expect(tree.leaf(reachingExtent: offset).leaf == expectedReach)
            }
        }
    }

    @Test("SummaryTree sums never drift: a million updates end where a fresh build starts")
    func summaryTreeDrift() {
        var random = SeededRandom(seed: 2)
        let leafCount = 1_000
        var extents = (0..<leafCount).map { _ in random.double(0...100) }
        var tree = SummaryTree(leafCount: leafCount) { (1, extents[$0]) }
        for _ in 0..<(1_000_000 * LongRuns.factor) {
            let i = random.int(0...(leafCount - 1))
            extents[i] = random.double(0...100)
            tree.update(i, count: 1, extent: extents[i])
        }
        let fresh = SummaryTree(leafCount: leafCount) { (1, extents[$0]) }
        #expect(tree.totalExtent == fresh.totalExtent)
        #expect(tree == fresh)
    }

    @Test("SizeOverrides behaves like a dictionary, sparse and dense")
    func sizeOverrides() {
        var random = SeededRandom(seed: 3)
        var store = SizeOverrides()
        var model: [Int: Size] = [:]
        for step in 0..<20_000 {
            let item = random.chance(0.5) ? random.int(0...300) : random.int(0...100_000)
            let size: Size? = random.chance(0.3) ? nil : Size(width: Double(step), height: 1)
            #expect(store.set(size, at: item) == model[item])
            model[item] = size
            #expect(store.count == model.count)
            let probe = random.int(0...100_100)
            #expect(store[probe] == model[probe])
            let next = store.next(atOrAfter: probe)
            #expect(next == model.keys.filter { $0 >= probe }.min())
        }
        var visited: [Int] = []
        store.forEach { item, size in
            visited.append(item)
            #expect(model[item] == size)
        }
        #expect(visited == model.keys.sorted())
    }

    @Test("LineEnds packs sixteen 16-bit values; a block is 48 bytes")
    func lineEnds() {
        var ends = LineEnds()
        for i in 0..<16 { ends[i] = UInt16(i * 4_001 % 65_536) }
        for i in 0..<16 { #expect(ends[i] == UInt16(i * 4_001 % 65_536)) }
        ends[5] = 0xFFFF
        #expect(ends[4] == UInt16(4 * 4_001) && ends[5] == 0xFFFF && ends[6] == UInt16(6 * 4_001))
        #expect(MemoryLayout<LineBlock>.stride == 48)
    }

    @Test("LineFit counts like the greedy loop, capped at 65,536 items")
    func lineFit() {
        #expect(LineFit.of(width: 100, spacing: 10, available: 320) == .count(3))
        #expect(LineFit.of(width: 100, spacing: 10, available: 319.99) == .count(2))
        #expect(LineFit.of(width: 400, spacing: 10, available: 320) == .count(1))
        #expect(LineFit.of(width: 0, spacing: 0, available: 320) == .capped)
        #expect(LineFit.of(width: 0, spacing: 0, available: -1) == .count(1))
        #expect(LineFit.of(width: 1, spacing: 0, available: 100) == .count(100))
        #expect(LineFit.of(width: 0.25, spacing: 0, available: 16_383.75) == .count(65_535))
        #expect(LineFit.of(width: 0.25, spacing: 0, available: 16_384) == .capped)
        #expect(LineFit.of(width: 0.0001, spacing: 0, available: 30) == .capped)
        var random = SeededRandom(seed: 4)
        for _ in 0..<500 {
            let width = random.double(0...50)
            let spacing = random.double(0...10)
            let available = random.double(0...400)
            var running = width
            var k = 1
            while k < 65_536 && running + spacing + width <= available {
                running = running + spacing + width
                k += 1
            }
            let expected: LineFit = width > available ? .count(1) : k == 65_536 ? .capped : .count(k)
            #expect(LineFit.of(width: width, spacing: spacing, available: available) == expected)
        }
    }

    @Test("BlockSequence: replacing ranges keeps items and offsets like an array")
    func blockSequence() {
        var random = SeededRandom(seed: 5)
        func randomBlock() -> LineBlock {
            random.chance(0.3)
                ? .uniform(itemCount: random.int(1...50), lines: random.int(1...10), thickness: 4, lineSpacing: 1)
                : .explicit(firstLineItems: random.int(1...9), thickness: Double(random.int(0...40)) / 4)
        }
        var model = (0..<30).map { _ in randomBlock() }
        var sequence = BlockSequence(blocks: model, lineSpacing: 1.5)
        for _ in 0..<400 {
            let start = random.int(0...(model.count - 1))
            let end = random.int(start...model.count)
            let replacement = (0..<random.int(0...(random.chance(0.1) ? 200 : 6))).map { _ in randomBlock() }
            // Cursors at start and end, found by item.
            let startItem = model[..<start].reduce(0) { $0 + $1.itemCount }
            let startCursor = sequence.cursor(containingItem: startItem)
            let endCursor = end < model.count ? sequence.cursor(containingItem: model[..<end].reduce(0) { $0 + $1.itemCount }) : nil
            let replacement2 = replacement.isEmpty && start == end ? [] : replacement
            if model.count - (end - start) + replacement2.count == 0 { continue }
            sequence.replace(from: startCursor, upTo: endCursor, with: replacement2)
            model.replaceSubrange(start..<end, with: replacement2)
            // Walk the sequence and compare.
            var cursor = sequence.first
            var index = 0
            var item = 0
            var top = 0.0
            while let current = cursor {
                #expect(sequence[current] == model[index])
                #expect(current.firstItem == item)
                #expect(abs(current.top - top) <= 1e-9 * max(1, top))
                item += model[index].itemCount
                top += model[index].extent + 1.5
                index += 1
                cursor = sequence.next(current)
            }
            #expect(index == model.count)
            #expect(sequence.itemCount == item)
            #expect(sequence.blockCount == model.count)
            #expect(sequence.pages.allSatisfy { !$0.isEmpty && $0.count <= BlockSequence.maximumPageSize })
        }
    }

    @Test("PendingSections finds the next member")
    func pendingSections() {
        var set = PendingSections(sectionCount: 300)
        for s in [0, 63, 64, 200, 299] { set.insert(s) }
        #expect(set.count == 5)
        #expect(set.first(atOrAfter: 1) == 63)
        #expect(set.first(atOrAfter: 65) == 200)
        set.remove(200)
        #expect(set.first(atOrAfter: 65) == 299)
        #expect(set.first(atOrAfter: 300) == nil)
        #expect(set.contains(64) && !set.contains(65))
    }
}
