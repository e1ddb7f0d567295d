/// What an archive holds (`flow-layout.md` 11.5), read and checked whole
/// before anything is restored: the fingerprint, the anchor, the sections,
/// every item's identifier in one flat array, in saved order, and each
/// section's saved sizes in an array of its own, ready to become the
/// section's storage as it is.
struct ArchiveContent {
    var fingerprint: UInt64
    /// 1 item, 2 header, 3 footer; the ordinal of the item or section; the distance.
    var anchor: (kind: UInt8, ordinal: Int, distance: Double)?
    var sectionIDs: [FlowIdentifier]
    var itemCounts: [Int]
    /// Every item's identifier, in saved order.
    var items: [FlowIdentifier]
    /// Each section's saved sizes, one per item, in saved order;
    /// ``Size/unsized`` for an item saved without a size of its own.
    var sizes: [[Size]]
    /// The number of items saved with a size of their own.
    var sizedCount: Int

    /// Reads and checks `bytes`.
    ///
    /// - Throws: ``FlowLayoutError/invalidArchive(_:)``: not an archive, an
    ///   unknown version, truncated, a checksum that does not match, or content
    ///   that contradicts itself.
    /// - Complexity: O(bytes), in one pass after the checksum's.
    init(_ bytes: [UInt8]) throws(FlowLayoutError) {
        guard bytes.count >= 4, Array(bytes[0..<4]) == FlowLayoutState.archiveMagic else { throw .invalidArchive(.notAnArchive) }
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(FlowLayoutError) in try Self(checking: buffer) }
    }

    private init(checking bytes: UnsafeBufferPointer<UInt8>) throws(FlowLayoutError) {
        var header = ArchiveReader(bytes, from: 4, to: bytes.count)
        let version = try header.fixed(count: 2)
        guard version == UInt64(FlowLayoutState.archiveVersion) else { throw .invalidArchive(.unknownVersion(Int(version))) }
        guard try header.fixed(count: 2) == 0 else { throw .invalidArchive(.malformed("reserved bytes are not 0")) }
        let bodyLength = try header.fixed()
        guard bodyLength <= UInt64(bytes.count), bytes.count - 16 - 8 >= Int(bodyLength) else {
            throw .invalidArchive(.truncated)
        }
        let end = 16 + Int(bodyLength)
        guard bytes.count == end + 8 else { throw .invalidArchive(.malformed("bytes after the checksum")) }
        var trailer = ArchiveReader(bytes, from: end, to: end + 8)
        let checksum = ArchiveChecksum.of(UnsafeBufferPointer(rebasing: bytes[0..<end]))
        guard try trailer.fixed() == checksum else { throw .invalidArchive(.checksumMismatch) }
        var reader = ArchiveReader(bytes, from: 16, to: end)
        fingerprint = try reader.fixed()
        let kind = try reader.byte()
        switch kind {
        case 0: anchor = nil
        case 1...3:
            let ordinal = try reader.count(limit: Int.max, "an anchor's ordinal")
            anchor = (kind, ordinal, try reader.double())
            guard anchor!.distance.isFinite else { throw .invalidArchive(.malformed("an anchor distance that is not finite")) }
        default: throw .invalidArchive(.malformed("unknown anchor kind \(kind)"))
        }
        // At least 2 bytes per item and per section remain to be read: no count can be larger.
        let room = (end - reader.position) / 2
        let sectionCount = try reader.count(limit: room, "a section count")
        sectionIDs = []
        itemCounts = []
        sectionIDs.reserveCapacity(sectionCount)
        itemCounts.reserveCapacity(sectionCount)
        var total = 0
        for _ in 0..<sectionCount {
            sectionIDs.append(FlowIdentifier(try reader.varint()))
            let count = try reader.count(limit: Swift.min(room, FlowLayoutLimits.maximumCount), "an item count")
            itemCounts.append(count)
            total += count
            guard total <= room else { throw .invalidArchive(.truncated) }
        }
        // The items: identifiers straight into one array, sizes into one
        // array a section (a failure is kept and thrown once they are whole).
        var failure: FlowLayoutError?
        var sizes: [[Size]] = []
        sizes.reserveCapacity(sectionCount)
        var sized = 0
        let counts = itemCounts
        items = [FlowIdentifier](unsafeUninitializedCapacity: total) { identifiers, identifierCount in
            var cursor = ItemCursor()
            var start = 0
            for count in counts {
                sizes.append(
                    [Size](unsafeUninitializedCapacity: count) { sectionSizes, sizeCount in
                        guard failure == nil, count > 0 else { return }
                        do throws(FlowLayoutError) {
                            sized += try cursor.read(
                                count, from: &reader, into: identifiers.baseAddress! + start, sectionSizes.baseAddress!)
                            sizeCount = count
                        } catch {
                            // Identifiers and sizes are plain values: nothing to deinitialize.
                            failure = error
                        }
                    })
                start += count
            }
            identifierCount = failure == nil ? total : 0
        }
        if let failure { throw failure }
        self.sizes = sizes
        sizedCount = sized
        guard reader.position == end else { throw .invalidArchive(.malformed("bytes after the last item")) }
        if let anchor {
            let limit = anchor.kind == 1 ? total : sectionCount
            guard anchor.ordinal < limit else { throw .invalidArchive(.malformed("an anchor past the end")) }
        }
    }

    /// The section the saved anchor belongs to, or `nil` without an anchor.
    var anchorSection: Int? {
        guard let anchor else { return nil }
        guard anchor.kind == 1 else { return anchor.ordinal }
        var start = 0
        for (q, count) in itemCounts.enumerated() {
            start += count
            if anchor.ordinal < start { return q }
        }
        return nil
    }
}

/// Reads items (`flow-layout.md` 11.5): each an identifier as the zigzag
/// difference from the one before, then a size, whose width may be the one
/// before; the one before carries over from section to section.
private struct ItemCursor {
    var previous: UInt64 = 0
    var previousWidth = Double.nan

    /// Reads `count` items into `identifiers` and `sizes`; returns how many
    /// have a size of their own.
    mutating func read(
        _ count: Int, from reader: inout ArchiveReader, into identifiers: UnsafeMutablePointer<FlowIdentifier>,
        _ sizes: UnsafeMutablePointer<Size>
    ) throws(FlowLayoutError) -> Int {
        var previous = previous
        var previousWidth = previousWidth
        var sized = 0
        for k in 0..<count {
            let zigzag = try reader.varint()
            previous = previous &+ ((zigzag >> 1) ^ (0 &- (zigzag & 1)))
            (identifiers + k).initialize(to: FlowIdentifier(previous))
            let flags = try reader.byte()
            if flags == 0 {
                (sizes + k).initialize(to: .unsized)
            } else {
                (sizes + k).initialize(to: try reader.size(flags, previousWidth: &previousWidth))
                sized += 1
            }
        }
        self.previous = previous
        self.previousWidth = previousWidth
        return sized
    }
}
