/// Why the engine refused a call. A refused call leaves the layout exactly as it
/// was (`flow-layout.md` 9, 10.6). Every case names where the refused value came
/// from, as a ``FieldPath`` (`sections[3].itemSizes[17].width`,
/// `sizeReports[2].indexPath`, `insertItems[0].item`), which becomes text only
/// in ``description``.
public enum FlowLayoutError: Error, Hashable, Sendable {
    /// A size, spacing, inset, viewport or rect component that is negative, NaN,
    /// infinite, or larger than ``FlowLayoutLimits/maximumLength``.
    case invalidValue(path: FieldPath, value: Double)
    /// An item or section count that is negative or larger than
    /// ``FlowLayoutLimits/maximumCount``.
    case invalidCount(path: FieldPath, count: Int)
    /// A section whose `itemSizes` array does not hold exactly `itemCount` sizes.
    case itemSizesCountMismatch(path: FieldPath, itemCount: Int, sizeCount: Int)
    /// A section index outside `0 ..< sectionCount`.
    case sectionOutOfRange(path: FieldPath, section: Int, sectionCount: Int)
    /// An item index outside `0 ..< itemCount` of its (existing) section.
    case itemOutOfRange(path: FieldPath, indexPath: FlowIndexPath, itemCount: Int)
    /// A change after which the content would extend more than
    /// ``FlowLayoutLimits/maximumLength`` points along the scroll axis, past which
    /// positions stop being exact (`flow-layout.md` 9). `extent` is the extent the
    /// content would have, or a bound on it.
    case contentTooLarge(path: FieldPath, extent: Double)
    /// A batch update the engine cannot apply (`flow-layout.md` 10.6).
    case invalidBatch(path: FieldPath, problem: BatchProblem)
    /// A snapshot the engine cannot apply (`flow-layout.md` 11.4).
    case invalidSnapshot(path: FieldPath, problem: SnapshotProblem)
    /// An archive the engine cannot restore (`flow-layout.md` 11.5); its path is `archive`.
    case invalidArchive(ArchiveProblem)
    /// A waterfall section's columns the engine cannot lay out (`flow-layout.md` 12.6).
    case invalidColumns(path: FieldPath, problem: ColumnsProblem)

    /// Where the refused value came from.
    public var path: FieldPath {
        switch self {
        case .invalidValue(let path, _), .invalidCount(let path, _), .itemSizesCountMismatch(let path, _, _),
            .sectionOutOfRange(let path, _, _), .itemOutOfRange(let path, _, _), .contentTooLarge(let path, _),
            .invalidBatch(let path, _), .invalidSnapshot(let path, _), .invalidColumns(let path, _):
            path
        case .invalidArchive: "archive"
        }
    }

    /// The same error with `prefix` put before its path and before every other
    /// path it names: `batches[2]` + `insertItems[0].item` gives
    /// `batches[2].insertItems[0].item`; the empty path, the call as a whole,
    /// becomes `prefix` itself.
    ///
    /// - Complexity: O(length of the paths).
    public func prefixingPath(with prefix: FieldPath) -> FlowLayoutError {
        mappingPaths { prefix.appending($0) }
    }

    /// The same error with `transform` applied to its path and to every other
    /// path it names (the other operation of ``BatchProblem/namedTwice(otherPath:)``):
    /// how a caller that built the refused call from its own input names that
    /// input instead.
    ///
    /// - Complexity: that of `transform`, once or twice.
    public func mappingPaths(_ transform: (FieldPath) -> FieldPath) -> FlowLayoutError {
        switch self {
        case let .invalidValue(path, value): .invalidValue(path: transform(path), value: value)
        case let .invalidCount(path, count): .invalidCount(path: transform(path), count: count)
        case let .itemSizesCountMismatch(path, itemCount, sizeCount):
            .itemSizesCountMismatch(path: transform(path), itemCount: itemCount, sizeCount: sizeCount)
        case let .sectionOutOfRange(path, section, sectionCount):
            .sectionOutOfRange(path: transform(path), section: section, sectionCount: sectionCount)
        case let .itemOutOfRange(path, indexPath, itemCount):
            .itemOutOfRange(path: transform(path), indexPath: indexPath, itemCount: itemCount)
        case let .contentTooLarge(path, extent): .contentTooLarge(path: transform(path), extent: extent)
        case let .invalidBatch(path, .namedTwice(otherPath)):
            .invalidBatch(path: transform(path), problem: .namedTwice(otherPath: transform(otherPath)))
        case let .invalidBatch(path, problem): .invalidBatch(path: transform(path), problem: problem)
        case let .invalidSnapshot(path, problem): .invalidSnapshot(path: transform(path), problem: problem)
        case let .invalidColumns(path, problem): .invalidColumns(path: transform(path), problem: problem)
        case .invalidArchive: self
        }
    }
}

/// What is wrong with a batch update (`flow-layout.md` 10.6).
public enum BatchProblem: Hashable, Sendable {
    /// An insertion or a move's destination names a section past the end of the
    /// sections as they are after the batch.
    case sectionPastEnd(section: Int, sectionCountAfter: Int)
    /// An insertion or a move's destination names an item past the end of its
    /// section as it is after the batch.
    case itemPastEnd(FlowIndexPath, itemCountAfter: Int)
    /// The position was already named on the same side of the batch (before or
    /// after) by the operation at `otherPath`.
    case namedTwice(otherPath: FieldPath)
    /// An item operation inside a section that the same batch deletes, inserts or
    /// reloads (`change` says which).
    case sectionChanged(section: Int, change: String)
    /// A negative index.
    case negativeIndex(Int)
}

/// What is wrong with a snapshot (`flow-layout.md` 11.4).
public enum SnapshotProblem: Hashable, Sendable {
    /// An item identifier that the snapshot holds twice.
    case duplicateItem(FlowIdentifier)
    /// A section identifier that the snapshot holds twice.
    case duplicateSection(FlowIdentifier)
    /// A size or a reload for an identifier that is not an item of the snapshot.
    case notInSnapshot(FlowIdentifier)
}

/// What is wrong with a waterfall section's columns (`flow-layout.md` 12.6).
public enum ColumnsProblem: Hashable, Sendable {
    /// A `columnCount` that is not an integer from 1 to 64.
    case columnCount(Int)
    /// A `minimumColumnWidth` that is not finite and above 0.
    case minimumColumnWidth(Double)
    /// `itemColumns` that do not hold one column per item.
    case itemColumnsCount(columns: Int, itemCount: Int)
    /// An entry of `itemColumns` outside `0 ..< columnCount`.
    case itemColumn(Int, columnCount: Int)
    /// `itemColumns` given to a section that is not a waterfall section.
    case notWaterfall

    /// Equal problems name the same value; a NaN width equals a NaN width.
    public static func == (lhs: ColumnsProblem, rhs: ColumnsProblem) -> Bool {
        switch (lhs, rhs) {
        case let (.columnCount(x), .columnCount(y)): x == y
        case let (.minimumColumnWidth(x), .minimumColumnWidth(y)): x == y || (x.isNaN && y.isNaN)
        case let (.itemColumnsCount(a, b), .itemColumnsCount(c, d)): a == c && b == d
        case let (.itemColumn(a, b), .itemColumn(c, d)): a == c && b == d
        case (.notWaterfall, .notWaterfall): true
        default: false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: every NaN hashes alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .columnCount(count):
            hasher.combine(0)
            hasher.combine(count)
        case let .minimumColumnWidth(width):
            hasher.combine(1)
            hasher.combine(width.isNaN ? Double.nan.bitPattern : width.bitPattern)
        case let .itemColumnsCount(columns, itemCount):
            hasher.combine(2)
            hasher.combine(columns)
            hasher.combine(itemCount)
        case let .itemColumn(column, columnCount):
            hasher.combine(3)
            hasher.combine(column)
            hasher.combine(columnCount)
        case .notWaterfall:
            hasher.combine(4)
        }
    }
}

/// Why an archive cannot be restored (`flow-layout.md` 11.5).
public enum ArchiveProblem: Hashable, Sendable {
    /// The bytes do not begin as an archive of this engine does.
    case notAnArchive
    /// An archive of a version this engine does not read.
    case unknownVersion(Int)
    /// The archive ends before its content does.
    case truncated
    /// The archive's checksum does not match its content.
    case checksumMismatch
    /// The content contradicts itself (`what` says how).
    case malformed(String)
}

extension FlowLayoutError: CustomStringConvertible {
    /// A one-line message naming the problem and where it came from.
    public var description: String {
        path.isEmpty ? message : "\(path.description): \(message)"
    }

    /// The message without the path.
    private var message: String {
        switch self {
        case let .invalidValue(_, value):
            value.isFinite && value > FlowLayoutLimits.maximumLength
                ? "must be at most 1e15 (got \(value))"
                : "must be a finite number >= 0 (got \(value))"
        case let .invalidCount(_, count):
            "must be a count from 0 to \(FlowLayoutLimits.maximumCount) (got \(count))"
        case let .itemSizesCountMismatch(_, itemCount, sizeCount):
            "holds \(counted(sizeCount, "size")) but the section has \(counted(itemCount, "item"))"
        case let .sectionOutOfRange(_, section, sectionCount):
            "section \(section) is out of range: the layout has \(counted(sectionCount, "section"))"
        case let .itemOutOfRange(_, indexPath, itemCount):
            "item \(indexPath.item) of section \(indexPath.section) is out of range: the section has \(counted(itemCount, "item"))"
        case let .contentTooLarge(_, extent):
            extent >= 0x1p62
                ? "the content would extend more than \(0x1p62) points along the scroll axis, past the limit of 1e15"
                : "the content would extend \(extent) points along the scroll axis, more than the limit of 1e15"
        case let .invalidBatch(_, problem):
            switch problem {
            case let .sectionPastEnd(section, count):
                "\(section) is past the end of the sections (\(counted(count, "section")) after the batch)"
            case let .itemPastEnd(indexPath, count):
                "\(indexPath.item) is past the end of section \(indexPath.section) (\(counted(count, "item")) after the batch)"
            case let .namedTwice(otherPath):
                "names the same position as \(otherPath)"
            case let .sectionChanged(section, change):
                "section \(section) is \(change) by the same batch"
            case let .negativeIndex(index):
                "\(index) is not an index (indexes are 0 or more)"
            }
        case let .invalidSnapshot(_, problem):
            switch problem {
            case let .duplicateItem(identifier): "item \"\(identifier)\" appears twice"
            case let .duplicateSection(identifier): "section \"\(identifier)\" appears twice"
            case let .notInSnapshot(identifier): "\"\(identifier)\" is not an item of the snapshot"
            }
        case let .invalidColumns(_, problem):
            switch problem {
            case let .columnCount(count):
                "must be an integer from 1 to \(WaterfallColumns.maximumCount) (got \(count))"
            case let .minimumColumnWidth(width):
                "must be a finite number > 0 (got \(width))"
            case let .itemColumnsCount(columns, itemCount):
                "holds \(counted(columns, "column")) but the section has \(counted(itemCount, "item"))"
            case let .itemColumn(column, columnCount):
                "must be a column from 0 to \(columnCount - 1) (got \(column))"
            case .notWaterfall:
                "is only for waterfall sections"
            }
        case let .invalidArchive(problem):
            switch problem {
            case .notAnArchive: "not a flow layout archive"
            case let .unknownVersion(version): "archive version \(version) is not one this engine reads"
            case .truncated: "the archive is truncated"
            case .checksumMismatch: "the archive is corrupt (its checksum does not match)"
            case let .malformed(what): "the archive is corrupt (\(what))"
            }
        }
    }
}

/// The largest counts and lengths the engine accepts.
public enum FlowLayoutLimits {
    /// The largest length (size, spacing, inset or viewport component), in
    /// points, and the largest extent content may have along the scroll axis:
    /// 10¹⁵. Up to there positions are exact sums and every frame is finite.
    public static let maximumLength = 1e15

    /// The largest number of sections, and of items in one section: 2³¹ − 1.
    public static let maximumCount = Int(Int32.max)

    /// The relative margin an upper bound of an extent summed in doubles
    /// takes over its own rounding (2⁻³⁰, far above the few ulps a sum of
    /// lengths can round by): a bound times `1 + boundSlack` is never below
    /// the exact sum. The one slack of the content limit's bounds.
    static let boundSlack = 0x1p-30
}

extension FlowLayoutError {
    /// Equal errors name the same problem; a NaN value equals a NaN value, so
    /// that a refusal of NaN can be compared with an expected one.
    public static func == (lhs: FlowLayoutError, rhs: FlowLayoutError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidValue(a, x), .invalidValue(b, y)):
            a == b && (x == y || (x.isNaN && y.isNaN))
        case let (.invalidCount(a, x), .invalidCount(b, y)):
            a == b && x == y
        case let (.itemSizesCountMismatch(p, i, c), .itemSizesCountMismatch(q, j, d)):
            p == q && i == j && c == d
        case let (.sectionOutOfRange(p, s, c), .sectionOutOfRange(q, t, d)):
            p == q && s == t && c == d
        case let (.itemOutOfRange(p, i, c), .itemOutOfRange(q, j, d)):
            p == q && i == j && c == d
        case let (.contentTooLarge(p, x), .contentTooLarge(q, y)):
            p == q && (x == y || (x.isNaN && y.isNaN))
        case let (.invalidBatch(p, x), .invalidBatch(q, y)):
            p == q && x == y
        case let (.invalidSnapshot(p, x), .invalidSnapshot(q, y)):
            p == q && x == y
        case let (.invalidArchive(x), .invalidArchive(y)):
            x == y
        case let (.invalidColumns(p, x), .invalidColumns(q, y)):
            p == q && x == y
        default:
            false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: every NaN hashes alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        switch self {
        case let .invalidValue(_, value), let .contentTooLarge(_, value):
            hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case let .invalidCount(_, count):
            hasher.combine(count)
        case let .itemSizesCountMismatch(_, itemCount, sizeCount):
            hasher.combine(itemCount)
            hasher.combine(sizeCount)
        case let .sectionOutOfRange(_, section, sectionCount):
            hasher.combine(section)
            hasher.combine(sectionCount)
        case let .itemOutOfRange(_, indexPath, itemCount):
            hasher.combine(indexPath)
            hasher.combine(itemCount)
        case let .invalidBatch(_, problem):
            hasher.combine(problem)
        case let .invalidSnapshot(_, problem):
            hasher.combine(problem)
        case let .invalidArchive(problem):
            hasher.combine(problem)
        case let .invalidColumns(_, problem):
            hasher.combine(problem)
        }
    }
}

/// `count` things called `noun`, the noun plural unless there is one ("1
/// section", "5 items"): how every refusal of the core and the description
/// counts.
package func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
