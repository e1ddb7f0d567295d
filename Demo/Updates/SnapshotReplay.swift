import FlowLayout
import FlowLayoutDescription

/// Applies the snapshots of an update document (`layout-description.md`,
/// Snapshots) to the state of a description whose sections all give `id` and
/// `itemIds`: the document's string identifiers are numbered as they are first
/// met, each snapshot is applied, and each reports the batch it was applied
/// as. The engine checks each snapshot (`flow-layout.md` 11.4); a refusal is
/// named by renaming the engine's path and identifiers to the document's.
enum SnapshotReplay {
    /// The description's identifiers.
    struct Identifiers {
        var sections: [String?]?
        var items: [[String]?]?
    }

    /// The engine's numbers for the document's strings.
    struct Names {
        private var numbers: [String: FlowIdentifier] = [:]
        /// The names, by number less one.
        private var names: [String] = []

        mutating func number(_ name: String) -> FlowIdentifier {
            if let number = numbers[name] { return number }
            names.append(name)
            let number = FlowIdentifier(UInt64(names.count))
            numbers[name] = number
            return number
        }

        /// The name numbered `identifier`.
        func name(_ identifier: FlowIdentifier) -> String {
            let index = Int(identifier.rawValue) - 1
            return names.indices.contains(index) ? names[index] : "\(identifier)"
        }
    }

    /// Applies `snapshots` in order (V first set to `visibleRect`, else the
    /// viewport at the origin), returning each one's report.
    ///
    /// - Throws: ``InputError``: a description without identifiers everywhere
    ///   (`sections[2].id: is required with snapshots`), or the first refused
    ///   snapshot, by its path (`snapshots[1].sections[0].items[4]: "m3" appears
    ///   twice`); the snapshots before it stay applied to `state`.
    static func apply(
        _ snapshots: [DescribedSnapshot], visibleRect: Rect?, identifiers: Identifiers, to state: inout FlowLayoutState
    ) throws -> [LayoutOutput.BatchReport] {
        var sectionNames = Names()
        var itemNames = Names()
        var sectionIDs: [FlowIdentifier] = []
        var itemIDs: [[FlowIdentifier]] = []
        for q in 0..<state.numberOfSections {
            guard let id = identifiers.sections?[q] else { throw InputError("sections[\(q)].id: is required with snapshots") }
            guard let items = identifiers.items?[q] else { throw InputError("sections[\(q)].itemIds: is required with snapshots") }
            sectionIDs.append(sectionNames.number(id))
            itemIDs.append(items.map { itemNames.number($0) })
        }
        do {
            try state.setIdentifiers(sections: sectionIDs, items: itemIDs)
            try state.setVisibleRect(visibleRect ?? Rect(origin: .zero, size: state.viewportSize))
        } catch {
            throw InputError(Self.message(error, sections: identifiers.sections ?? [], items: identifiers.items ?? []))
        }
        var reports: [LayoutOutput.BatchReport] = []
        for (index, described) in snapshots.enumerated() {
            let snapshot = engineSnapshot(described, sectionNames: &sectionNames, itemNames: &itemNames)
            let before = state.exactContentSize()
            let applied: SnapshotUpdateResult
            do {
                applied = try state.apply(snapshot)
            } catch {
                throw InputError(refusal(error, ofSnapshot: index, sectionNames: sectionNames, itemNames: itemNames))
            }
            var report = LayoutOutput.BatchReport(
                result: applied.result, contentSizeBefore: before, contentSizeAfter: state.exactContentSize())
            report.batch = applied.batch
            reports.append(report)
        }
        return reports
    }

    /// The engine's snapshot of `described`, its names numbered.
    static func engineSnapshot(
        _ described: DescribedSnapshot, sectionNames: inout Names, itemNames: inout Names
    ) -> FlowSnapshot {
        var snapshot = FlowSnapshot()
        for section in described.sections {
            var engine = FlowSnapshot.Section(id: sectionNames.number(section.id), items: section.items.map { itemNames.number($0) })
            for entry in section.sizes { engine.sizes[itemNames.number(entry.id)] = entry.size }
            engine.reloaded = section.reload.map { itemNames.number($0) }
            engine.overrides = section.overrides
            snapshot.appendSection(engine)
        }
        return snapshot
    }

    /// The engine's refusal of snapshot `index`, in the document's terms:
    /// its path under `snapshots[index]` with the document's field names
    /// (`reload`, `sizes.m9`) and its identifiers by their names
    /// (`snapshots[1].sections[0].items[4]: "m3" appears twice`).
    static func refusal(_ error: FlowLayoutError, ofSnapshot index: Int, sectionNames: Names, itemNames: Names) -> String {
        let prefix = FieldPath("snapshots", index)
        guard case let .invalidSnapshot(path, problem) = error else { return "\(error.prefixingPath(with: prefix))" }
        let renamed = FieldPath(
            path.components.map { component in
                switch component {
                case .field("reloaded"): .field("reload")
                case .identifier(let identifier): .field(itemNames.name(identifier))
                default: component
                }
            })
        let message =
            switch problem {
            case .duplicateSection(let identifier): "\"\(sectionNames.name(identifier))\" appears twice"
            case .duplicateItem(let identifier): "\"\(itemNames.name(identifier))\" appears twice"
            case .notInSnapshot(let identifier): "\"\(itemNames.name(identifier))\" is not an item of the snapshot"
            }
        return "\(prefix.appending(renamed)): \(message)"
    }

    /// An error of the description's identifiers, with its names.
    static func message(_ error: FlowLayoutError, sections: [String?], items: [[String]?]) -> String {
        switch error {
        case let .invalidSnapshot(path, .duplicateSection):
            let q = path.components.compactMap { if case .index(let i) = $0 { i } else { nil } }.first ?? 0
            return "sections[\(q)].id: \"\(sections[q] ?? "")\" appears twice"
        case let .invalidSnapshot(path, .duplicateItem):
            let numbers = path.components.compactMap { if case .index(let i) = $0 { i } else { nil } }
            if numbers.count == 2, let name = items[numbers[0]]?[numbers[1]] {
                return "sections[\(numbers[0])].itemIds[\(numbers[1])]: \"\(name)\" appears twice"
            }
            return "\(error)"
        default:
            return "\(error)"
        }
    }
}
