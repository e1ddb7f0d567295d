/// How a batch reorders one sequence, sections or the items of one section
/// (`flow-layout.md` 10.1): remove the elements at `removed` (indexes before the
/// batch), then place new elements at `placed` (indexes after it), in ascending
/// order. Elements neither removed nor placed are *survivors*, in their order.
///
/// Every mapping between the two numberings is answered from the two sorted
/// lists, in time proportional to the number of changes, never to the length of
/// the sequence.
struct Reorder: Hashable, Sendable {
    /// The sequence's length before the batch.
    let oldCount: Int
    /// Indexes before the batch of the elements removed, sorted, unique.
    let removed: [Int]
    /// Indexes after the batch of the elements placed, sorted, unique.
    let placed: [Int]

    /// The sequence's length after the batch.
    var newCount: Int { oldCount - removed.count + placed.count }

    /// Where an element after the batch comes from.
    enum Origin: Hashable, Sendable {
        /// The `rank`-th element placed.
        case placed(rank: Int)
        /// The survivor that had index `old` before the batch.
        case survivor(old: Int)
    }

    /// The number of values in sorted `list` below `value`.
    static func countBelow(_ value: Int, in list: [Int]) -> Int {
        partitionPoint(in: list.indices) { list[$0] >= value }
    }

    /// Whether the element at `old` before the batch is removed.
    func isRemoved(_ old: Int) -> Bool {
        let index = Self.countBelow(old, in: removed)
        return index < removed.count && removed[index] == old
    }

    /// The index after the batch of the survivor at `old` before it.
    ///
    /// The survivor of rank `s` is preceded after the batch by the first `k`
    /// placed elements, `k` the least with `placed[k] − k > s`: placed indexes
    /// are sorted and unique, so `placed[k] − k` never decreases, and `k` is
    /// found by a binary search.
    ///
    /// - Complexity: O(log r + log p) for r removed and p placed elements.
    func newIndex(ofSurvivor old: Int) -> Int {
        let rank = old - Self.countBelow(old, in: removed)
        return rank + partitionPoint(in: placed.indices) { placed[$0] - $0 > rank }
    }

    /// The index before the batch of the survivor of rank `rank` (0 for the first).
    ///
    /// - Complexity: O(r).
    func survivor(rank: Int) -> Int {
        var old = rank
        for index in removed {
            guard index <= old else { break }
            old += 1
        }
        return old
    }

    /// Where the element at `new` after the batch comes from.
    ///
    /// - Complexity: O(log p + r).
    func origin(ofNew new: Int) -> Origin {
        let below = Self.countBelow(new, in: placed)
        if below < placed.count && placed[below] == new { return .placed(rank: below) }
        return .survivor(old: survivor(rank: new - below))
    }

    /// The position before the batch at which the `rank`-th placed element goes:
    /// just after the survivor before it (or at 0).
    func insertionPoint(ofPlaced rank: Int) -> Int {
        let survivorsBefore = placed[rank] - rank
        return survivorsBefore == 0 ? 0 : survivor(rank: survivorsBefore - 1) + 1
    }
}
