/// Writing an archive (`flow-layout.md` 11.5): the format is described on
/// ``FlowLayoutState/archive()``'s file (`FlowLayoutState+Archive.swift`).
enum ArchiveEncoder {
    /// The archive of `state`, or `nil` when its content has no identifiers.
    ///
    /// - Complexity: O(n) for n items, plus the query of V.
    static func archive(of state: inout FlowLayoutState) -> [UInt8]? {
        guard let identity = state.identity else { return nil }
        let anchor = anchor(of: &state)
        let sections = state.sections
        let fingerprint = state.sizeFingerprint
        let columns = savedColumns(of: sections)
        let bound =
            64 + sections.count * 20 + state.totalItemCount * ArchiveWriter.maximumItemBytes
            + columns.reduce(0) { $0 + 24 + $1.columns.items.count }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, written in
            var writer = ArchiveWriter(buffer.baseAddress!)
            writer.bytes(FlowLayoutState.archiveMagic)
            writer.fixed(UInt64(FlowLayoutState.archiveVersion), count: 2)
            writer.fixed(0, count: 2)
            writer.fixed(0)  // the body's length, set below
            writer.fixed(fingerprint)
            if let anchor {
                writer.byte(anchor.kind)
                writer.varint(UInt64(anchor.ordinal))
                writer.byte(anchor.kept.archiveCode)
                writer.double(anchor.distance)
            } else {
                writer.byte(0)
            }
            writeSections(sections, identity: identity, to: &writer)
            writer.varint(UInt64(columns.count))
            for (q, saved) in columns {
                writer.varint(UInt64(q))
                writer.byte(UInt8(saved.count))
                writer.double(saved.width)
                for column in saved.items { writer.byte(column) }
            }
            writer.patch(UInt64(writer.count - 16), at: 8)
            let checksum = ArchiveChecksum.of(UnsafeBufferPointer(start: buffer.baseAddress, count: writer.count))
            writer.fixed(checksum)
            written = writer.count
        }
    }

    /// The anchor to save: the one an update would keep, by its ordinal
    /// among the saved items (or sections, for a header or footer), with the
    /// distance of its kept edge into V from V's same edge.
    private static func anchor(of state: inout FlowLayoutState) -> ArchiveContent.Anchor? {
        let rect = state.visibleRectOrViewport
        guard case .one(let found)? = AnchorCapture.visible(in: &state, rect: rect, startsHold: false)?.candidates else {
            return nil
        }
        let element = found.element
        let kind: UInt8 = element.category == .cell ? 1 : element.category == .header ? 2 : 3
        let ordinal =
            element.category == .cell
            ? state.sections.records.prefix(before: element.indexPath.section).items + element.indexPath.item
            : element.indexPath.section
        let distance = ScrollPlacement(&state).inset(of: found.kept, of: found.frame)
        return ArchiveContent.Anchor(kind: kind, ordinal: ordinal, kept: found.kept, distance: distance)
    }

    /// The columns of every waterfall section (12.4), by section ordinal.
    private static func savedColumns(of sections: SectionList) -> [(section: Int, columns: SavedColumns)] {
        guard sections.table.hasWaterfall else { return [] }
        var saved: [(section: Int, columns: SavedColumns)] = []
        for q in 0..<sections.count {
            guard case .waterfall(let section) = sections.section(q) else { continue }
            let columns = section.columns
            saved.append((q, SavedColumns(count: columns.count, width: columns.width, items: section.itemColumns())))
        }
        return saved
    }

    /// Writes the sections (their count, then each one's identifier and item
    /// count), then their items.
    private static func writeSections(_ sections: SectionList, identity: IdentityIndex, to writer: inout ArchiveWriter) {
        writer.varint(UInt64(sections.count))
        for q in 0..<sections.count {
            writer.varint(identity.sectionIDs[q].rawValue)
            writer.varint(UInt64(sections[q].itemCount))
        }
        var previous: UInt64 = 0
        var previousWidth = Double.nan
        var own: [Size] = []
        for q in 0..<sections.count {
            let record = sections[q]
            if record.sizedCount > 0 {
                record.ownSizes(into: &own)
                own.withUnsafeBufferPointer {
                    writeItems(identity.items[q], sizes: $0, to: &writer, previous: &previous, previousWidth: &previousWidth)
                }
            } else {
                writeItems(identity.items[q], sizes: nil, to: &writer, previous: &previous, previousWidth: &previousWidth)
            }
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

extension KeptEdge {
    /// The edge's byte in an archive (version 2).
    var archiveCode: UInt8 {
        switch self {
        case .leading: 0
        case .center: 1
        case .trailing: 2
        }
    }

    /// The edge of an archive's byte, or `nil` for an unknown one.
    init?(archiveCode: UInt8) {
        switch archiveCode {
        case 0: self = .leading
        case 1: self = .center
        case 2: self = .trailing
        default: return nil
        }
    }
}
