import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// The identifier storage against plain collections: the chunked list against
/// an array through batches of removals and placements, the membership set
/// against `Set` through inserts and removals (crowded keys, the maximum key),
/// the fingerprint table against a multiset of fingerprints (never a false
/// miss, exact for identifiers sharing their high half).
@Suite struct IdentifierStorageTests {
    @Test("IdentifierList edits equal Array edits")
    func listMatchesArray() {
        var random = SeededRandom(seed: 17)
        for _ in 0..<40 {
            var array = (0..<random.int(0...3_000)).map { FlowIdentifier(UInt64($0)) }
            var list = IdentifierList(array)
            var next: UInt64 = 10_000
            for _ in 0..<20 {
                let removed = Array(Set((0..<random.int(0...30)).compactMap { _ in array.isEmpty ? nil : random.int(0..<array.count) }))
                    .sorted()
                for index in removed.reversed() { array.remove(at: index) }
                var placed: [(position: Int, identifier: FlowIdentifier)] = []
                var positions = Set<Int>()
                let total = array.count + random.int(0...1_500)
                while positions.count < total - array.count { positions.insert(random.int(0..<total)) }
                for position in positions.sorted() {
                    next += 1
                    placed.append((position, FlowIdentifier(next)))
                }
                var expected = array
                for entry in placed { expected.insert(entry.identifier, at: entry.position) }
                // The list takes removals by position before (on the original).
                list.edit(removing: [], placing: [])
                var fresh = IdentifierList(array)
                fresh.edit(removing: [], placing: placed)
                #expect(fresh.all == expected)
                fresh.checkStructure()
                list = IdentifierList(array)
                array = expected
            }
            // Removals and placements in one edit.
            var list2 = IdentifierList(array)
            let removed = Array(Set((0..<min(50, array.count)).map { _ in random.int(0..<array.count) })).sorted()
            var kept = array
            for index in removed.reversed() { kept.remove(at: index) }
            let placed = [
                (position: 0, identifier: FlowIdentifier(1 << 40)), (position: kept.count + 1, identifier: FlowIdentifier(1 << 41)),
            ]
            list2.edit(removing: removed, placing: placed)
            kept.insert(placed[0].identifier, at: 0)
            kept.insert(placed[1].identifier, at: placed[1].position)
            #expect(list2.all == kept)
            list2.checkStructure()
        }
    }

    @Test("A list sharing a snapshot's array is that array, until its first edit cuts it into chunks")
    func sharedList() throws {
        var random = SeededRandom(seed: 5)
        for count in [1, 5, 1_024, 1_025, 5_000] {
            let array = (0..<count).map { FlowIdentifier(UInt64($0) * 3) }
            var list = try #require(IdentifierList(sharing: array))
            #expect(list.shares(array) && list.all == array)
            #expect(!list.shares(array.map { $0 }) || count == 0)
            list.checkStructure()
            var expected = array
            let removed = Array(Set((0..<min(10, count)).map { _ in random.int(0..<count) })).sorted()
            for index in removed.reversed() { expected.remove(at: index) }
            let position = random.int(0...expected.count)
            expected.insert(99_999, at: position)
            list.edit(removing: removed, placing: [(position, 99_999)])
            #expect(list.all == expected && !list.shares(array))
            list.checkStructure()
        }
        // Spare room is not kept: such an array is copied into chunks.
        var roomy = [FlowIdentifier](repeating: 1, count: 100)
        roomy.reserveCapacity(1_000)
        #expect(IdentifierList(sharing: roomy) == nil)
    }

    @Test("SnapshotWalk.commonPrefix finds the first difference at every place of a block, from any start, and isUnchanged agrees")
    func commonPrefixAtEveryPlace() {
        // Lengths around the blocks of 32 and of 8, a difference at each place
        // (or none), unaligned starts on both sides, and a difference only in
        // the high bits of an identifier.
        for count in [0, 1, 7, 8, 9, 31, 32, 33, 40, 63, 64, 65, 100] {
            for start in 0..<3 {
                let a = (0..<(count + start)).map { FlowIdentifier(UInt64($0) &* 0x9E37_79B9 &+ 1) }
                for differing in [nil] + Array(0..<count) {
                    for flip: UInt64 in [1, 1 << 63] {
                        var b = Array(a[start...])
                        if let differing { b[differing] = FlowIdentifier(b[differing].rawValue ^ flip) }
                        let found = a.withUnsafeBufferPointer { x in
                            b.withUnsafeBufferPointer { y in
                                SnapshotWalk.commonPrefix(x.baseAddress! + start, y.baseAddress!, count: count)
                            }
                        }
                        #expect(found == (differing ?? count), "count \(count), start \(start), difference at \(differing ?? -1)")
                        let list = IdentifierList(Array(a[start...]))
                        let unchanged = b.withUnsafeBufferPointer { SnapshotWalk.isUnchanged(old: list, new: $0) }
                        #expect(unchanged == (differing == nil))
                    }
                }
            }
        }
        // Across chunks of a list built whole (1,000 identifiers a chunk).
        let long = (0..<2_500).map { FlowIdentifier(UInt64($0) + 7) }
        let list = IdentifierList(long)
        for differing in [0, 999, 1_000, 1_001, 2_031, 2_499] {
            var changed = long
            changed[differing] = FlowIdentifier(changed[differing].rawValue + 1_000_000)
            #expect(!changed.withUnsafeBufferPointer { SnapshotWalk.isUnchanged(old: list, new: $0) })
            let walk = changed.withUnsafeBufferPointer { SnapshotWalk(old: list, new: $0) }
            #expect(walk.unmatchedOld == [differing] && walk.unmatchedNew == [differing])
        }
        #expect(long.withUnsafeBufferPointer { SnapshotWalk.isUnchanged(old: list, new: $0) })
    }

    @Test("SnapshotWalk.commonPrefix read in lanes finds the first difference in any quarter, and the first of two")
    func commonPrefixInLanes() {
        // Long enough for four lanes; lengths whose quarter is and is not a
        // multiple of 16, so that a tail follows the lanes.
        for count in [SnapshotWalk.lanesFrom, SnapshotWalk.lanesFrom + 37, 100_050] {
            let a = (0..<count).map { FlowIdentifier(UInt64($0) &* 0x9E37_79B9 &+ 3) }
            let quarter = (count / SnapshotWalk.laneCount) & ~15
            var places = [0, 1, 15, 16, 17, quarter - 1, quarter, quarter + 9, 2 * quarter - 1, 2 * quarter + 31]
            places += [3 * quarter - 1, 3 * quarter, 3 * quarter + 15, 4 * quarter - 1, 4 * quarter, count - 1]
            func prefix(_ b: [FlowIdentifier]) -> Int {
                a.withUnsafeBufferPointer { x in
                    b.withUnsafeBufferPointer { y in SnapshotWalk.commonPrefix(x.baseAddress!, y.baseAddress!, count: count) }
                }
            }
            #expect(prefix(a) == count)
            for differing in places where differing < count {
                var b = a
                b[differing] = FlowIdentifier(b[differing].rawValue ^ (1 << 63))
                #expect(prefix(b) == differing, "count \(count), difference at \(differing)")
                // A second difference earlier in a later quarter's step than the
                // first one's: the first is still the one found.
                if differing + 2 * quarter + 5 < count {
                    var c = b
                    c[differing + 2 * quarter - 7] = FlowIdentifier(c[differing + 2 * quarter - 7].rawValue ^ 1)
                    c[differing + 2 * quarter + 5] = FlowIdentifier(c[differing + 2 * quarter + 5].rawValue ^ 1)
                    #expect(prefix(c) == differing, "count \(count), differences from \(differing)")
                }
            }
        }
    }

    @Test("IdentifierSet equals Set")
    func setMatchesSet() {
        var random = SeededRandom(seed: 71)
        var set = IdentifierSet()
        var expected = Set<FlowIdentifier>()
        for step in 0..<60_000 {
            let key: FlowIdentifier =
                switch random.int(0...3) {
                case 0: FlowIdentifier(UInt64(random.int(0..<2_000)))
                case 1: FlowIdentifier(UInt64(random.int(0..<64)) << 58)
                case 2: FlowIdentifier(.max - UInt64(random.int(0..<3)))
                default: FlowIdentifier(random.next())
                }
            if random.chance(0.6) {
                #expect(set.insert(key) == expected.insert(key).inserted)
            } else {
                set.remove(key)
                expected.remove(key)
            }
            if step % 1_000 == 0 {
                #expect(set.count == expected.count)
                for known in expected { #expect(set.contains(known)) }
            }
            #expect(set.contains(key) == expected.contains(key))
        }
    }

    @Test("IdentifierFingerprints: no false miss, exact below 2^32, room within its load bounds")
    func fingerprintsMatchMultiset() {
        var random = SeededRandom(seed: 29)
        var table = IdentifierFingerprints()
        var members = Set<FlowIdentifier>()
        var order: [FlowIdentifier] = []
        for step in 0..<60_000 {
            // Grow for a while, then shrink, then grow again: every resize path.
            let growing = (step / 15_000) % 2 == 0 ? random.chance(0.75) : random.chance(0.2)
            if growing || order.isEmpty {
                let key: FlowIdentifier =
                    switch random.int(0...3) {
                    case 0: FlowIdentifier(UInt64(random.int(0..<40_000)))
                    case 1: FlowIdentifier(UInt64(random.int(0..<64)) << 58 | UInt64(random.int(0..<64)))
                    case 2: FlowIdentifier(.max - UInt64(random.int(0..<3)))
                    default: FlowIdentifier(random.next())
                    }
                guard members.insert(key).inserted else { continue }
                order.append(key)
                table.insert(key)
            } else {
                let k = random.int(0..<order.count)
                let key = order[k]
                order.swapAt(k, order.count - 1)
                order.removeLast()
                members.remove(key)
                table.remove(key)
            }
            if step % 2_000 == 0 {
                #expect(table.count == members.count)
                table.checkStructure()
                for known in members { #expect(table.mayContain(known)) }
                if table.count > 1_000 {
                    let perItem = Double(table.allocatedBytes) / Double(table.count)
                    #expect(perItem >= 4 / 0.8 - 0.1 && perItem <= 4 / 0.52 + 0.1, "\(perItem) bytes an identifier")
                }
            }
        }
        // Identifiers sharing their high 32 bits never collide: a hit is exact.
        var dense = IdentifierFingerprints()
        for key in stride(from: UInt64(7) << 32, to: (UInt64(7) << 32) + 200_000, by: 2) { dense.insert(FlowIdentifier(key)) }
        for key in stride(from: (UInt64(7) << 32) + 1, to: (UInt64(7) << 32) + 200_000, by: 2) {
            #expect(!dense.mayContain(FlowIdentifier(key)))
        }
        dense.checkStructure()
    }

    @Test("IdentifierFingerprints(sections:) refuses the first repeated place, also among colliding fingerprints")
    func fingerprintsBuildRefusesDuplicates() throws {
        let sections: [ArraySlice<FlowIdentifier>] = [[1, 2, 3], [4, 5], [6, 2, 7, 4]]
        #expect(throws: DuplicateIdentifier.self) { try IdentifierFingerprints(sections: sections) }
        do {
            _ = try IdentifierFingerprints(sections: sections)
        } catch {
            #expect(error.section == 2 && error.item == 1 && error.identifier == 2)
        }
        // Two identifiers whose fingerprints collide are not a duplicate: 5,
        // and the identifier of high half 1 whose low half undoes the mix.
        let a = FlowIdentifier(5)
        let mix = UInt32(truncatingIfNeeded: (UInt64(1) &* 0x9E37_79B9_7F4A_7C15) >> 32)
        let other = FlowIdentifier(1 << 32 | UInt64(5 ^ mix))
        #expect(IdentifierFingerprints.fingerprint(other) == IdentifierFingerprints.fingerprint(a))
        let table = try IdentifierFingerprints(sections: [[a], [other]])
        #expect(table.count == 2)
        table.checkStructure()
    }

    @Test("IdentifierFingerprints(sections:) equals inserting one by one, and finds the first repeated place")
    func fingerprintsBuildMatchesInsertion() {
        var random = SeededRandom(seed: 41)
        // 0 and this one both have the fingerprint 0 (the mix undone).
        let mix = UInt32(truncatingIfNeeded: (UInt64(1) &* 0x9E37_79B9_7F4A_7C15) >> 32)
        let zeroTwin = FlowIdentifier(1 << 32 | UInt64(mix))
        for round in 0..<60 {
            var pool: [FlowIdentifier] = (0..<random.int(0...4_000)).map { _ -> FlowIdentifier in
                switch random.int(0...3) {
                case 0: FlowIdentifier(UInt64(random.int(0..<20_000)))
                case 1: FlowIdentifier(UInt64(random.int(0..<64)) << 58 | UInt64(random.int(0..<64)))
                case 2: [FlowIdentifier(0), zeroTwin, FlowIdentifier(.max)][random.int(0...2)]
                default: FlowIdentifier(random.next())
                }
            }
            if round % 2 == 0 {
                // Distinct, unless this round keeps a repetition.
                var seen = Set<FlowIdentifier>()
                pool = pool.filter { seen.insert($0).inserted }
            }
            Self.checkBulkBuild(of: pool, sectionLengths: 0...500, round: round, random: &random)
        }
    }

    /// Cuts `pool` into sections of random lengths and checks
    /// `IdentifierFingerprints(sections:)` against inserting one by one: the
    /// same table when the identifiers are distinct, otherwise the first
    /// repetition refused with its section, item and identifier.
    private static func checkBulkBuild(
        of pool: [FlowIdentifier], sectionLengths: ClosedRange<Int>, round: Int, random: inout SeededRandom
    ) {
        var sections: [ArraySlice<FlowIdentifier>] = []
        var start = 0
        while start < pool.count {
            let end = min(pool.count, start + random.int(sectionLengths))
            sections.append(pool[start..<end])
            start = end
        }
        var expected: (section: Int, item: Int)?
        var seen = Set<FlowIdentifier>()
        search: for (q, section) in sections.enumerated() {
            for (j, identifier) in zip(0..., section) where !seen.insert(identifier).inserted {
                expected = (q, j)
                break search
            }
        }
        do {
            let table = try IdentifierFingerprints(sections: sections)
            #expect(expected == nil, "round \(round): a repetition was accepted")
            var oneByOne = IdentifierFingerprints()
            oneByOne.reserveCapacity(pool.count)
            for identifier in pool { oneByOne.insert(identifier) }
            #expect(table == oneByOne, "round \(round)")
            #expect(table.count == pool.count)
            table.checkStructure()
            for identifier in pool { #expect(table.mayContain(identifier)) }
        } catch {
            #expect(expected?.section == error.section && expected?.item == error.item, "round \(round)")
            if let expected {
                let section = sections[expected.section]
                #expect(error.identifier == section[section.startIndex + expected.item])
            }
        }
    }

    @Test("IdentifierFingerprints(sections:) fills stretches of consecutive identifiers as one by one, and finds repeats in them")
    func fingerprintsBuildStretches() {
        var random = SeededRandom(seed: 43)
        for round in 0..<40 {
            // Stretches of consecutive identifiers, of any length and start, below 2³² or sharing a high half.
            let high: UInt64 = round % 3 == 0 ? UInt64(random.int(1..<1_000)) << 32 : 0
            var pool: [FlowIdentifier] = []
            var next = high | UInt64(random.int(0..<64))
            while pool.count < random.int(0...6_000) {
                for _ in 0..<random.int(1...20) {
                    pool.append(FlowIdentifier(next))
                    next += 1
                }
                next += UInt64(random.int(0...12))
            }
            // Half the rounds repeat a stretch (or part of one) further on.
            if round % 2 == 1, pool.count > 10 {
                let from = random.int(0..<(pool.count - 5))
                let at = random.int((from + 1)...pool.count)
                pool.insert(contentsOf: pool[from..<(from + random.int(1...5))], at: at)
            }
            Self.checkBulkBuild(of: pool, sectionLengths: 1...700, round: round, random: &random)
        }
    }
}
