import FlowLayout
import FlowLayoutReference

/// Valid random batches of item operations over many sections, made in time
/// proportional to the batch, not to the collection: the benchmark's batches of
/// 100 mixed operations over 1,000,000 items. (`RandomBatch` draws from a
/// `ReferenceModel` and suits small collections; this needs only the counts.)
///
/// A batch mixes deletions, reloads (with or without a new size), moves (within
/// and across sections) and insertions (with or without a size), in sections
/// drawn at random. It is valid by construction (`flow-layout.md` 10.6): the
/// positions before the batch (deleted, reloaded, moved from) are distinct and
/// exist, the positions after it (inserted, moved to) are distinct and within
/// each section's count after the batch, and no section is itself changed.
struct MixedBatches {
    /// Each section's item count now: after every batch made so far.
    private(set) var itemCounts: [Int]

    /// The next batch of `operations` operations (each an insertion, deletion,
    /// move or reload, equally likely); sizes given with insertions and reloads
    /// come from `size`. The counts move on to after the batch.
    mutating func next(operations: Int, random: inout SeededRandom, size: (inout SeededRandom) -> Size) -> BatchUpdate {
        var batch = BatchUpdate()
        var named = Set<FlowIndexPath>()
        var removed: [Int: Int] = [:]
        // Arrivals, in order: an insertion (nil) or the source of a move.
        var arrivals: [(section: Int, from: FlowIndexPath?)] = []

        // 1. Positions before the batch: deletions, reloads, sources of moves.
        func existingItem() -> FlowIndexPath? {
            for _ in 0..<100 {
                let section = random.int(0..<itemCounts.count)
                guard itemCounts[section] > (removed[section] ?? 0) else { continue }
                let path = FlowIndexPath(item: random.int(0..<itemCounts[section]), section: section)
                if named.insert(path).inserted { return path }
            }
            return nil
        }
        for _ in 0..<operations {
            switch random.int(0..<4) {
            case 0:
                guard let path = existingItem() else { continue }
                batch.deleteItems(at: [path])
                removed[path.section, default: 0] += 1
            case 1:
                guard let path = existingItem() else { continue }
                batch.reloadItem(at: path, size: random.chance(0.5) ? size(&random) : nil)
            case 2:
                guard let path = existingItem() else { continue }
                removed[path.section, default: 0] += 1
                arrivals.append((random.int(0..<itemCounts.count), path))
            default:
                arrivals.append((random.int(0..<itemCounts.count), nil))
            }
        }

        // 2. Positions after it: distinct, within each section's count after.
        var arriving: [Int: Int] = [:]
        for arrival in arrivals { arriving[arrival.section, default: 0] += 1 }
        var taken: [Int: Set<Int>] = [:]
        for arrival in arrivals {
            let section = arrival.section
            let countAfter = itemCounts[section] - (removed[section] ?? 0) + arriving[section]!
            var item = random.int(0..<countAfter)
            while !taken[section, default: []].insert(item).inserted { item = random.int(0..<countAfter) }
            let path = FlowIndexPath(item: item, section: section)
            if let from = arrival.from {
                batch.moveItem(at: from, to: path)
            } else {
                batch.insertItem(at: path, size: random.chance(0.5) ? size(&random) : nil)
            }
        }

        // 3. The counts after the batch.
        for (section, count) in removed { itemCounts[section] -= count }
        for (section, count) in arriving { itemCounts[section] += count }
        return batch
    }
}
