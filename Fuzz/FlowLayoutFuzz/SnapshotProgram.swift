import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport

/// A binary fuzz program of snapshots and archives (`flow-layout.md` 11): a
/// layout of identified items, then operations applied to the engine and to a
/// plain model of the content (each item's size read off dictionaries by the
/// rules of 11.2), whose eager layout must agree with the engine's frames.
///
/// The format, read by ``ByteReader`` after the marker byte 255:
/// 1. A flags byte (bit 0 horizontal, bit 1 self-sizing), the item size, line
///    and item spacing, the viewport; up to 4 sections of up to 40 items.
/// 2. Operations until the input ends, an opcode byte mod 6 each: 0–1 a
///    snapshot of 1 to 4 edits (insert, delete, move within or across sections,
///    a section inserted, deleted or moved, a reload, a size, an item that left
///    coming back, a duplicate that must be refused); 2 a size report; 3 an
///    archive restored against the same content (a relaunch: the program goes
///    on from the restored state); 4 the archive truncated, 5 the archive with
///    one bit flipped: both must be refused, nothing restored.
struct SnapshotProgram {
    var reader: ByteReader
    var state: FlowLayoutState
    let configuration: FlowLayoutConfiguration
    let viewport: Size
    var content: [(id: FlowIdentifier, items: [FlowIdentifier])] = []
    /// Every item's own size, and those of items that left, by identity (11.2).
    var sizes = SnapshotSizeModel()
    var own: [FlowIdentifier: Size] {
        get { sizes.own }
        set { sizes.own = newValue }
    }
    var gone: [FlowIdentifier] {
        get { sizes.gone }
        set { sizes.gone = newValue }
    }
    var next: UInt64 = 1
    var step = 0
    /// What the last operations did, for a failure's message.
    var log: [String] = []

    init(_ bytes: [UInt8]) throws(FuzzFailure) {
        var reader = ByteReader(Array(bytes.dropFirst()))
        let flags = reader.byte()
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = flags & 1 == 0 ? .vertical : .horizontal
        configuration.itemSize = reader.size()
        if flags & 2 != 0 { configuration.estimatedItemSize = Size(width: 40, height: 30) }
        configuration.minimumLineSpacing = reader.length() / 4
        configuration.minimumInteritemSpacing = reader.length() / 4
        viewport = Size(width: reader.length() * 4, height: reader.length() * 4 + 1)
        self.configuration = configuration
        var counter: UInt64 = 1
        var content: [(id: FlowIdentifier, items: [FlowIdentifier])] = []
        for _ in 0..<(reader.byte() % 5) {
            counter += 1
            let id = FlowIdentifier(counter)
            let first = counter + 1
            let items = (0..<UInt64(reader.byte() % 41)).map { FlowIdentifier(first + $0) }
            counter += UInt64(items.count) + 1
            content.append((id, items))
        }
        self.content = content
        next = counter
        self.reader = reader
        do {
            state = try FlowLayoutState(configuration: configuration, snapshot: Self.snapshot(content), viewportSize: viewport)
        } catch {
            throw FuzzFailure("a valid snapshot was refused: \(error)")
        }
    }

    static func snapshot(_ content: [(id: FlowIdentifier, items: [FlowIdentifier])]) -> FlowSnapshot {
        FlowSnapshot(sections: content.map { FlowSnapshot.Section(id: $0.id, items: $0.items) })
    }

    mutating func makeID() -> FlowIdentifier {
        next += 1
        return FlowIdentifier(next)
    }

    mutating func run() throws(FuzzFailure) {
        while !reader.isAtEnd {
            step += 1
            switch reader.byte() % 6 {
            case 0, 1: try snapshot()
            case 2: try report()
            case 3: try relaunch()
            case 4: try refuseArchive(truncated: true)
            default: try refuseArchive(truncated: false)
            }
            try compare()
        }
    }

    /// Throws unless every frame and identifier equals the model's.
    mutating func compare() throws(FuzzFailure) {
        var model = ReferenceModel(
            configuration: configuration, sections: content.map { FlowSection(itemCount: $0.items.count) },
            viewportSize: viewport)
        for (s, section) in content.enumerated() { model.sections[s].sizes = section.items.map { own[$0] } }
        model.visibleRect = state.visibleRect
        let reference = model.presentation()
        let elements: [LayoutAttributes]
        do {
            elements = try state.layoutAttributesForElements(in: .infinite)
        } catch {
            throw FuzzFailure("step \(step): the query of everything was refused: \(error)")
        }
        if let first = LayoutComparison.differences(engine: elements, reference: reference.attributes, tolerance: 0).first {
            throw FuzzFailure("step \(step): \(first); before: " + log.suffix(3).joined(separator: " | "))
        }
        let identifiers = state.snapshot()?.sections.map { $0.items } ?? []
        if identifiers != content.map(\.items) { throw FuzzFailure("step \(step): identifiers differ from the model's") }
    }

    mutating func report() throws(FuzzFailure) {
        let paths = content.enumerated().flatMap { s, section in section.items.indices.map { FlowIndexPath(item: $0, section: s) } }
        guard !paths.isEmpty else { return }
        let path = paths[reader.below(paths.count)]
        let size = Size(width: reader.length() + 0.5, height: reader.length() + 0.5)
        do {
            _ = try state.reportSize(size, forItemAt: path)
        } catch {
            throw FuzzFailure("step \(step): a valid report was refused: \(error)")
        }
        if size != configuration.estimatedItemSize || !configuration.isSelfSizing {
            own[content[path.section].items[path.item]] = size
        } else {
            own[content[path.section].items[path.item]] = nil
        }
        log.append("report \(path) \(size)")
    }

    mutating func snapshot() throws(FuzzFailure) {
        var edited = content
        var given: [FlowIdentifier: Size] = [:]
        var reloads: [FlowIdentifier] = []
        var duplicate = false
        for _ in 0..<(1 + reader.byte() % 4) {
            let all = edited.flatMap(\.items)
            let kind = reader.byte() % 9
            switch kind {
            case 0 where !edited.isEmpty:
                let s = reader.below(edited.count)
                let id = !gone.isEmpty && reader.flag(0) ? gone.removeLast() : makeID()
                edited[s].items.insert(id, at: reader.below(edited[s].items.count + 1))
            case 1 where !all.isEmpty:
                let s = edited.indices.filter { !edited[$0].items.isEmpty }[reader.below(edited.filter { !$0.items.isEmpty }.count)]
                edited[s].items.remove(at: reader.below(edited[s].items.count))
            case 2 where !all.isEmpty:
                let s = edited.indices.filter { !edited[$0].items.isEmpty }[reader.below(edited.filter { !$0.items.isEmpty }.count)]
                let item = edited[s].items.remove(at: reader.below(edited[s].items.count))
                let t = reader.below(edited.count)
                edited[t].items.insert(item, at: reader.below(edited[t].items.count + 1))
            case 3 where edited.count < 6:
                let id = makeID()
                edited.insert((id, (0..<(reader.byte() % 8)).map { _ in makeID() }), at: reader.below(edited.count + 1))
            case 4 where !edited.isEmpty:
                edited.remove(at: reader.below(edited.count))
            case 5 where edited.count > 1:
                let section = edited.remove(at: reader.below(edited.count))
                edited.insert(section, at: reader.below(edited.count + 1))
            case 6 where !all.isEmpty:
                reloads.append(all[reader.below(all.count)])
            case 7 where !all.isEmpty:
                given[all[reader.below(all.count)]] = Size(width: reader.length(), height: reader.length())
            case 8 where !all.isEmpty && !edited.isEmpty:
                let s = reader.below(edited.count)
                edited[s].items.insert(all[reader.below(all.count)], at: reader.below(edited[s].items.count + 1))
                duplicate = true
            default:
                break
            }
        }
        let allNext = edited.flatMap(\.items)
        let nextSet = Set(allNext)
        given = given.filter { nextSet.contains($0.key) }
        reloads = Array(Set(reloads.filter { nextSet.contains($0) })).sorted()
        var snapshot = Self.snapshot(edited)
        if !snapshot.sections.isEmpty {
            snapshot.sections[0].sizes = given
            snapshot.sections[snapshot.sections.count - 1].reloaded = reloads
        }
        let before = state.snapshot()
        log.append("snapshot \(edited.map { "\($0.id):\($0.items)" }) sizes \(given) reload \(reloads)")
        do {
            _ = try state.apply(snapshot)
            if duplicate && nextSet.count != allNext.count { throw FuzzFailure("step \(step): a duplicate was applied") }
        } catch let error as FuzzFailure {
            throw error
        } catch {
            guard nextSet.count != allNext.count, case .invalidSnapshot(_, .duplicateItem) = error as? FlowLayoutError else {
                throw FuzzFailure("step \(step): a valid snapshot was refused: \(error)")
            }
            if state.snapshot() != before { throw FuzzFailure("step \(step): a refused snapshot changed the state") }
            return
        }
        sizes.apply(
            old: Set(content.flatMap(\.items)), next: allNext, given: given, reloads: Set(reloads),
            isSelfSizing: configuration.isSelfSizing)
        // A given size equal to the default is no size of its own.
        for (item, size) in own where configuration.isSelfSizing && size == configuration.estimatedItemSize { own[item] = nil }
        content = edited
    }

    /// The archive, restored against the same content: every size comes back.
    mutating func relaunch() throws(FuzzFailure) {
        guard let archive = state.archive() else { throw FuzzFailure("step \(step): no archive of an identified layout") }
        do {
            let restoration = try FlowLayoutState.restoring(
                archive, snapshot: Self.snapshot(content), configuration: configuration, viewportSize: viewport)
            guard restoration.fingerprintMatched else { throw FuzzFailure("step \(step): the same configuration's fingerprint differs") }
            state = restoration.state
            sizes.departed = [:]
            log.append("relaunch")
        } catch let error as FuzzFailure {
            throw error
        } catch {
            throw FuzzFailure("step \(step): a valid archive was refused: \(error)")
        }
    }

    /// The archive damaged: refused, and nothing restored.
    mutating func refuseArchive(truncated: Bool) throws(FuzzFailure) {
        guard var archive = state.archive() else { throw FuzzFailure("step \(step): no archive of an identified layout") }
        if truncated {
            archive.removeLast(1 + reader.below(archive.count))
        } else {
            let bit = reader.below(archive.count * 8)
            archive[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
        }
        do {
            _ = try FlowLayoutState.restoring(
                archive, snapshot: Self.snapshot(content), configuration: configuration, viewportSize: viewport)
            throw FuzzFailure("step \(step): a damaged archive (\(truncated ? "truncated" : "a bit flipped")) was restored")
        } catch let error as FuzzFailure {
            throw error
        } catch {
            guard case .invalidArchive = error as? FlowLayoutError else {
                throw FuzzFailure("step \(step): a damaged archive was refused as \(error)")
            }
        }
    }
}
