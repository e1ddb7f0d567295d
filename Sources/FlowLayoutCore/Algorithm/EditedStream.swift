/// A change to a section's items, in the numbering of the items before it: the
/// items in `range` are replaced by `replacement`. Inserting is replacing an
/// empty range, deleting is replacing with nothing, a size report or a reload is
/// replacing one item by one.
struct ItemEdit: Hashable, Sendable {
    /// The items replaced, numbered before the change.
    var range: Range<Int>
    /// The items put in their place.
    var replacement: [ItemSegment]

    /// The number of items the edit adds (negative when it removes more than it adds).
    var delta: Int { replacement.reduce(0) { $0 + $1.count } - range.count }
}

/// Where an unchanged stretch of old runs starts, met while reading: a place where
/// re-breaking can stop, if a line starts there.
struct RunBoundary: Hashable, Sendable {
    /// The item the old run starts with, numbered after the edits read so far.
    var newItem: Int
    /// The item the old run starts with, numbered before the edits.
    var oldItem: Int
    /// The old run's position among the runs.
    var run: Int
    /// How many edits lie wholly before it.
    var editsBefore: Int
    /// The sums of the explicit sizes those edits replace.
    var removedBefore = SizeSums.zero
}

/// The items of a section as they are after a list of edits: read from the old
/// runs, from one run on, with every edit applied on the way.
///
/// Each time it starts reading an old run at a point past every edit begun so far,
/// it records a ``RunBoundary``: from there on the old runs hold exactly the
/// items they held, so if a new line starts there too, everything after it is
/// already laid out and re-breaking can stop.
///
/// A class: the window that re-breaks reads its boundaries while the line
/// breaker reads its items, and neither copies it. Its state skips dynamic
/// exclusivity checks, as ``BTree``'s nodes do: each access is a short one.
final class EditedStream: ItemSource {
    /// The runs before the edits (let go by ``releaseRuns()``).
    private(set) var runs: BTree<Run>
    /// The edits, sorted, not overlapping, in the runs' numbering.
    let edits: [ItemEdit]
    /// Boundaries met so far, in order.
    @exclusivity(unchecked) private(set) var boundaries: [RunBoundary] = []
    /// The sums of the explicit sizes the edits begun so far replace (read
    /// as they are skipped, so that re-breaking need not sum the runs it
    /// replaces: only the edits change the sizes a section holds).
    @exclusivity(unchecked) private(set) var removed = SizeSums.zero

    @exclusivity(unchecked) private var nextRun: Int
    @exclusivity(unchecked) private var reader: RunReader?
    @exclusivity(unchecked) private var oldSegment: ItemSegment?
    @exclusivity(unchecked) private var oldItem: Int
    @exclusivity(unchecked) private var newItem: Int
    @exclusivity(unchecked) private var nextEdit = 0
    @exclusivity(unchecked) private var replacement: ArraySlice<ItemSegment> = []

    /// Lets go of the old runs once nothing more is read, so that the tree
    /// they share can be edited in place.
    func releaseRuns() { runs = BTree() }

    /// A stream of the items from item `offset` of run `run` (the item numbered
    /// `firstItem`) to the end, with `edits` applied. The first edit must not
    /// start before `firstItem`. `first`, when given, is `runs[run]` as the
    /// caller found it (not looked up again).
    init(runs: BTree<Run>, from run: Int, offset: Int = 0, firstItem: Int, edits: [ItemEdit], first: Run? = nil) {
        precondition(edits.allSatisfy { $0.range.lowerBound >= firstItem }, "an edit before the stream's start")
        self.runs = runs
        self.edits = edits
        nextRun = run
        oldItem = firstItem
        newItem = firstItem
        if run < runs.count {
            reader = RunReader(first ?? runs[run], from: offset)
            nextRun = run + 1
        }
    }

    /// The number of edits read wholly.
    var editsRead: Int { replacement.isEmpty ? nextEdit : nextEdit - 1 }

    /// Whether every edit has been read wholly.
    var hasReadEveryEdit: Bool { nextEdit == edits.count && replacement.isEmpty }

    /// The number of items the edits add (negative when they remove more).
    private(set) lazy var totalDelta: Int = edits.reduce(0) { $0 + $1.delta }

    /// One past the last item any edit replaces, numbered before the edits.
    var editsEnd: Int { edits.last?.range.upperBound ?? 0 }

    /// Appends the next few segments: re-breaking usually needs only a few lines
    /// past an edit, so the stream reads ahead little.
    func fill(_ buffer: inout [ItemSegment]) -> Bool {
        guard let first = next() else { return false }
        buffer.append(first)
        for _ in 0..<3 {
            guard let segment = next() else { break }
            buffer.append(segment)
        }
        return true
    }

    func next() -> ItemSegment? {
        while true {
            if let segment = replacement.popFirst() {
                newItem += segment.count
                return segment
            }
            if nextEdit < edits.count && edits[nextEdit].range.lowerBound == oldItem {
                skipOld(edits[nextEdit].range.count)
                replacement = edits[nextEdit].replacement[...]
                nextEdit += 1
                continue
            }
            let limit = nextEdit < edits.count ? edits[nextEdit].range.lowerBound - oldItem : Int.max
            return readOld(atMost: limit)
        }
    }

    /// Reads up to `limit` old items, as one segment. Skipped items (`isSkipping`)
    /// are not counted in the new numbering, and no boundary is recorded inside them.
    private func readOld(atMost limit: Int, isSkipping: Bool = false) -> ItemSegment? {
        if oldSegment == nil {
            while true {
                if let segment = reader?.next() {
                    oldSegment = segment
                    break
                }
                guard nextRun < runs.count else { return nil }
                if !isSkipping {
                    boundaries.append(
                        RunBoundary(
                            newItem: newItem, oldItem: oldItem, run: nextRun, editsBefore: nextEdit, removedBefore: removed))
                }
                reader = RunReader(runs[nextRun])
                nextRun += 1
            }
        }
        let segment: ItemSegment
        switch oldSegment! {
        case .sized(let size):
            oldSegment = nil
            segment = .sized(size)
            if isSkipping { removed.add(size) }
        case .defaults(let count):
            let taken = Swift.min(count, limit)
            oldSegment = taken < count ? .defaults(count - taken) : nil
            segment = .defaults(taken)
        }
        oldItem += segment.count
        if !isSkipping { newItem += segment.count }
        return segment
    }

    /// Skips `count` old items (the ones an edit replaces).
    private func skipOld(_ count: Int) {
        var left = count
        while left > 0 {
            guard let segment = readOld(atMost: left, isSkipping: true) else {
                preconditionFailure("an edit past the end of the items")
            }
            left -= segment.count
        }
    }
}
