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
                if record.sizedCount > 0 {
                    record.ownSizes(into: &own)
                    own.withUnsafeBufferPointer {
                        Self.writeItems(
                            identity.items[q], sizes: $0, to: &writer, previous: &previous, previousWidth: &previousWidth)
                    }
                } else {
                    Self.writeItems(identity.items[q], sizes: nil, to: &writer, previous: &previous, previousWidth: &previousWidth)
                }
            }
            writer.patch(UInt64(writer.count - 16), at: 8)
            let checksum = ArchiveChecksum.of(UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
            writer.fixed(checksum)
            written = writer.count
        }
    }

    /// Writes the items of one section: each identifier as the zigzag
    /// difference from the one before, then its size of its own from `sizes`
    /// (one per item, ``Size/unsized`` for none), or a 0 flags byte.
    private static func writeItems(
        _ list: IdentifierList, sizes: UnsafeBufferPointer<Size>?, to writer: inout ArchiveWriter,
        previous: inout UInt64, previousWidth: inout Double
    ) {
        var item = 0
        for chunk in list.chunks {
            chunk.withUnsafeBufferPointer { identifiers in
                for identifier in identifiers {
                    let difference = identifier.rawValue &- previous
                    previous = identifier.rawValue
                    writer.varint((difference << 1) ^ UInt64(bitPattern: Int64(bitPattern: difference) >> 63))
                    if let sizes, !sizes[item].isUnsized {
                        writer.size(sizes[item], previousWidth: &previousWidth)
                    } else {
                        writer.byte(0)
                    }
                    item += 1
                }
            }
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
        // Finished in place: the state is never copied, so nothing it holds is.
        let finished = try state.finishRestoring(content, snapshot: snapshot, fingerprintMatched: matched)
        return FlowLayoutRestoration(
            state: state, fingerprintMatched: matched, reattachedSizeCount: finished.reattached, anchor: finished.anchor,
            anchorDistance: finished.distance)
    }

    /// The rest of a restore, once the saved content is built: applies this
    /// launch's `snapshot` (sizes follow identity) and places V for the anchor.
    static func finishRestoring(
        _ saved: consuming FlowLayoutState, _ content: ArchiveContent, snapshot: FlowSnapshot, fingerprintMatched matched: Bool
    ) throws(FlowLayoutError) -> FlowLayoutRestoration {
        var state = saved
        let finished = try state.finishRestoring(content, snapshot: snapshot, fingerprintMatched: matched)
        return FlowLayoutRestoration(
            state: state, fingerprintMatched: matched, reattachedSizeCount: finished.reattached, anchor: finished.anchor,
            anchorDistance: finished.distance)
    }

    /// The rest of a restore, in this state, which holds the saved content:
    /// applies this launch's `snapshot` (sizes follow identity) and places V
    /// for the anchor (the sections laid out up to it stay laid out). Returns
    /// how many sizes re-attached, and the anchor placed with its distance.
    private mutating func finishRestoring(
        _ content: ArchiveContent, snapshot: FlowSnapshot, fingerprintMatched matched: Bool
    ) throws(FlowLayoutError) -> (reattached: Int, anchor: ElementIdentifier?, distance: Double?) {
        // The content of this launch: sizes follow identity.
        let departures = try apply(snapshot, positionalSizes: nil).departures
        var reattached = matched ? content.sizedCount : 0
        if matched {
            for (_, size) in departures where size != nil { reattached -= 1 }
        }
        // The anchor, or its nearest survivor.
        guard let anchor = content.anchor,
            let target = Self.survivingAnchor(of: anchor, in: self, content, gone: Set(departures.map(\.0))),
            let frame = currentFrame(of: target)
        else { return (reattached, nil, nil) }
        placeVisibleRect(leadingEdgeOf: frame, atDistance: anchor.distance)
        return (reattached, target, anchor.distance)
    }

    /// The element of `state` to place for the saved `anchor`: itself, or if it
    /// is gone (in `gone`) the first surviving item after it in the saved
    /// order, else the last one before it.
    private static func survivingAnchor(
        of anchor: (kind: UInt8, ordinal: Int, distance: Double), in state: FlowLayoutState, _ content: ArchiveContent,
        gone: Set<FlowIdentifier>
    ) -> ElementIdentifier? {
        if anchor.kind != 1, let q = state.identity!.sectionIDs.firstIndex(of: content.sectionIDs[anchor.ordinal]) {
            return ElementIdentifier(category: anchor.kind == 2 ? .header : .footer, indexPath: FlowIndexPath(item: 0, section: q))
        }
        // The saved item at the anchor (for a section's header or footer, its first item, or the next one).
        var (q, j) = anchor.kind == 1 ? content.place(ofItem: anchor.ordinal) : (anchor.ordinal, 0)
        let (savedQ, savedJ) = (q, j)
        var survivor: FlowIdentifier?
        while q < content.items.count, survivor == nil {
            survivor = content.items[q][j...].first { !gone.contains($0) }
            (q, j) = (q + 1, 0)
        }
        (q, j) = (savedQ, savedJ)
        while q >= 0, survivor == nil {
            survivor = content.items[q][..<Swift.min(j, content.items[q].count)].last { !gone.contains($0) }
            q -= 1
            if q >= 0 { j = content.items[q].count }
        }
        guard let survivor, let path = state.indexPath(ofItem: survivor) else { return nil }
        return ElementIdentifier(category: .cell, indexPath: path)
    }

    /// Builds the saved content of an archive into this state, which has no
    /// sections and an empty identity: exactly what applying it as a snapshot
    /// does (sections without overrides, the saved sizes by position when
    /// `withSizes`, the same identifiers and membership), straight from the
    /// archive's arrays. Each section's record is made whole, pending (laid
    /// out when a query first reaches it, as the anchor's placing does for the
    /// sections before it), without a per-item plan or edit.
    ///
    /// - Throws: ``FlowLayoutError/invalidSnapshot(path:problem:)`` for a
    ///   duplicate section or item, with the path the snapshot would name;
    ///   ``FlowLayoutError/contentTooLarge(path:extent:)``.
    /// - Complexity: O(n) for n items, plus O(S log S) for S sections.
    mutating func build(savedContent content: ArchiveContent, withSizes: Bool) throws(FlowLayoutError) {
        // 1. Duplicates, and the membership set.
        var sectionIDs = Set<FlowIdentifier>(minimumCapacity: content.sectionIDs.count)
        for (q, identifier) in content.sectionIDs.enumerated() where !sectionIDs.insert(identifier).inserted {
            throw .invalidSnapshot(path: FieldPath(stringLiteral: "sections[\(q)].id"), problem: .duplicateSection(identifier))
        }
        let members: IdentifierFingerprints
        do {
            members = try IdentifierFingerprints(sections: content.items.map { $0[...] })
        } catch {
            throw .invalidSnapshot(
                path: FieldPath(stringLiteral: "sections[\(error.section)].items[\(error.item)]"), problem: .duplicateItem(error.identifier)
            )
        }
        // 2. The sections, and their identifier lists. (The estimate refined
        // from measured sizes reads them from runs only.)
        let refines = options.estimateRefinement == .meanOfReportedSizes && configuration.isSelfSizing
        var records: [SectionRecord] = []
        records.reserveCapacity(content.itemCounts.count)
        var lists: [IdentifierList] = []
        lists.reserveCapacity(content.itemCounts.count)
        for (q, count) in content.itemCounts.enumerated() {
            var record = makeRecord(for: FlowSection(itemCount: count), sums: .zero)
            if withSizes && count > 0 {
                record =
                    SectionLayout(
                        restoring: record, savedSizes: content.sizes[q], sizedCount: content.sizedCounts[q],
                        equalWidths: content.equalWidths[q], packed: refines,
                        resolved: resolved(record.metricsIndex), alignments: alignments
                    ).record
            }
            records.append(record)
            // The archive's array itself, at its exact size: no copy.
            lists.append(IdentifierList(sharing: content.items[q]) ?? IdentifierList(content.items[q]))
        }
        sections = BTree(records, leafCapacity: 64, innerCapacity: 16)
        try enforceContentLimit(path: "")
        refineEstimateIfDue()
        // 3. The identifiers.
        var index = identity ?? IdentityIndex()
        index.items = lists
        index.sectionIDs = content.sectionIDs
        index.members = members
        identity = index
        checkInvariants()
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
        for q in content.itemCounts.indices {
            var section = FlowSnapshot.Section(id: content.sectionIDs[q], items: content.items[q])
            for (j, size) in content.sizes[q].enumerated() where !size.isUnsized { section.sizes[content.items[q][j]] = size }
            snapshot.appendSection(section)
        }
        return snapshot
    }
}
