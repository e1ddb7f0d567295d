/// What an archive holds (`flow-layout.md` 11.5), read and checked whole
/// before anything is restored: the fingerprint, the anchor, the sections,
/// and each section's item identifiers and saved sizes in arrays of their
/// own, at their exact size, ready to become the section's identifier list
/// and storage as they are.
struct ArchiveContent {
    /// A saved anchor: 1 an item, 2 a header, 3 a footer; the ordinal of the
    /// item (among all items) or of the section; the edge it keeps, and that
    /// edge's distance into V from V's same edge.
    struct Anchor {
        var kind: UInt8
        var ordinal: Int
        var kept: KeptEdge
        var distance: Double
    }

    var fingerprint: UInt64
    /// The saved anchor, if any.
    var anchor: Anchor?
    var sectionIDs: [FlowIdentifier]
    var itemCounts: [Int]
    /// Each section's item identifiers, in saved order.
    var items: [[FlowIdentifier]]
    /// Each section's saved sizes, one per item, in saved order;
    /// ``Size/unsized`` for an item saved without a size of its own.
    var sizes: [[Size]]
    /// Each section's number of items saved with a size of their own.
    var sizedCounts: [Int]
    /// Whether each section's items saved with a size all have one width
    /// (as `==` compares them), as the reader saw.
    var equalWidths: [Bool]
    /// The number of items saved with a size of their own.
    var sizedCount: Int
    /// Each section's saved columns (version 3; 12.4), `nil` for a flow
    /// section and in earlier versions.
    var columns: [SavedColumns?]

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

    /// Reads the archive in its order: header and checksum, fingerprint,
    /// anchor, sections, items; then checks that nothing is left and that
    /// the anchor names a saved element.
    private init(checking bytes: UnsafeBufferPointer<UInt8>) throws(FlowLayoutError) {
        var (reader, version) = try Self.body(of: bytes)
        fingerprint = try reader.fixed()
        anchor = try Self.anchor(from: &reader, version: version)
        // At least 2 bytes per item and per section remain to be read: no count can be larger.
        let room = (reader.end - reader.position) / 2
        (sectionIDs, itemCounts) = try Self.sections(from: &reader, room: room)
        (items, sizes, sizedCounts, equalWidths) = try Self.items(counts: itemCounts, from: &reader)
        sizedCount = sizedCounts.reduce(0, +)
        columns = version >= 3 ? try Self.columns(counts: itemCounts, from: &reader) : Array(repeating: nil, count: itemCounts.count)
        guard reader.position == reader.end else { throw .invalidArchive(.malformed("bytes after the last item")) }
        if let anchor {
            let limit = anchor.kind == 1 ? itemCounts.reduce(0, +) : itemCounts.count
            guard anchor.ordinal < limit else { throw .invalidArchive(.malformed("an anchor past the end")) }
        }
    }

    /// Checks the header (magic read already, version, reserved bytes, the
    /// body's length) and the checksum; returns a reader of the body and the
    /// version.
    private static func body(of bytes: UnsafeBufferPointer<UInt8>) throws(FlowLayoutError) -> (ArchiveReader, UInt64) {
        var header = ArchiveReader(bytes, from: 4, to: bytes.count)
        let version = try header.fixed(count: 2)
        guard version >= 1, version <= UInt64(FlowLayoutState.archiveVersion) else {
            throw .invalidArchive(.unknownVersion(Int(version)))
        }
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
        return (ArchiveReader(bytes, from: 16, to: end), version)
    }

    /// The saved anchor: a kind byte, then for an element its ordinal, its
    /// kept edge (version 2; version 1 keeps the leading edge, and says so
    /// by saying nothing) and that edge's distance.
    private static func anchor(from reader: inout ArchiveReader, version: UInt64) throws(FlowLayoutError) -> Anchor? {
        let kind = try reader.byte()
        switch kind {
        case 0:
            return nil
        case 1...3:
            let ordinal = try reader.count(limit: Int.max, "an anchor's ordinal")
            var kept = KeptEdge.leading
            if version >= 2 {
                let code = try reader.byte()
                guard let edge = KeptEdge(archiveCode: code) else { throw .invalidArchive(.malformed("unknown anchor edge \(code)")) }
                kept = edge
            }
            let anchor = Anchor(kind: kind, ordinal: ordinal, kept: kept, distance: try reader.double())
            guard anchor.distance.isFinite else { throw .invalidArchive(.malformed("an anchor distance that is not finite")) }
            return anchor
        default:
            throw .invalidArchive(.malformed("unknown anchor kind \(kind)"))
        }
    }

    /// The sections: their count, then each one's identifier and item count,
    /// no count above `room` in all.
    private static func sections(
        from reader: inout ArchiveReader, room: Int
    ) throws(FlowLayoutError) -> (identifiers: [FlowIdentifier], itemCounts: [Int]) {
        let sectionCount = try reader.count(limit: room, "a section count")
        var identifiers: [FlowIdentifier] = []
        var itemCounts: [Int] = []
        identifiers.reserveCapacity(sectionCount)
        itemCounts.reserveCapacity(sectionCount)
        var total = 0
        for _ in 0..<sectionCount {
            identifiers.append(FlowIdentifier(try reader.varint()))
            let count = try reader.count(limit: Swift.min(room, FlowLayoutLimits.maximumCount), "an item count")
            itemCounts.append(count)
            total += count
            guard total <= room else { throw .invalidArchive(.truncated) }
        }
        return (identifiers, itemCounts)
    }

    /// The items of sections of `counts` items: identifiers and sizes into
    /// arrays of each section's, at their exact size (the first failure ends
    /// the reading, and is thrown); each section's count of items with a
    /// size, and whether those share one width.
    private static func items(
        counts: [Int], from reader: inout ArchiveReader
    ) throws(FlowLayoutError) -> (items: [[FlowIdentifier]], sizes: [[Size]], sizedCounts: [Int], equalWidths: [Bool]) {
        var cursor = ItemCursor()
        var items: [[FlowIdentifier]] = []
        var sizes: [[Size]] = []
        var sizedCounts: [Int] = []
        var equalWidths: [Bool] = []
        items.reserveCapacity(counts.count)
        sizes.reserveCapacity(counts.count)
        sizedCounts.reserveCapacity(counts.count)
        equalWidths.reserveCapacity(counts.count)
        for count in counts {
            var failure: FlowLayoutError?
            var sectionSized = 0
            var sectionEqualWidths = true
            var sectionSizes: [Size] = []
            let identifiers = [FlowIdentifier](unsafeUninitializedCapacity: count) { identifiers, identifierCount in
                sectionSizes = [Size](unsafeUninitializedCapacity: count) { sectionSizes, sizeCount in
                    guard count > 0 else { return }
                    do throws(FlowLayoutError) {
                        (sectionSized, sectionEqualWidths) = try cursor.read(
                            count, from: &reader, into: identifiers.baseAddress!, sectionSizes.baseAddress!)
                        sizeCount = count
                    } catch {
                        // Identifiers and sizes are plain values: nothing to deinitialize.
                        failure = error
                    }
                }
                identifierCount = failure == nil ? count : 0
            }
            if let failure { throw failure }
            items.append(identifiers)
            sizes.append(sectionSizes)
            sizedCounts.append(sectionSized)
            equalWidths.append(sectionEqualWidths)
        }
        return (items, sizes, sizedCounts, equalWidths)
    }

    /// The waterfall sections' columns (version 3): their count, then for
    /// each its ordinal (ascending), column count (a byte, 1…64), column
    /// width (8 bytes) and every item's column (a byte each, below the count).
    private static func columns(counts: [Int], from reader: inout ArchiveReader) throws(FlowLayoutError) -> [SavedColumns?] {
        var columns = [SavedColumns?](repeating: nil, count: counts.count)
        let sectionCount = try reader.count(limit: counts.count, "a count of waterfall sections")
        var next = 0
        for _ in 0..<sectionCount {
            let q = try reader.count(limit: counts.count - 1, "a waterfall section's ordinal")
            guard q >= next else { throw .invalidArchive(.malformed("waterfall sections out of order")) }
            next = q + 1
            let count = Int(try reader.byte())
            guard (1...WaterfallColumns.maximumCount).contains(count) else {
                throw .invalidArchive(.malformed("a column count of \(count)"))
            }
            let width = try reader.double()
            guard width.isFinite, width >= 0 else { throw .invalidArchive(.malformed("a column width that is not finite and >= 0")) }
            let items = try reader.bytes(counts[q])
            guard items.allSatisfy({ Int($0) < count }) else {
                throw .invalidArchive(.malformed("an item's column past the section's \(count) columns"))
            }
            columns[q] = SavedColumns(count: count, width: width, items: items)
        }
        return columns
    }

    /// The section and position of the saved item of ordinal `ordinal` (among
    /// all items, in saved order; less than their count).
    ///
    /// - Complexity: O(sections).
    func place(ofItem ordinal: Int) -> (section: Int, item: Int) {
        var start = 0
        for (q, count) in itemCounts.enumerated() {
            if ordinal < start + count { return (q, ordinal - start) }
            start += count
        }
        preconditionFailure("an item ordinal past the end")
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

/// A waterfall section's columns as saved (`flow-layout.md` 12.4): the
/// column count n and width w they were assigned under, and each item's
/// column, in saved order.
struct SavedColumns {
    var count: Int
    var width: Double
    var items: [UInt8]
}

/// Reads items (`flow-layout.md` 11.5): each an identifier as the zigzag
/// difference from the one before, then a size, whose width may be the one
/// before; the one before carries over from section to section.
private struct ItemCursor {
    var previous: UInt64 = 0
    var previousWidth = Double.nan

    /// Reads `count` items into `identifiers` and `sizes`; returns how many
    /// have a size of their own, and whether those all have one width (as
    /// `==` compares them: common items repeat the width before, so only the
    /// others are compared).
    mutating func read(
        _ count: Int, from reader: inout ArchiveReader, into identifiers: UnsafeMutablePointer<FlowIdentifier>,
        _ sizes: UnsafeMutablePointer<Size>
    ) throws(FlowLayoutError) -> (sized: Int, equalWidths: Bool) {
        var previous = previous
        var previousWidth = previousWidth
        var sized = 0
        var k = 0
        // The width of the section's first item with a size (NaN before it).
        var sectionWidth = Double.nan
        var equalWidths = true
        while k < count {
            // Common items in one tight loop, once a width is known; then one item of any kind.
            if !previousWidth.isNaN {
                let common = reader.commonItems(
                    upTo: count - k, previous: &previous, width: previousWidth, into: identifiers + k, sizes + k)
                // Their width is `previousWidth`: the section's first, or one compared already.
                if common > 0 && sectionWidth.isNaN { sectionWidth = previousWidth }
                k += common
                sized += common
                if k == count { break }
            }
            let zigzag = try reader.varint()
            previous = previous &+ ((zigzag >> 1) ^ (0 &- (zigzag & 1)))
            (identifiers + k).initialize(to: FlowIdentifier(previous))
            let flags = try reader.byte()
            if flags == 0 {
                (sizes + k).initialize(to: .unsized)
            } else {
                let size = try reader.size(flags, previousWidth: &previousWidth)
                (sizes + k).initialize(to: size)
                if sectionWidth.isNaN {
                    sectionWidth = size.width
                } else if size.width != sectionWidth {
                    equalWidths = false
                }
                sized += 1
            }
            k += 1
        }
        self.previous = previous
        self.previousWidth = previousWidth
        return (sized, equalWidths)
    }
}
