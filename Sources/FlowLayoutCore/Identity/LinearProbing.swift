/// Removal from an open-addressed table with linear probing and no tombstones
/// (a slot holding 0 is empty): the one rule ``IdentifierSet`` and
/// ``IdentifierFingerprints`` both remove by.
enum LinearProbing {
    /// Empties `slots[index]` and shifts back every following entry of its
    /// cluster that would otherwise be cut off from its home, so that every entry
    /// left is still found by probing forward from its home. `home` gives an
    /// entry's home slot; the table wraps around at its end.
    ///
    /// - Complexity: O(length of the cluster after `index`).
    @inline(__always)
    static func removeEntry<Slot: FixedWidthInteger>(at index: Int, from slots: inout [Slot], home: (Slot) -> Int) {
        let size = slots.count
        var hole = index
        var next = hole + 1 == size ? 0 : hole + 1
        while slots[next] != 0 {
            let wanted = home(slots[next])
            // The entry at `next` stays unless its home lies outside (hole, next], cyclically.
            let stays = hole <= next ? (wanted > hole && wanted <= next) : (wanted > hole || wanted <= next)
            if !stays {
                slots[hole] = slots[next]
                hole = next
            }
            next = next + 1 == size ? 0 : next + 1
        }
        slots[hole] = 0
    }
}
