/// Save and restore (`flow-layout.md` 11.5): what the engine knows, written to
/// a compact, versioned, checksummed archive, and restored against the content
/// of the next launch.
///
/// The archive, little-endian:
/// - header: the magic `FLAR`, the version (2 bytes, 3), 2 reserved bytes (0),
///   the body's length (8 bytes);
/// - body: the configuration's fingerprint (8 bytes); the anchor (a kind byte:
///   0 none, 1 an item, 2 a header, 3 a footer; then the item's ordinal among
///   all items, or the section's ordinal, as a variable-length integer, the
///   edge it keeps (a byte, from version 2) and that edge's distance from V's
///   same edge, 8 bytes); the section count; per section its identifier and
///   item count; per item its identifier (a zigzag difference from the one
///   before) and its size (a flags byte; a width equal to the previous size's
///   is not written again; each length in sixths of a point when exact, else
///   8 bytes); from version 3, the waterfall sections' columns (12.4): their
///   count, then per section its ordinal, column count (a byte), column width
///   (8 bytes) and each item's column (a byte);
/// - the checksum of header and body (8 bytes, ``ArchiveChecksum``).
///
/// About 4 bytes per item when identifiers are consecutive and heights are
/// pixel-aligned, and 1 more in a waterfall section. Versions 1 and 2 are
/// read too: they keep no columns.
extension FlowLayoutState {
    /// The archive's first four bytes.
    static let archiveMagic: [UInt8] = [0x46, 0x4C, 0x41, 0x52]
    /// The version of the archive format this engine writes; it reads this
    /// one and every earlier one.
    ///
    /// - Complexity: O(1).
    public static let archiveVersion = 3

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
    /// its own, the anchor and the fingerprint. The anchor is the one an
    /// update would keep (`AnchorCapture.visible(in:rect:before:startsHold:)`):
    /// the first element of V that does not pin (the last, with
    /// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``, by its trailing
    /// edge), as an identity and the distance of its kept edge from V's.
    /// `nil` when the content has no identifiers.
    ///
    /// - Complexity: O(n) for n items, plus the query of V.
    public mutating func archive() -> [UInt8]? { ArchiveEncoder.archive(of: &self) }

    /// Restores `archive` against the content of this launch (11.5): a layout
    /// of `snapshot`, in which the archive's sizes re-attach by identity when
    /// its fingerprint matches `configuration` and `viewportSize` (otherwise
    /// none do), sizes the snapshot gives win, and V is placed so that the
    /// saved anchor sits at its saved distance from V's leading edge (if it is
    /// gone, the first surviving item after it in the saved order, else the
    /// last one before it), clamped as in 8.4. In a waterfall section
    /// (12.4), when the fingerprint matches, every saved item takes back its
    /// column if its section has the column count and width it was saved
    /// under, and the other items are assigned in index order as if inserted.
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
            try ArchiveRestore.build(savedContent: content, withSizes: matched, into: &state)
        } catch {
            throw .invalidArchive(.malformed("its content is refused: \(error)"))
        }
        let finished = try ArchiveRestore.finish(&state, content, snapshot: snapshot, fingerprintMatched: matched)
        return FlowLayoutRestoration(
            state: state, fingerprintMatched: matched, reattachedSizeCount: finished.reattached, anchor: finished.anchor,
            anchorDistance: finished.distance, anchorEdge: finished.edge)
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
    /// The element placed at its saved distance from V's edge (the
    /// saved anchor, or its nearest survivor), by its position now; `nil` when
    /// the archive had no anchor or nothing of it survives.
    public var anchor: ElementIdentifier?
    /// The distance of the anchor's kept edge (``anchorEdge``) into V from
    /// V's same edge, as saved; after clamping (8.4) the anchor may sit
    /// elsewhere.
    public var anchorDistance: Double?
    /// The edge of the anchor ``anchorDistance`` measures: `.top`, its
    /// leading edge from V's leading edge; `.bottom`, its trailing edge from
    /// V's trailing edge (the anchor of
    /// ``FlowLayoutOptions/ScrollAnchor/lastVisibleItem``); `.center` after
    /// a scroll to an item's centre. `nil` without an anchor.
    public var anchorEdge: ScrollPosition?
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
