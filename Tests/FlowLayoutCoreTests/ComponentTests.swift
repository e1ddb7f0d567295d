import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The engine's building blocks, each against a plain model that is obviously
/// right: the counted B-tree against an array, exact offsets against integer
/// arithmetic, repeated sums against the loop they replace, a batch's reordering
/// against an array edited in place, and re-breaking against laying out again.
@Suite("Components against plain models")
struct ComponentTests {
    // MARK: BTree

    /// An element holding a value, whose summary counts it and adds the value.
    protocol Valued: TreeElement where Summary: Totalled {
        init(value: Int)
        var value: Int { get set }
    }

    /// A summary of how many elements and the sum of their values.
    protocol Totalled: TreeSummary {
        init(count: Int, total: Int)
        var count: Int { get }
        var total: Int { get }
    }

    /// An element whose summary counts it and adds its value.
    struct Counted: Valued {
        var value: Int
        var summary: CountedSum { CountedSum(count: 1, total: value) }
    }

    struct CountedSum: Totalled {
        var count: Int
        var total: Int
        static let zero = CountedSum(count: 0, total: 0)
        static func + (lhs: CountedSum, rhs: CountedSum) -> CountedSum {
            CountedSum(count: lhs.count + rhs.count, total: lhs.total + rhs.total)
        }
    }

    /// With a summary that subtracts, writes adjust the sums on their path by
    /// difference; without, they recompute them: both must keep every node's
    /// sums equal to a recomputation (`checkStructure`).
    @Test(
        "BTree: inserts, removals, replacements and edits in the middle equal an array's",
        arguments: [false, true])
    func btreeAgainstArray(subtracting: Bool) {
        if subtracting {
            btreeAgainstArray(Subtracted.self, seed: 43)
        } else {
            btreeAgainstArray(Counted.self, seed: 41)
        }
    }

    private func btreeAgainstArray<E: Valued>(_: E.Type, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for round in 0..<(40 * LongRuns.factor) {
            // Small node capacities, so that splits and merges happen at every level.
            var tree = BTree<E>(leafCapacity: 4 + round % 5, innerCapacity: 4 + round % 3)
            var model: [Int] = []
            for _ in 0..<400 {
                switch random.int(0...4) {
                case 0, 1:
                    let position = random.int(0...model.count)
                    let value = random.int(0...9)
                    tree.insert(E(value: value), at: position)
                    model.insert(value, at: position)
                case 2 where !model.isEmpty:
                    let position = random.int(0..<model.count)
                    #expect(tree.remove(at: position).value == model.remove(at: position))
                case 3:
                    let lower = random.int(0...model.count)
                    let upper = random.int(lower...min(model.count, lower + 12))
                    let replacement = (0..<random.int(0...12)).map { _ in random.int(0...9) }
                    tree.replaceSubrange(lower..<upper, with: replacement.map { E(value: $0) })
                    model.replaceSubrange(lower..<upper, with: replacement)
                case 4 where !model.isEmpty:
                    let position = random.int(0..<model.count)
                    tree.modify(at: position) { $0.value += 1 }
                    model[position] += 1
                default:
                    continue
                }
                tree.checkStructure()
            }
            #expect(tree.elements.map(\.value) == model)
            #expect(tree.summary == E.Summary(count: model.count, total: model.reduce(0, +)))
            // Searches by either metric stop where a scan of the array stops.
            for _ in 0..<50 where !model.isEmpty {
                let position = random.int(0..<model.count)
                #expect(tree[position].value == model[position])
                #expect(tree.prefix(before: position).total == model[..<position].reduce(0, +))
                let target = random.int(0...(model.reduce(0, +) + 1))
                let found = tree.find(target, in: { $0.total }, rule: .reaching)
                var sum = 0
                var expected = model.count
                for (index, value) in model.enumerated() {
                    sum += value
                    if sum >= target {
                        expected = index
                        break
                    }
                }
                #expect(found.position == expected, "reaching \(target)")
                let containing = tree.find(position, in: { $0.count }, rule: .containing)
                #expect(containing.position == position && containing.before.count == position)
            }
        }
    }

    /// An element whose summary also subtracts (``TreeSummary/difference(_:less:)``),
    /// as the runs' does: a search that ends in a node's last child then skips
    /// summing its siblings.
    struct Subtracted: Valued {
        var value: Int
        var summary: SubtractedSum { SubtractedSum(count: 1, total: value) }
    }

    struct SubtractedSum: Totalled {
        var count: Int
        var total: Int
        static let zero = SubtractedSum(count: 0, total: 0)
        static func + (lhs: SubtractedSum, rhs: SubtractedSum) -> SubtractedSum {
            SubtractedSum(count: lhs.count + rhs.count, total: lhs.total + rhs.total)
        }
        static func difference(_ whole: SubtractedSum, less last: SubtractedSum) -> SubtractedSum? {
            SubtractedSum(count: whole.count - last.count, total: whole.total - last.total)
        }
    }

    @Test("BTree: searches through summaries that subtract stop where a scan of the array stops, for every target")
    func btreeFindWithDifference() {
        var random = SeededRandom(seed: 47)
        for round in 0..<(30 * LongRuns.factor) {
            // Zeros included: zero-size elements at the target count as reaching it.
            let values = (0..<random.int(1...300)).map { _ in random.int(0...3) }
            let tree = BTree(values.map { Subtracted(value: $0) }, leafCapacity: 4 + round % 5, innerCapacity: 4 + round % 3)
            let total = values.reduce(0, +)
            for target in 0...(total + 1) {
                for rule in [TreeSearchRule.reaching, .containing] {
                    var sum = 0
                    var expected = (position: values.count, before: total)
                    for (index, value) in values.enumerated() {
                        if rule == .reaching ? sum + value >= target : sum + value > target {
                            expected = (index, sum)
                            break
                        }
                        sum += value
                    }
                    let found = tree.find(target, in: { $0.total }, rule: rule)
                    #expect(found.position == expected.position, "\(rule) \(target)")
                    #expect(found.before == SubtractedSum(count: expected.position, total: expected.before), "\(rule) \(target)")
                    #expect(found.element?.value == (expected.position < values.count ? values[expected.position] : nil))
                }
            }
            for position in 0..<values.count {
                let found = tree.find(position, in: { $0.count }, rule: .containing)
                #expect(found.position == position && found.before.total == values[..<position].reduce(0, +))
            }
        }
    }

    @Test("BTree: a copy is untouched by writes to the original")
    func btreeCopyOnWrite() {
        var tree = BTree((0..<1_000).map { Counted(value: $0 % 7) }, leafCapacity: 8, innerCapacity: 4)
        let copy = tree
        for position in stride(from: 0, to: 900, by: 37) { tree.modify(at: position) { $0.value = 100 } }
        tree.insert(Counted(value: 5), at: 500)
        _ = tree.remove(at: 10)
        #expect(copy.elements.map(\.value) == (0..<1_000).map { $0 % 7 })
        copy.checkStructure()
        tree.checkStructure()
    }

    // MARK: Offset

    @Test("Offset: sums are exact in any order and convert back monotonically")
    func offsetsAreExact() {
        var random = SeededRandom(seed: 43)
        for _ in 0..<(2_000 * LongRuns.factor) {
            // Values of every magnitude the engine meets, each a multiple of 2⁻³⁰,
            // so that integer arithmetic in units of 2⁻³⁰ is the model.
            let values = (0..<random.int(1...20)).map { _ in
                Double(random.int(0...(1 << 40))) * 0x1p-30 * (random.chance(0.1) ? 0x1p20 : 1)
            }
            var forward = Offset.zero
            for value in values { forward += Offset(value) }
            var backward = Offset.zero
            for value in values.reversed() { backward += Offset(value) }
            #expect(forward == backward)
            let units = values.reduce(Int64(0)) { $0 + Int64($1 * 0x1p30) }
            #expect(forward == Offset(high: units >> 30, low: UInt64(units & ((1 << 30) - 1)) << 34))
            // Every subtraction undoes its addition.
            var undone = forward
            for value in values { undone -= Offset(value) }
            #expect(undone == .zero)
        }
        // Round trips and order, near 0, 1 and the 1e15 limit.
        for value in [0x1p-12, 0.1, 1, 1.5, 1e6 + 0.25, 1e15, 1e15 - 0.125, 999_999_999_999_999.9] {
            #expect(Offset(value).double == value)
            #expect(Offset(value) < Offset(value.nextUp))
            #expect(Offset(value.nextDown) < Offset(value))
        }
        #expect(Offset(-2.5).double == -2.5)
        #expect((Offset(1e15) * 3).double == 3e15)
    }

    @Test("Offset: the conversion from the bits of a non-negative value equals the general one")
    func nonNegativeConversion() {
        var random = SeededRandom(seed: 59)
        var values: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p-64, 0x1p-65, 0x1p-64 * 3, 0x1p-12, 0x1p-13,
            0.1, 0.5, 1, 1.5, 2, 183, 1e15, 0x1p52, 0x1p53, 0x1p62.nextDown, 0x1p61 + 0x1p9,
        ]
        for _ in 0..<(20_000 * LongRuns.factor) {
            // Every binade from the subnormals to 2⁶², with random significand bits.
            let exponent = random.int(-1_080...61)
            values.append(Double(sign: .plus, exponent: exponent, significand: 1 + random.double(0...1)))
            values.append(Double(random.int(0...(1 << 40))) * 0x1p-30)
        }
        for value in values where value < 0x1p62 {
            #expect(Offset(nonNegative: value) == Offset(value), "\(value)")
        }
    }

    // MARK: RepeatedSum

    @Test("RepeatedSum: the closed form equals the loop it replaces")
    func repeatedSumEqualsLoop() {
        var random = SeededRandom(seed: 47)
        let pieces: [Double] = [0, 0.1, 0.25, 1, 1.0 / 3, 7.3, 100, 0.001, 1e-9, 12_345.678]
        for _ in 0..<(300 * LongRuns.factor) {
            let sum = RepeatedSum(adding: random.pick(pieces), then: random.pick(pieces))
            let start = random.pick(pieces) * Double(random.int(0...1_000))
            let n = random.int(0...3_000)
            var x = start
            var values = [x]
            for _ in 0..<n {
                x = sum.step(x)
                values.append(x)
            }
            #expect(sum.value(from: start, after: n) == x, "a \(sum.a) b \(sum.b) start \(start) n \(n)")
            let limit = values[random.int(0...n)] + (random.chance(0.5) ? 0 : sum.a / 2)
            let maximum = random.int(0...n)
            let expected = values.prefix(maximum + 1).lastIndex { $0 <= limit } ?? 0
            let steps = sum.steps(from: start, whileAtMost: limit, maximum: maximum)
            #expect(steps.count == expected && steps.value == values[expected], "limit \(limit) maximum \(maximum)")
        }
    }

    // MARK: Reorder

    @Test("Reorder: every mapping equals an array edited in place")
    func reorderAgainstArray() {
        var random = SeededRandom(seed: 53)
        for _ in 0..<(500 * LongRuns.factor) {
            let oldCount = random.int(0...40)
            let removed = (0..<oldCount).filter { _ in random.chance(0.25) }
            let newCount = oldCount - removed.count + random.int(0...10)
            let placedCount = newCount - (oldCount - removed.count)
            var slots = Array(0..<newCount)
            random.shuffle(&slots)
            let placed = slots.prefix(placedCount).sorted()
            let reorder = Reorder(oldCount: oldCount, removed: removed, placed: placed)
            // The model: survivors in order, then each placed element inserted at its index.
            var model: [Reorder.Origin] = (0..<oldCount).filter { !removed.contains($0) }.map { .survivor(old: $0) }
            for (rank, index) in placed.enumerated() { model.insert(.placed(rank: rank), at: index) }
            #expect(reorder.newCount == model.count)
            for (new, origin) in model.enumerated() {
                #expect(reorder.origin(ofNew: new) == origin)
                if case .survivor(let old) = origin { #expect(reorder.newIndex(ofSurvivor: old) == new) }
            }
            for old in 0..<oldCount { #expect(reorder.isRemoved(old) == removed.contains(old)) }
            // A placed element goes just after the survivor before it.
            for rank in placed.indices {
                let survivorBefore = model[..<placed[rank]].last { if case .survivor = $0 { true } else { false } }
                let expected: Int
                if case .survivor(let old) = survivorBefore { expected = old + 1 } else { expected = 0 }
                #expect(reorder.insertionPoint(ofPlaced: rank) == expected)
            }
        }
    }

    // MARK: SizeSums

    @Test("SizeSums: exact in any order; subtracting undoes adding")
    func sizeSumsAreExact() {
        var random = SeededRandom(seed: 59)
        for _ in 0..<(500 * LongRuns.factor) {
            let sizes = (0..<random.int(0...50)).map { _ in
                Size(width: Double(random.int(0...100_000)) / 64, height: Double(random.int(0...100_000)) / 3)
            }
            let forward = SizeSums(sizes)
            let backward = SizeSums(sizes.reversed())
            #expect(forward == backward)
            // The one-pass sum of a buffer, long sizes and unsized entries included.
            var mixed = sizes
            mixed.append(Size(width: 0x1p40, height: 3))
            mixed.append(.unsized)
            mixed.shuffle(using: &random)
            var oneByOne = SizeSums()
            for size in mixed where !size.isUnsized { oneByOne.add(size) }
            #expect(mixed.withUnsafeBufferPointer { SizeSums($0) } == oneByOne)
            var undone = forward
            undone.subtract(SizeSums(sizes.prefix(sizes.count / 2)))
            #expect(undone == SizeSums(sizes.dropFirst(sizes.count / 2)))
        }
    }

    // MARK: Re-breaking

    /// A random item sequence: default items and items with sizes of their own.
    static func randomSegments(_ random: inout SeededRandom, count: Int) -> [ItemSegment] {
        var segments: [ItemSegment] = []
        var produced = 0
        while produced < count {
            if random.chance(0.4) {
                let run = min(random.int(1...40), count - produced)
                if case .defaults(let previous) = segments.last {
                    segments[segments.count - 1] = .defaults(previous + run)
                } else {
                    segments.append(.defaults(run))
                }
                produced += run
            } else {
                segments.append(.sized(Size(width: Double(random.int(10...200)), height: Double(random.int(10...120)))))
                produced += 1
            }
        }
        return segments
    }

    @Test("Rebreak: edits applied in place give the runs' lines of a layout from scratch")
    func rebreakAgainstLayout() {
        var random = SeededRandom(seed: 61)
        let metrics = SectionMetrics(
            configuration: FlowLayoutConfiguration(minimumLineSpacing: 7, minimumInteritemSpacing: 5), overrides: SectionOverrides(),
            viewportSize: Size(width: 390, height: 800))
        let rebreak = Rebreak(
            geometry: LineGeometry(metrics: metrics, defaultSize: Size(width: 80, height: 40), direction: .vertical),
            isAligned: true)
        for _ in 0..<(150 * LongRuns.factor) {
            var items = ComponentModel.items(Self.randomSegments(&random, count: random.int(1...600)))
            var runs = ComponentModel.laidOut(items, geometry: rebreak.geometry)
            // The sums kept up to date by the outcomes, as a section's store keeps them.
            var sums = SizeSums(items.compactMap { $0 })
            for _ in 0..<5 {
                // Sorted, separated edits in the current numbering.
                var edits: [ItemEdit] = []
                var cursor = 0
                while cursor <= items.count, edits.count < 4, random.chance(0.8) {
                    let lower = random.int(cursor...min(items.count, cursor + 150))
                    let upper = random.int(lower...min(items.count, lower + 5))
                    let replacement = Self.randomSegments(&random, count: random.int((upper == lower ? 1 : 0)...6))
                    edits.append(ItemEdit(range: lower..<upper, replacement: replacement))
                    cursor = upper + 1
                }
                guard !edits.isEmpty else { continue }
                let outcome = rebreak.apply(edits, to: &runs)
                sums.add(outcome.added)
                sums.subtract(outcome.removed)
                for edit in edits.reversed() {
                    items.replaceSubrange(edit.range, with: ComponentModel.items(edit.replacement))
                }
                let fresh = ComponentModel.laidOut(items, geometry: rebreak.geometry)
                runs.checkStructure()
                #expect(runs.summary.items == items.count)
                #expect(runs.summary.lines == fresh.summary.lines)
                #expect(runs.summary.advance == fresh.summary.advance)
                #expect(runs.summary.sized == fresh.summary.sized)
                #expect(sums == SizeSums(items.compactMap { $0 }), "sizes removed and added by the outcomes")
                let stored = ComponentModel.items(of: runs)
                let difference =
                    stored.indices.first { $0 >= items.count || stored[$0] != items[$0] }
                    ?? (stored.count == items.count ? nil : stored.count)
                #expect(difference == nil, "the stored items differ from item \(difference ?? 0) on")
            }
        }
    }
}
