/// Writing an archive (`flow-layout.md` 11.5): the format is described on
/// ``FlowLayoutState/archive()``'s file (`FlowLayoutState+Archive.swift`).
enum ArchiveEncoder {
    /// The archive of `state`, or `nil` when its content has no identifiers.
    ///
    /// - Complexity: O(n) for n items, plus the query of V.
    static func archive(of state: inout FlowLayoutState) -> [UInt8]? {
        guard let identity = state.identity else { return nil }
        // The anchor: the one an update would keep, measured from V's same edge.
        let rect = state.visibleRectOrViewport
        var anchor: (element: ElementIdentifier, kept: KeptEdge, inset: Double)?
        if case .one(let found)? = AnchorCapture.visible(in: &state, rect: rect, startsHold: false)?.candidates {
            anchor = (found.element, found.kept, ScrollPlacement(&state).inset(of: found.kept, of: found.frame))
        }
        let sections = state.sections
        let anchorOrdinal = anchor.map {
            $0.element.category == .cell
                ? sections.records.prefix(before: $0.element.indexPath.section).items + $0.element.indexPath.item
                : $0.element.indexPath.section
        }
        let fingerprint = state.sizeFingerprint
        let bound = 64 + sections.count * 20 + state.totalItemCount * ArchiveWriter.maximumItemBytes
        var own: [Size] = []
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, written in
            var writer = ArchiveWriter(buffer.baseAddress!)
            writer.bytes(FlowLayoutState.archiveMagic)
            writer.fixed(UInt64(FlowLayoutState.archiveVersion), count: 2)
            writer.fixed(0, count: 2)
            writer.fixed(0)  // the body's length, set below
            writer.fixed(fingerprint)
            if let anchor, let anchorOrdinal {
                switch anchor.element.category {
                case .cell: writer.byte(1)
                case .header: writer.byte(2)
                case .footer: writer.byte(3)
                }
                writer.varint(UInt64(anchorOrdinal))
                writer.byte(anchor.kept.archiveCode)
                writer.double(anchor.inset)
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
                        writeItems(identity.items[q], sizes: $0, to: &writer, previous: &previous, previousWidth: &previousWidth)
                    }
                } else {
                    writeItems(identity.items[q], sizes: nil, to: &writer, previous: &previous, previousWidth: &previousWidth)
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
