/// What a layout knows of its items' identities (`flow-layout.md` 11): each
/// section's identifier and its items' identifiers in order, the set of every
/// item identifier (for refusing duplicates without reading what did not
/// change), and the sizes of items that left (``DepartedSizes``).
///
/// Per item: 8 bytes in its section's ``IdentifierList`` (8.25 at most with
/// the spare room of a snapshot's array it shares) plus one slot of the
/// membership table (``IdentifierFingerprints``: 4 bytes at a load between
/// 0.52 and 4/5, 5 to 7.7 bytes): 13 to 16 bytes.
struct IdentityIndex: Sendable {
    /// Each section's identifier, in order.
    var sectionIDs: [FlowIdentifier] = []
    /// Each section's item identifiers, in order.
    var items: [IdentifierList] = []
    /// Every item identifier of the layout, as fingerprints: a hit is
    /// confirmed by ``containsItem(_:)``.
    var members = IdentifierFingerprints()
    /// The sizes of items that left, most recent last.
    var departed = DepartedSizes()

    /// Bytes of heap the index holds (the membership set at its capacity).
    var allocatedBytes: Int {
        var bytes = 32 + sectionIDs.capacity * 8 + 32 + items.capacity * MemoryLayout<IdentifierList>.stride
        for list in items { bytes += list.allocatedBytes }
        bytes += members.allocatedBytes
        bytes += departed.allocatedBytes
        return bytes
    }

    /// Whether `identifier` is an item of the layout, exactly: the membership
    /// table's "maybe" confirmed against the lists.
    ///
    /// - Complexity: O(1) expected when it is not (or its fingerprint is
    ///   unique); O(n) comparisons otherwise.
    func containsItem(_ identifier: FlowIdentifier) -> Bool {
        members.mayContain(identifier) && position(of: identifier) != nil
    }

    /// The section and position of item `identifier`, found by comparison.
    ///
    /// - Complexity: O(n) comparisons.
    func position(of identifier: FlowIdentifier) -> FlowIndexPath? {
        for (q, list) in items.enumerated() {
            if let item = list.firstPosition(of: identifier) { return FlowIndexPath(item: item, section: q) }
        }
        return nil
    }
}

/// The sizes of the items that left a layout most recently, by identity
/// (`flow-layout.md` 11.2): an item that comes back in a later snapshot takes
/// its size again. Holds the last ``capacity`` departures (1,024): about
/// 64 bytes each (a dictionary entry and a slot of the departure ring), 64 KiB
/// when full.
struct DepartedSizes: Sendable {
    /// How many departures are remembered.
    static let capacity = 1_024

    private var sizes: [FlowIdentifier: Entry] = [:]
    /// Departures in order, oldest first from `head`; an entry whose stamp no
    /// longer matches ``sizes`` is stale (the item came back or left again).
    private var ring: [(identifier: FlowIdentifier, stamp: UInt64)] = []
    private var head = 0
    private var clock: UInt64 = 0

    private struct Entry {
        var size: Size
        var stamp: UInt64
    }

    /// The number of sizes remembered.
    var count: Int { sizes.count }

    /// The size item `identifier` had when it left, if remembered.
    func size(of identifier: FlowIdentifier) -> Size? { sizes[identifier]?.size }

    /// Remembers that `identifier` left with `size`, forgetting the oldest
    /// departure when full.
    mutating func remember(_ identifier: FlowIdentifier, size: Size) {
        clock += 1
        if ring.count == Self.capacity {
            let oldest = ring[head]
            if sizes[oldest.identifier]?.stamp == oldest.stamp { sizes[oldest.identifier] = nil }
            ring[head] = (identifier, clock)
            head = (head + 1) % Self.capacity
        } else {
            ring.append((identifier, clock))
        }
        sizes[identifier] = Entry(size: size, stamp: clock)
    }

    /// Forgets `identifier` (it came back).
    mutating func forget(_ identifier: FlowIdentifier) {
        sizes[identifier] = nil
    }

    /// Bytes of heap held.
    var allocatedBytes: Int { 64 + sizes.capacity * 48 + 32 + ring.capacity * 16 }

}
