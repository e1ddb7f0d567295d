/// The membership table of every item identifier of a layout (`flow-layout.md`
/// 11.1), kept in 4 bytes a slot: each identifier is stored as a 32-bit
/// *fingerprint*, so a hit means "maybe"; the caller confirms it against the
/// identifier lists (``IdentityIndex/containsItem(_:)``), which keeps every answer
/// exact. A miss is always exact.
///
/// The fingerprint is a bijection of the identifier's low 32 bits mixed with
/// its high 32 bits: identifiers that share their high half (row ids, message
/// numbers: every identifier below 2³²) never share a fingerprint, so for them
/// a hit is never false. Others collide with probability about n / 2³² per
/// lookup (2.3 · 10⁻⁴ for a million).
///
/// The slot is derived from the fingerprint alone (so entries can be moved back
/// on removal without the identifier): its low 3 bits are the identifier's, and
/// the rest picks one of the table's blocks of 8 slots by a multiplication
/// (any number of blocks, not only powers of two). Runs of 8 consecutive
/// identifiers land in 8 consecutive slots (32 bytes), so building a table of a
/// million consecutive identifiers touches a cache line per eight of them, not
/// one per identifier; larger runs would cluster (runs of 64 made a miss
/// scan about 700 slots at a load of 4/5, runs of 8 about 90, in a
/// simulation of consecutive identifiers). Open addressing, linear probing, removal shifts the following
/// entries back (no tombstones). The same fingerprint may be stored twice (two
/// identifiers that collide): the table is a multiset of fingerprints.
///
/// The load stays between 0.52 and 4/5 (after a growth, 0.55; after a shrink,
/// 0.65), so it costs 5 to 7.7 bytes an identifier.
struct IdentifierFingerprints: Sendable, Equatable {
    /// The slots: a fingerprint, or 0 for an empty slot (the fingerprint 0 is counted in ``zeros``).
    private var slots: [UInt32] = []
    /// How many identifiers with fingerprint 0 are members.
    private var zeros = 0
    /// The number of identifiers.
    private(set) var count = 0

    /// The load after the table grows, and after it shrinks.
    private static let grownLoad = 0.55
    private static let shrunkLoad = 0.65

    /// An empty table.
    init() {}

    /// A table of `identifiers`, which must be distinct.
    ///
    /// - Complexity: O(n).
    init<C: Collection>(_ identifiers: C) where C.Element == FlowIdentifier {
        reserveCapacity(identifiers.count)
        for identifier in identifiers { insert(identifier) }
    }

    /// Whether the table holds no identifier.
    var isEmpty: Bool { count == 0 }

    /// The fingerprint of `identifier`: distinct for identifiers that differ
    /// only in their low 32 bits.
    @inline(__always)
    static func fingerprint(_ identifier: FlowIdentifier) -> UInt32 {
        let high = UInt64(identifier.rawValue >> 32)
        var x = UInt32(truncatingIfNeeded: identifier.rawValue)
        if high != 0 { x ^= UInt32(truncatingIfNeeded: (high &* 0x9E37_79B9_7F4A_7C15) >> 32) }
        // Odd multiplication modulo 2²⁹ is a bijection of the block number.
        let block = ((x >> 3) &* 0x1E37_79B9) & 0x1FFF_FFFF
        return block << 3 | (x & 7)
    }

    /// The home slot of fingerprint `stored`.
    @inline(__always)
    private func home(_ stored: UInt32) -> Int { Self.home(stored, slotCount: slots.count) }

    /// The home slot of fingerprint `stored` in a table of `slotCount` slots.
    @inline(__always)
    private static func home(_ stored: UInt32, slotCount: Int) -> Int {
        home(stored, blocks: UInt64(slotCount >> 3))
    }

    /// Whether `identifier` may be a member: `false` is exact, `true` is to be
    /// confirmed unless identifiers are known to share their high 32 bits.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func mayContain(_ identifier: FlowIdentifier) -> Bool {
        let stored = Self.fingerprint(identifier)
        if stored == 0 { return zeros > 0 }
        guard !slots.isEmpty else { return false }
        var index = home(stored)
        while true {
            let slot = slots[index]
            if slot == stored { return true }
            if slot == 0 { return false }
            index += 1
            if index == slots.count { index = 0 }
        }
    }

    /// Adds `identifier`, which is not a member; returns `false` when its
    /// fingerprint was there already (another member collides with it, or
    /// the caller was wrong and it is a member: to be confirmed).
    ///
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func insert(_ identifier: FlowIdentifier) -> Bool {
        let stored = Self.fingerprint(identifier)
        count += 1
        if stored == 0 {
            zeros += 1
            return zeros == 1
        }
        if (count - zeros) * 5 > slots.count * 4 { resize(for: count, load: Self.grownLoad) }
        var index = home(stored)
        var fresh = true
        while true {
            let slot = slots[index]
            if slot == 0 {
                slots[index] = stored
                return fresh
            }
            if slot == stored { fresh = false }
            index += 1
            if index == slots.count { index = 0 }
        }
    }

    /// Removes `identifier`, which must be a member (one copy of its fingerprint).
    ///
    /// - Complexity: O(1) amortized.
    mutating func remove(_ identifier: FlowIdentifier) {
        let stored = Self.fingerprint(identifier)
        precondition(count > 0, "removing from an empty membership table")
        count -= 1
        if stored == 0 {
            precondition(zeros > 0, "removing a fingerprint that is not there")
            zeros -= 1
            return
        }
        let size = slots.count
        var index = home(stored)
        while slots[index] != stored {
            precondition(slots[index] != 0, "removing a fingerprint that is not there")
            index += 1
            if index == size { index = 0 }
        }
        LinearProbing.removeEntry(at: index, from: &slots) { Self.home($0, slotCount: size) }
        if slots.count > 8, (count - zeros) * 25 < slots.count * 13 { resize(for: count, load: Self.shrunkLoad) }
    }

    /// Makes room for `capacity` identifiers without growing again.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity * 5 > slots.count * 4 { resize(for: capacity, load: Self.grownLoad) }
    }

    /// Rebuilds the table with room for `capacity` identifiers at `load`.
    private mutating func resize(for capacity: Int, load: Double) {
        let blocks = Swift.max(1, Int((Double(capacity) / load / 8).rounded(.up)))
        precondition(blocks <= 1 << 29, "more identifiers than fingerprints")
        let old = slots
        slots = [UInt32](repeating: 0, count: blocks << 3)
        let size = slots.count
        for stored in old where stored != 0 {
            var index = home(stored)
            while slots[index] != 0 {
                index += 1
                if index == size { index = 0 }
            }
            slots[index] = stored
        }
    }

    /// Bytes of heap the table holds.
    var allocatedBytes: Int { slots.isEmpty ? 0 : 32 + slots.capacity * 4 }

    /// Checks that every entry can be found from its home, and the count.
    func checkStructure() {
        var entries = zeros
        for (index, stored) in slots.enumerated() where stored != 0 {
            entries += 1
            var probe = home(stored)
            while probe != index {
                precondition(slots[probe] != 0, "an entry beyond an empty slot from its home")
                probe = probe + 1 == slots.count ? 0 : probe + 1
            }
        }
        precondition(entries == count, "membership count")
    }
}

/// An identifier that appears a second time, at `item` of `section`.
struct DuplicateIdentifier: Error {
    var section: Int
    var item: Int
    var identifier: FlowIdentifier
}

extension IdentifierFingerprints {
    /// A table of the identifiers of `sections` (each in order), refusing the
    /// first place whose identifier appeared earlier in that order.
    ///
    /// The table is sized once for all of them and filled in one pass over
    /// its buffer, without the per-insertion growth check: the result is the
    /// table that inserting them one by one would give. A fingerprint met
    /// twice only says that a duplicate may exist: then, and only then, one
    /// exact pass over the identifiers finds it (or finds that the
    /// fingerprints merely collide). With no removal, an equal fingerprint
    /// lies on the probe path from the shared home, so none is missed.
    ///
    /// - Complexity: O(n); twice that when fingerprints collide.
    init(sections: [ArraySlice<FlowIdentifier>]) throws(DuplicateIdentifier) {
        self.init()
        let total = sections.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        reserveCapacity(total)
        let suspect = Self.fill(&slots, zeros: &zeros, from: sections)
        count = total
        guard suspect else { return }
        var seen = IdentifierSet()
        seen.reserveCapacity(count)
        for (q, section) in sections.enumerated() {
            for (j, identifier) in zip(0..., section) where !seen.insert(identifier) {
                throw DuplicateIdentifier(section: q, item: j, identifier: identifier)
            }
        }
    }

    /// Inserts every identifier of `sections` into `slots`, which has room for
    /// all of them at a load below 1 (so a probe always ends); counts the
    /// zero fingerprints in `zeros`. Returns whether a fingerprint was met twice.
    ///
    /// Identifiers are inserted a *stretch* at a time: up to 8 whose
    /// fingerprints are consecutive within one block (consecutive identifiers
    /// sharing their high half), so whose homes are consecutive slots.
    /// Inserting them one by one puts the first at the first empty slot from
    /// its home and each next one at the first empty slot after the one
    /// before (every slot between its own home and that one is full), so one
    /// scan from the first home filling the first empty slots it meets gives
    /// the same table, scanning a full block once per stretch instead of once
    /// per identifier. An entry equal to one of the stretch's fingerprints lies
    /// on that scan (between the stretch's first home and the slot its copy
    /// takes), so none is missed; one of another stretch that merely falls in
    /// the range only makes the pass that follows look (never, for identifiers
    /// sharing their high half).
    ///
    /// Each stretch's first slot is a cache miss anywhere in a table of
    /// megabytes: the stretches are found ``batch`` at a time and their first
    /// slots read together (the misses overlap) before any is placed.
    private static func fill(
        _ slots: inout [UInt32], zeros: inout Int, from sections: [ArraySlice<FlowIdentifier>]
    ) -> Bool {
        let blocks = UInt64(slots.count >> 3)
        var suspect = false
        var zeroCount = 0
        slots.withUnsafeMutableBufferPointer { table in
            guard let base = table.baseAddress else { return }
            let size = table.count
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: batch) { pending in
                for section in sections {
                    section.withUnsafeBufferPointer { identifiers in
                        var i = 0
                        while i < identifiers.count {
                            // 1. The next stretches, up to `batch`; then their first homes read
                            // in one tight loop, so that the cache misses of homes anywhere in
                            // the table are waited for together.
                            let count = gatherStretches(identifiers, from: &i, into: pending, zeros: &zeroCount)
                            var warm: UInt32 = 0
                            for entry in pending[..<count] { warm ^= base[home(UInt32(truncatingIfNeeded: entry >> 4), blocks: blocks)] }
                            // The reads above are kept by this use of what they read; a false
                            // hint (about one batch in 2³²) only costs the exact pass.
                            if warm == 0xFFFF_FFFF { suspect = true }
                            // 2. Each stretch's fingerprints, in order, into the first empty slots from its first home.
                            for entry in pending[..<count] where place(entry, in: base, size: size, blocks: blocks) {
                                suspect = true
                            }
                        }
                    }
                }
            }
        }
        zeros = zeroCount
        return suspect || zeroCount > 1
    }

    /// Step 1 of ``fill(_:zeros:from:)``: from identifier `i` on, the next
    /// stretches (up to ``batch``) of fingerprints `first`, `first + 1`, … in
    /// `first`'s block of 8, each as its first fingerprint (shifted left 4)
    /// and its length, into `pending`; identifiers whose fingerprint is 0 are
    /// counted in `zeros` and skipped. Returns how many stretches it gathered.
    @inline(__always)
    private static func gatherStretches(
        _ identifiers: UnsafeBufferPointer<FlowIdentifier>, from i: inout Int, into pending: UnsafeMutableBufferPointer<UInt64>,
        zeros: inout Int
    ) -> Int {
        let n = identifiers.count
        var count = 0
        while count < batch && i < n {
            let raw = identifiers[i].rawValue
            let first = fingerprint(identifiers[i])
            if first == 0 {
                zeros += 1
                i += 1
                continue
            }
            // Below 2³², identifiers raw, raw + 1, … in raw's group of 8 are
            // such a stretch, by comparison alone.
            var length: UInt32 = 1
            let room = 8 - (first & 7)
            if raw >> 32 == 0 {
                while length < room && i + Int(length) < n && identifiers[i + Int(length)].rawValue == raw &+ UInt64(length) {
                    length += 1
                }
            } else {
                while length < room && i + Int(length) < n && fingerprint(identifiers[i + Int(length)]) == first &+ length {
                    length += 1
                }
            }
            i += Int(length)
            pending[count] = UInt64(first) << 4 | UInt64(length)
            count += 1
        }
        return count
    }

    /// Step 2 of ``fill(_:zeros:from:)``: places the fingerprints of one
    /// stretch (as ``gatherStretches(_:from:into:zeros:)`` packed it) into the
    /// first empty slots from its first home. Returns whether a slot passed
    /// holds a fingerprint of the stretch (a suspected duplicate).
    @inline(__always)
    private static func place(_ entry: UInt64, in base: UnsafeMutablePointer<UInt32>, size: Int, blocks: UInt64) -> Bool {
        let first = UInt32(truncatingIfNeeded: entry >> 4)
        let length = UInt32(truncatingIfNeeded: entry & 0xF)
        var index = home(first, blocks: blocks)
        var placed: UInt32 = 0
        var suspect = false
        while true {
            let slot = base[index]
            if slot == 0 {
                base[index] = first &+ placed
                placed += 1
                if placed == length { break }
            } else if slot &- first < length {
                suspect = true
            }
            index += 1
            if index == size { index = 0 }
        }
        return suspect
    }

    /// How many stretches ``fill(_:zeros:from:)`` reads the homes of together.
    private static let batch = 32

    /// The home slot of fingerprint `stored` (not 0) in a table of `blocks` blocks.
    @inline(__always)
    private static func home(_ stored: UInt32, blocks: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(stored >> 3) &* blocks) >> 29) << 3 | Int(stored & 7)
    }
}
