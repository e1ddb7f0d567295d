/// Save and restore (`flow-layout.md` 11.5): what the engine knows, written to
/// a compact, versioned, checksummed archive, and restored against the content
/// of the next launch.
///
/// The archive, little-endian:
/// - header: the magic `FLAR`, the version (2 bytes, 1), 2 reserved bytes (0),
///   the body's length (8 bytes);
/// - body: the configuration's fingerprint (8 bytes); the anchor (a kind byte:
///   0 none, 1 an item, 2 a header, 3 a footer; then the item's ordinal among
///   all items, or the section's ordinal, as a variable-length integer, and
///   the distance of its leading edge from V's leading edge, 8 bytes); the
///   section count; per section its identifier and item count; per item its
///   identifier (a zigzag difference from the one before) and its size (a
///   flags byte; a width equal to the previous size's is not written again;
///   each length in sixths of a point when exact, else 8 bytes);
/// - the checksum of header and body (8 bytes, ``ArchiveChecksum``).
///
/// About 4 bytes per item when identifiers are consecutive and heights are
/// pixel-aligned.
extension FlowLayoutState {
    /// The archive's first four bytes.
    static let archiveMagic: [UInt8] = [0x46, 0x4C, 0x41, 0x52]
    /// The version of the archive format this engine writes and reads.
    ///
    /// - Complexity: O(1).
    public static let archiveVersion = 1

    /// The fingerprint of what sizes depend on (11.5): the viewport's extent
    /// across the scroll axis, insets, spacings, the estimate and the scroll
    /// direction. Sizes measured under one fingerprint re-attach only under it.
    ///
    /// - Complexity: O(1).
    public var sizeFingerprint: UInt64 {
        let c = configuration
        let across = c.scrollDirection == .vertical ? viewportSize.width : viewportSize.height
        let values: [Double] = [
            across, c.sectionInset.top, c.sectionInset.left, c.sectionInset.bottom, c.sectionInset.right,
            c.minimumLineSpacing, c.minimumInteritemSpacing, c.estimatedItemSize.width, c.estimatedItemSize.height,
            c.scrollDirection == .vertical ? 0 : 1,
        ]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for value in values {
            hash = (hash ^ (value == 0 ? 0 : value.bitPattern)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 31
        }
        return hash
    }

    /// Writes what the layout knows (11.5): every item's identifier and size of
    /// its own, the anchor (the first element of V that does not pin, as an
    /// identity and its leading edge's distance from V's) and the fingerprint.
    /// `nil` when the content has no identifiers.
    ///
    /// - Complexity: O(n) for n items, plus the query of V.
    public mutating func archive() -> [UInt8]? {
        guard let identity else { return nil }
        // The anchor.
        let rect = visibleRect ?? Rect(x: 0, y: 0, width: viewportSize.width, height: viewportSize.height)
        var inView: [LayoutAttributes] = []
        forEachElement(in: rect) {
            inView.append($0)
            return inView.count < 64
        }
        let anchor = inView.first { !pins($0.category) }
        let sign: Double = mirrorsAlongScrollAxis ? -1 : 1
        let anchorOrdinal = anchor.map {
            $0.category == .cell ? sections.prefix(before: $0.indexPath.section).items + $0.indexPath.item : $0.indexPath.section
        }
        let fingerprint = sizeFingerprint
        let bound = 64 + sections.count * 20 + totalItemCount * ArchiveWriter.maximumItemBytes
        var own: [Size] = []
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, written in
            var writer = ArchiveWriter(buffer.baseAddress!)
            writer.bytes(Self.archiveMagic)
            writer.fixed(UInt64(Self.archiveVersion), count: 2)
            writer.fixed(0, count: 2)
            writer.fixed(0)  // the body's length, set below
            writer.fixed(fingerprint)
            if let anchor, let anchorOrdinal {
                switch anchor.category {
                case .cell: writer.byte(1)
                case .header: writer.byte(2)
                case .footer: writer.byte(3)
                }
                writer.varint(UInt64(anchorOrdinal))
                writer.double(sign * (edge(.leading, of: anchor.frame) - edge(.leading, of: rect)))
            } else {
                writer.byte(0)
            }
            // Sections, then items.
            writer.varint(UInt64(sections.count))
            for q in 0..<sections.count {
                writer.varint(identity.sectionIDs[q].rawValue)
                writer.varint(UInt64(sections[q].itemCount))
            }
            var previous: UInt64 = 0
            var previousWidth = Double.nan
            for q in 0..<sections.count {
                let record = sections[q]
                let hasSizes = record.sizedCount > 0
                if hasSizes {
                    own.removeAll(keepingCapacity: true)
                    own.append(contentsOf: repeatElement(Size.unsized, count: record.itemCount))
                    forEachOwnSize(in: record) { own[$0] = $1 }
                }
                var item = 0
                for chunk in identity.items[q].chunks {
                    for identifier in chunk {
                        let difference = identifier.rawValue &- previous
                        previous = identifier.rawValue
                        writer.varint((difference << 1) ^ UInt64(bitPattern: Int64(bitPattern: difference) >> 63))
                        if hasSizes, !own[item].isUnsized {
                            Self.write(own[item], previousWidth: &previousWidth, to: &writer)
                        } else {
                            writer.byte(0)
                        }
                        item += 1
                    }
                }
            }
            writer.patch(UInt64(writer.count - 16), at: 8)
            let checksum = ArchiveChecksum.of(UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
            writer.fixed(checksum)
            written = writer.count
        }
    }

    /// Flags of a size in an archive.
    private enum SizeFlag {
        static let present: UInt8 = 1
        static let sameWidth: UInt8 = 2
        static let rawWidth: UInt8 = 4
        static let rawHeight: UInt8 = 8
    }

    @inline(__always)
    private static func write(_ size: Size, previousWidth: inout Double, to writer: inout ArchiveWriter) {
        var flags = SizeFlag.present
        let width = size.width == previousWidth ? nil : ArchiveWriter.sixths(size.width)
        let height = ArchiveWriter.sixths(size.height)
        if size.width == previousWidth { flags |= SizeFlag.sameWidth } else if width == nil { flags |= SizeFlag.rawWidth }
        if height == nil { flags |= SizeFlag.rawHeight }
        writer.byte(flags)
        if size.width != previousWidth {
            if let width { writer.varint(width) } else { writer.double(size.width) }
        }
        if let height { writer.varint(height) } else { writer.double(size.height) }
        previousWidth = size.width
    }

    @inline(__always)
    fileprivate static func readSize(
        _ flags: UInt8, previousWidth: inout Double, from reader: inout ArchiveReader
    ) throws(FlowLayoutError) -> Size {
        guard flags & ~0x0F == 0, !(flags & SizeFlag.sameWidth != 0 && flags & SizeFlag.rawWidth != 0) else {
            throw .invalidArchive(.malformed("unknown size flags \(flags)"))
        }
        let width: Double
        if flags & SizeFlag.sameWidth != 0 {
            guard !previousWidth.isNaN else { throw .invalidArchive(.malformed("a width repeated before any")) }
            width = previousWidth
        } else if flags & SizeFlag.rawWidth != 0 {
            width = try reader.double()
        } else {
            width = Double(try reader.varint()) / 6
        }
        let height = flags & SizeFlag.rawHeight != 0 ? try reader.double() : Double(try reader.varint()) / 6
        let size = Size(width: width, height: height)
        guard width.isFinite, width >= 0, height.isFinite, height >= 0 else {
            throw .invalidArchive(.malformed("a size that is not finite and >= 0"))
        }
        previousWidth = width
        return size
    }
}

/// What an archive holds, read and checked whole before anything is restored.
struct ArchiveContent {
    var fingerprint: UInt64
    /// 1 item, 2 header, 3 footer; the ordinal of the item or section; the distance.
    var anchor: (kind: UInt8, ordinal: Int, distance: Double)?
    var sectionIDs: [FlowIdentifier]
    var itemCounts: [Int]
    var items: [FlowIdentifier]
    var sizes: [Size?]
    var sizedCount: Int

    /// Reads and checks `bytes`.
    ///
    /// - Throws: ``FlowLayoutError/invalidArchive(_:)``: not an archive, an
    ///   unknown version, truncated, a checksum that does not match, or content
    ///   that contradicts itself.
    init(_ bytes: [UInt8]) throws(FlowLayoutError) {
        guard bytes.count >= 4, Array(bytes[0..<4]) == FlowLayoutState.archiveMagic else { throw .invalidArchive(.notAnArchive) }
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
        let checksum = bytes.withUnsafeBufferPointer { ArchiveChecksum.of(UnsafeBufferPointer(rebasing: $0[0..<end])) }
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
        var total = 0
        for _ in 0..<sectionCount {
            sectionIDs.append(FlowIdentifier(try reader.varint()))
            let count = try reader.count(limit: Swift.min(room, FlowLayoutLimits.maximumCount), "an item count")
            itemCounts.append(count)
            total += count
            guard total <= room else { throw .invalidArchive(.truncated) }
        }
        items = []
        sizes = []
        items.reserveCapacity(total)
        sizes.reserveCapacity(total)
        sizedCount = 0
        var previous: UInt64 = 0
        var previousWidth = Double.nan
        for _ in 0..<total {
            let zigzag = try reader.varint()
            previous = previous &+ ((zigzag >> 1) ^ (0 &- (zigzag & 1)))
            items.append(FlowIdentifier(previous))
            let flags = try reader.byte()
            if flags == 0 {
                sizes.append(nil)
            } else {
                sizes.append(try FlowLayoutState.readSize(flags, previousWidth: &previousWidth, from: &reader))
                sizedCount += 1
            }
        }
        guard reader.position == end else { throw .invalidArchive(.malformed("bytes after the last item")) }
        if let anchor {
            let limit = anchor.kind == 1 ? total : sectionCount
            guard anchor.ordinal < limit else { throw .invalidArchive(.malformed("an anchor past the end")) }
        }
    }
}

/// A layout restored from an archive (`flow-layout.md` 11.5).
public struct FlowLayoutRestoration: Sendable {
    /// The layout of the new content, its visible rect placed for the anchor.
    public var state: FlowLayoutState
    /// Whether the archive's fingerprint matched the configuration (sizes re-attach only then).
    public var fingerprintMatched: Bool
    /// How many items took back a size from the archive.
    public var reattachedSizeCount: Int
    /// The element placed at its saved distance from V's leading edge (the
    /// saved anchor, or its nearest survivor), by its position now; `nil` when
    /// the archive had no anchor or nothing of it survives.
    public var anchor: ElementIdentifier?
    /// The distance of the anchor's leading edge from V's leading edge, as
    /// saved; after clamping (8.4) the anchor may sit elsewhere.
    public var anchorDistance: Double?
}

extension FlowLayoutState {
    /// Restores `archive` against the content of this launch (11.5): a layout
    /// of `snapshot`, in which the archive's sizes re-attach by identity when
    /// its fingerprint matches `configuration` and `viewportSize` (otherwise
    /// none do), sizes the snapshot gives win, and V is placed so that the
    /// saved anchor sits at its saved distance from V's leading edge (if it is
    /// gone, the first surviving item after it in the saved order, else the
    /// last one before it), clamped as in 8.4.
    ///
    /// - Throws: ``FlowLayoutError/invalidArchive(_:)`` for an archive that is
    ///   truncated, corrupt, of an unknown version or not an archive;
    ///   ``FlowLayoutError/invalidSnapshot(path:problem:)`` and the other
    ///   refusals of ``init(configuration:snapshot:viewportSize:options:)``.
    ///   Nothing is restored.
    /// - Complexity: O(n) to read the archive and lay the saved order beside
    ///   the new one (comparisons), plus what differs, as ``apply(_:)``.
    public static func restoring(
        _ archive: [UInt8], snapshot: FlowSnapshot, configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        viewportSize: Size, options: FlowLayoutOptions = FlowLayoutOptions()
    ) throws(FlowLayoutError) -> FlowLayoutRestoration {
        let content = try ArchiveContent(archive)
        // The saved content, with its sizes when they still hold.
        var state = try FlowLayoutState(
            configuration: configuration, sections: [], viewportSize: viewportSize, options: options)
        state.identity = IdentityIndex()
        let matched = content.fingerprint == state.sizeFingerprint
        do {
            try state.build(savedContent: content, withSizes: matched)
        } catch {
            throw .invalidArchive(.malformed("its content is refused: \(error)"))
        }
        return try finishRestoring(state, content, snapshot: snapshot, fingerprintMatched: matched)
    }

    /// The rest of a restore, once the saved content is built: applies this
    /// launch's `snapshot` (sizes follow identity) and places V for the anchor.
    static func finishRestoring(
        _ saved: consuming FlowLayoutState, _ content: ArchiveContent, snapshot: FlowSnapshot, fingerprintMatched matched: Bool
    ) throws(FlowLayoutError) -> FlowLayoutRestoration {
        var state = saved
        // The content of this launch: sizes follow identity.
        let departures = try state.apply(snapshot, positionalSizes: nil).departures
        let gone = Set(departures.map(\.0))
        var reattached = matched ? content.sizedCount : 0
        if matched {
            for (_, size) in departures where size != nil { reattached -= 1 }
        }
        // The anchor, or its nearest survivor.
        var restoration = FlowLayoutRestoration(
            state: state, fingerprintMatched: matched, reattachedSizeCount: reattached, anchor: nil, anchorDistance: nil)
        guard let anchor = content.anchor else { return restoration }
        var target: ElementIdentifier?
        if anchor.kind != 1, let q = state.identity!.sectionIDs.firstIndex(of: content.sectionIDs[anchor.ordinal]) {
            target = ElementIdentifier(category: anchor.kind == 2 ? .header : .footer, indexPath: FlowIndexPath(item: 0, section: q))
        } else {
            let ordinal =
                anchor.kind == 1 ? anchor.ordinal : content.itemCounts[..<anchor.ordinal].reduce(0, +)
            let survivor =
                (ordinal..<content.items.count).first { !gone.contains(content.items[$0]) }
                ?? (0..<Swift.min(ordinal, content.items.count)).last { !gone.contains(content.items[$0]) }
            if let survivor, let path = state.indexPath(ofItem: content.items[survivor]) {
                target = ElementIdentifier(category: .cell, indexPath: path)
            }
        }
        guard let target, let frame = state.currentFrame(of: target) else { return restoration }
        restoration.state.placeVisibleRect(leadingEdgeOf: frame, atDistance: anchor.distance)
        restoration.anchor = target
        restoration.anchorDistance = anchor.distance
        return restoration
    }

    /// Builds the saved content of an archive into this state, which has no
    /// sections and an empty identity: exactly what applying it as a snapshot
    /// does (the same batch of inserted sections, the same sizes by position
    /// when `withSizes`, the same identifiers and membership), read straight
    /// from the archive's arrays, with no per-item plan.
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate section or item, with the path the snapshot would name.
    mutating func build(savedContent content: ArchiveContent, withSizes: Bool) throws(FlowLayoutError) {
        var sectionIDs = Set<FlowIdentifier>(minimumCapacity: content.sectionIDs.count)
        for (q, identifier) in content.sectionIDs.enumerated() where !sectionIDs.insert(identifier).inserted {
            throw .invalidSnapshot(path: FieldPath(stringLiteral: "sections[\(q)].id"), problem: .duplicateSection(identifier))
        }
        var slices: [ArraySlice<FlowIdentifier>] = []
        slices.reserveCapacity(content.itemCounts.count)
        var start = 0
        for count in content.itemCounts {
            slices.append(content.items[start..<(start + count)])
            start += count
        }
        let members: IdentifierFingerprints
        do {
            members = try IdentifierFingerprints(sections: slices)
        } catch {
            throw .invalidSnapshot(
                path: FieldPath(stringLiteral: "sections[\(error.section)].items[\(error.item)]"), problem: .duplicateItem(error.identifier)
            )
        }
        var batch = BatchUpdate()
        var sizing: [Int: [ItemEdit]] = [:]
        var lists: [IdentifierList] = []
        lists.reserveCapacity(content.itemCounts.count)
        start = 0
        for (q, count) in content.itemCounts.enumerated() {
            batch.insertSection(FlowSection(itemCount: count), at: q)
            var edits: [ItemEdit] = []
            if withSizes {
                var j = 0
                while j < count {
                    guard content.sizes[start + j] != nil else {
                        j += 1
                        continue
                    }
                    let first = j
                    var run: [ItemSegment] = []
                    while j < count, let size = content.sizes[start + j] {
                        run.append(.sized(size))
                        j += 1
                    }
                    edits.append(ItemEdit(range: first..<j, replacement: run))
                }
            }
            sizing[q] = edits
            lists.append(IdentifierList(content.items[start..<(start + count)]))
            start += count
        }
        _ = try performBatchUpdates(batch, sizing: sizing)
        var index = identity ?? IdentityIndex()
        index.items = lists
        index.sectionIDs = content.sectionIDs
        index.members = members
        identity = index
        checkIdentity()
    }

    /// The position of the item `identifier`, or `nil`.
    ///
    /// - Complexity: O(n) comparisons.
    public func indexPath(ofItem identifier: FlowIdentifier) -> FlowIndexPath? {
        guard let identity, identity.members.mayContain(identifier) else { return nil }
        return identity.position(of: identifier)
    }

    /// Places V so that `frame`'s leading edge is `distance` from V's leading
    /// edge, clamped to the content (8.4).
    mutating func placeVisibleRect(leadingEdgeOf frame: Rect, atDistance distance: Double) {
        let direction = configuration.scrollDirection
        let sign: Double = mirrorsAlongScrollAxis ? -1 : 1
        let extent = direction == .vertical ? viewportSize.height : viewportSize.width
        let content = direction == .vertical ? contentSize.height : contentSize.width
        let leading = edge(.leading, of: frame) - sign * distance
        var origin = mirrorsAlongScrollAxis ? leading - extent : leading
        origin = Swift.min(Swift.max(origin, 0), Swift.max(0, content - extent))
        let point = direction.offset(cross: origin)
        try? setVisibleRect(Rect(x: point.x, y: point.y, width: viewportSize.width, height: viewportSize.height))
    }
}

extension FlowLayoutState {
    /// What an archive holds, as a snapshot: its sections and items, in the
    /// saved order, with the sizes saved for them (11.5). A host reads it to
    /// know what it saved; restoring takes the next launch's own snapshot.
    ///
    /// - Throws: ``FlowLayoutError/invalidArchive(_:)`` as
    ///   ``restoring(_:snapshot:configuration:viewportSize:options:)`` does.
    /// - Complexity: O(n).
    public static func archivedSnapshot(_ archive: [UInt8]) throws(FlowLayoutError) -> FlowSnapshot {
        let content = try ArchiveContent(archive)
        var snapshot = FlowSnapshot()
        var start = 0
        for (q, count) in content.itemCounts.enumerated() {
            var section = FlowSnapshot.Section(id: content.sectionIDs[q], items: Array(content.items[start..<(start + count)]))
            for k in start..<(start + count) {
                if let size = content.sizes[k] { section.sizes[content.items[k]] = size }
            }
            snapshot.appendSection(section)
            start += count
        }
        return snapshot
    }
}
