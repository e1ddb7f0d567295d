/// Matching one section's old identifiers against its new ones in order
/// (`flow-layout.md` 11.3: the cost is in what changed). Both lists are read
/// side by side and equal stretches are taken by comparison alone, with no hash
/// lookup; at a difference, the nearest place where they agree again within
/// ``window`` items (either side) is found by comparison too, and only the
/// items skipped over are left for matching by identity. A difference with no
/// agreement near it (a long block inserted or removed, a shuffle) leaves
/// the pair unmatched and goes on; after ``maximumMisses`` such differences in
/// a row, everything left is matched by identity.
struct SnapshotWalk {
    /// How far a search for agreement looks, on each side.
    static let window = 128
    /// Unresolved differences in a row after which the rest is left whole.
    static let maximumMisses = 8

    /// A stretch of identifiers equal and in the same order in both lists.
    struct Stretch: Hashable {
        var old: Int
        var new: Int
        var count: Int
    }

    /// The equal stretches, in order.
    var stretches: [Stretch] = []
    /// Old positions not in a stretch, ascending.
    var unmatchedOld: [Int] = []
    /// New positions not in a stretch, ascending.
    var unmatchedNew: [Int] = []

    /// Walks `old` against `new`: equal stretches are taken as they come; at
    /// a difference, the nearest agreement within ``window`` (an old item
    /// later in new, or a new item later in old) skips the items before it;
    /// without one, the pair is left unmatched, and after ``maximumMisses``
    /// such pairs in a row everything left is.
    init(old: IdentifierList, new: UnsafeBufferPointer<FlowIdentifier>) {
        var reader = OldReader(old)
        let n = old.count
        let m = new.count
        var i = 0
        var j = 0
        var misses = 0
        while i < n && j < m {
            let length = reader.stretch(from: i, against: new, at: j)
            if length > 0 {
                stretches.append(Stretch(old: i, new: j, count: length))
                i += length
                j += length
                misses = 0
                continue
            }
            let (step, skipsNew) = reader.nearestAgreement(old: i, new: j, in: new)
            if step > 0 {
                if skipsNew {
                    unmatchedNew.append(contentsOf: j..<(j + step))
                    j += step
                } else {
                    unmatchedOld.append(contentsOf: i..<(i + step))
                    i += step
                }
                continue
            }
            unmatchedOld.append(i)
            unmatchedNew.append(j)
            i += 1
            j += 1
            misses += 1
            if misses >= Self.maximumMisses { break }
        }
        unmatchedOld.append(contentsOf: i..<n)
        unmatchedNew.append(contentsOf: j..<m)
    }

    /// Reads an old identifier list by position, remembering the chunk it
    /// read last (a walk reads mostly forward).
    private struct OldReader {
        let list: IdentifierList
        let chunks: [ContiguousArray<FlowIdentifier>]
        let starts: [Int]
        let count: Int
        var hint = 0

        init(_ list: IdentifierList) {
            self.list = list
            chunks = list.chunks
            starts = list.starts
            count = list.count
        }

        /// The chunk holding `position`: the hint, the one after it, else a search.
        func chunk(holding position: Int, from hint: Int) -> Int {
            var c = hint
            if c < chunks.count, starts[c] <= position, position < starts[c + 1] { return c }
            c += 1
            if c < chunks.count, starts[c] <= position, position < starts[c + 1] { return c }
            return list.chunk(holding: position)
        }

        /// The identifier at `position`.
        mutating func read(_ position: Int) -> FlowIdentifier {
            hint = chunk(holding: position, from: hint)
            return chunks[hint][position - starts[hint]]
        }

        /// The length of the equal stretch from old `i` and `new[j]`,
        /// compared a chunk at a time.
        mutating func stretch(from i: Int, against new: UnsafeBufferPointer<FlowIdentifier>, at j: Int) -> Int {
            let m = new.count
            var length = 0
            var c = chunk(holding: i, from: hint)
            while c < chunks.count && j + length < m {
                let offset = i + length - starts[c]
                let matched = chunks[c].withUnsafeBufferPointer { buffer in
                    SnapshotWalk.commonPrefix(
                        buffer.baseAddress! + offset, new.baseAddress! + (j + length),
                        count: Swift.min(buffer.count - offset, m - (j + length)))
                }
                length += matched
                if offset + matched < chunks[c].count { break }
                c += 1
            }
            hint = Swift.min(c, Swift.max(chunks.count - 1, 0))
            return length
        }

        /// The nearest agreement after a difference at old `i` and `new[j]`,
        /// within ``SnapshotWalk/window``: old item `i` later in new (skip
        /// that many new items), or new item `j` later in old (skip that many
        /// old ones); a step of 0 without one.
        mutating func nearestAgreement(
            old i: Int, new j: Int, in new: UnsafeBufferPointer<FlowIdentifier>
        ) -> (step: Int, skipsNew: Bool) {
            let reach = Swift.min(SnapshotWalk.window, Swift.max(count - i, new.count - j))
            guard reach > 1 else { return (0, false) }
            let oldHere = read(i)
            let newHere = new[j]
            for d in 1..<reach {
                if j + d < new.count && new[j + d] == oldHere { return (d, true) }
                if i + d < count && read(i + d) == newHere { return (d, false) }
            }
            return (0, false)
        }
    }

    /// The length from which ``commonPrefix(_:_:count:)`` reads in
    /// ``laneCount`` lanes: 16,384 identifiers (128 KB a side), more than a
    /// section of a thousand items, so only long stretches read that way.
    static let lanesFrom = 16_384
    /// How many parts of a long stretch are read side by side.
    static let laneCount = 4

    /// How many identifiers from `a` and `b` on are equal, up to `count`:
    /// compared 32 at a time in pairs (one 16-byte vector register each:
    /// exclusive or, then or into one register, one branch per block), then
    /// 8 at a time, then one at a time in the block that differs.
    ///
    /// From ``lanesFrom`` identifiers on, the stretch is first read as four
    /// quarters side by side, 16 identifiers of each per step: four streams
    /// of addresses instead of one, so that memory the host wrote long
    /// before (a cold array: the new list is read once, from the last-level
    /// cache or memory) arrives on more streams at once, and a stream's
    /// restart at each 4 KB page overlaps the others. Measured alone on this
    /// machine, 100,000 cold identifiers against the list before: ~80 µs read in
    /// order, ~64 µs in four lanes. At the first difference in any lane the
    /// rest is read in order from where the first quarter got to, so every
    /// identifier is still compared and the length is exact; an identifier
    /// is read at most twice, and what the lanes read past the difference is
    /// at most three times the prefix, plus 48 identifiers.
    @inline(__always)
    static func commonPrefix(_ a: UnsafePointer<FlowIdentifier>, _ b: UnsafePointer<FlowIdentifier>, count: Int) -> Int {
        // An identifier is its 8-byte raw value (a pair fills a register).
        let stride = MemoryLayout<FlowIdentifier>.stride
        let x = UnsafeRawPointer(a)
        let y = UnsafeRawPointer(b)
        /// The differences of the pair of identifiers at `k` (`k + 1` too).
        @inline(__always)
        func pair(_ k: Int) -> SIMD2<UInt64> {
            x.loadUnaligned(fromByteOffset: k &* stride, as: SIMD2<UInt64>.self)
                ^ y.loadUnaligned(fromByteOffset: k &* stride, as: SIMD2<UInt64>.self)
        }
        /// The differences of the 16 identifiers from `k` on, or-ed together.
        @inline(__always)
        func block(_ k: Int) -> SIMD2<UInt64> {
            (pair(k) | pair(k &+ 2) | pair(k &+ 4) | pair(k &+ 6)) | (pair(k &+ 8) | pair(k &+ 10) | pair(k &+ 12) | pair(k &+ 14))
        }
        var k = 0
        if count >= lanesFrom {
            // Four quarters of `quarter` identifiers (a multiple of 16), side by side.
            let quarter = (count / laneCount) & ~15
            var t = 0
            while t < quarter {
                let d = block(t) | block(t &+ quarter) | block(t &+ 2 &* quarter) | block(t &+ 3 &* quarter)
                if d[0] | d[1] != 0 { break }
                t &+= 16
            }
            // All four equal: go on after them; else in order from the first quarter's place.
            k = t == quarter ? laneCount &* quarter : t
        }
        while k &+ 32 <= count {
            var d = pair(k) | pair(k &+ 2) | pair(k &+ 4) | pair(k &+ 6)
            d |= pair(k &+ 8) | pair(k &+ 10) | pair(k &+ 12) | pair(k &+ 14)
            d |= pair(k &+ 16) | pair(k &+ 18) | pair(k &+ 20) | pair(k &+ 22)
            d |= pair(k &+ 24) | pair(k &+ 26) | pair(k &+ 28) | pair(k &+ 30)
            if d[0] | d[1] != 0 { break }
            k &+= 32
        }
        while k &+ 8 <= count {
            let d = pair(k) | pair(k &+ 2) | pair(k &+ 4) | pair(k &+ 6)
            if d[0] | d[1] != 0 { break }
            k &+= 8
        }
        while k < count && a[k] == b[k] { k += 1 }
        return k
    }

    /// Whether `old` and `new` hold the same identifiers in the same order,
    /// compared a chunk at a time as ``commonPrefix(_:_:count:)`` does.
    static func isUnchanged(old: IdentifierList, new: UnsafeBufferPointer<FlowIdentifier>) -> Bool {
        guard old.count == new.count else { return false }
        var start = 0
        for chunk in old.chunks {
            let equal = chunk.withUnsafeBufferPointer { buffer in
                commonPrefix(buffer.baseAddress!, new.baseAddress! + start, count: buffer.count) == buffer.count
            }
            guard equal else { return false }
            start += chunk.count
        }
        return true
    }

    /// The old position of new position `new` if it is in a stretch.
    func oldPosition(ofNew new: Int) -> Int? {
        let low = partitionPoint(in: stretches.indices) { stretches[$0].new + stretches[$0].count > new }
        guard low < stretches.count, stretches[low].new <= new else { return nil }
        return stretches[low].old + (new - stretches[low].new)
    }
}
