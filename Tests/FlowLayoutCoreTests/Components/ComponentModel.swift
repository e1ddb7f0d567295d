import FlowLayoutReference
import FlowLayoutTestSupport

@testable import FlowLayoutCore

/// What the per-component tests share: item sequences with whole-number sizes
/// (so that the lines they form do not depend on which break rule
/// `PlainLineModel` states), a source that hands them over in random pieces,
/// and the plain model's lines of a sequence under a geometry.
enum ComponentModel {
    /// A geometry: viewport `viewport` wide (vertical scrolling), no insets,
    /// spacings as given, default items `defaultSize`.
    static func geometry(
        viewport: Double = 390, spacing: Double = 5, lineSpacing: Double = 7, defaultSize: Size = Size(width: 80, height: 40),
        direction: ScrollDirection = .vertical, uniform: Bool = false
    ) -> LineGeometry {
        let viewportSize = direction == .vertical ? Size(width: viewport, height: 800) : Size(width: 800, height: viewport)
        let metrics = SectionMetrics(
            configuration: FlowLayoutConfiguration(
                scrollDirection: direction, minimumLineSpacing: lineSpacing, minimumInteritemSpacing: spacing),
            overrides: SectionOverrides(), viewportSize: viewportSize)
        return LineGeometry(metrics: metrics, defaultSize: defaultSize, direction: direction, uniform: uniform)
    }

    /// A random geometry with whole-number lengths.
    static func randomGeometry(_ random: inout SeededRandom) -> LineGeometry {
        geometry(
            viewport: Double(random.int(60...500)), spacing: Double(random.int(0...12)),
            lineSpacing: Double(random.int(0...12)),
            defaultSize: Size(width: Double(random.int(1...150)), height: Double(random.int(1...60))),
            direction: random.chance(0.5) ? .vertical : .horizontal)
    }

    /// `count` random items, `nil` for a default one; whole-number sizes, some
    /// wider than any line.
    static func randomItems(_ random: inout SeededRandom, count: Int, defaults: Double = 0.4) -> [Size?] {
        var items: [Size?] = []
        while items.count < count {
            if random.chance(defaults) {
                items += [Size?](repeating: nil, count: min(random.int(1...40), count - items.count))
            } else {
                items.append(Size(width: Double(random.int(1...(random.chance(0.05) ? 700 : 200))), height: Double(random.int(1...120))))
            }
        }
        return items
    }

    /// Items as segments, consecutive default items merged.
    static func segments(_ items: [Size?]) -> [ItemSegment] {
        var segments: [ItemSegment] = []
        for item in items {
            if let item {
                segments.append(.sized(item))
            } else if case .defaults(let count) = segments.last {
                segments[segments.count - 1] = .defaults(count + 1)
            } else {
                segments.append(.defaults(1))
            }
        }
        return segments
    }

    /// Segments as items, one by one.
    static func items(_ segments: [ItemSegment]) -> [Size?] {
        segments.flatMap { segment -> [Size?] in
            switch segment {
            case .defaults(let count): [Size?](repeating: nil, count: count)
            case .sized(let size): [size]
            }
        }
    }

    /// The items of a run, read back.
    static func items(of run: Run) -> [Size?] {
        var reader = RunReader(run)
        var items: [Size?] = []
        while let segment = reader.next() { items += Self.items([segment]) }
        return items
    }

    /// The items of every run, in order.
    static func items(of runs: BTree<Run>) -> [Size?] {
        var items: [Size?] = []
        runs.forEach(from: 0) { run, _ in
            items += Self.items(of: run)
            return true
        }
        return items
    }

    /// One line of the plain model: its items and thickness.
    struct Line: Equatable {
        var items: Range<Int>
        var thickness: Double
    }

    /// The plain model's lines of `items` under `geometry`, item by item.
    static func lines(_ items: [Size?], geometry: LineGeometry) -> [Line] {
        let direction = geometry.direction
        let widths = items.map { $0.map(direction.main) ?? geometry.defaultMain }
        return PlainLineModel.lines(widths: widths, spacing: geometry.spacing, available: geometry.available).map { range in
            Line(items: range, thickness: range.map { items[$0].map(direction.cross) ?? geometry.defaultCross }.max()!)
        }
    }

    /// The plain model's lines of each run broken on its own (each run starts a
    /// line), numbered in the section.
    static func lines(ofRuns runs: BTree<Run>, geometry: LineGeometry) -> [[Line]] {
        var result: [[Line]] = []
        var start = 0
        runs.forEach(from: 0) { run, _ in
            let items = Self.items(of: run)
            result.append(
                lines(items, geometry: geometry).map {
                    Line(items: ($0.items.lowerBound + start)..<($0.items.upperBound + start), thickness: $0.thickness)
                })
            start += run.itemCount
            return true
        }
        return result
    }

    /// The advance of `lines`: each line's thickness plus the line spacing, exactly.
    static func advance(_ lines: some Sequence<Line>, geometry: LineGeometry) -> Offset {
        lines.reduce(Offset.zero) { $0 + Offset($1.thickness) + geometry.lineSpacingOffset }
    }

    /// Runs of `items` packed without lines (a pending section), then laid out.
    static func laidOut(_ items: [Size?], geometry: LineGeometry) -> BTree<Run> {
        var builder = RunBuilder(aligned: false, lineSpacing: geometry.lineSpacing)
        for item in items { builder.append(item.map { .sized($0) } ?? .defaults(1)) }
        var runs = BTree(builder.finish())
        _ = Rebreak(geometry: geometry, isAligned: true).layOut(&runs)
        return runs
    }
}

/// An item source over segments that hands them over in random pieces: default
/// stretches split in two at random and reads of random length, so that a
/// reader must merge what arrives split.
struct PiecewiseSource: ItemSource {
    private var pieces: [ItemSegment]
    private var read = 0
    private var random: SeededRandom

    init(_ segments: [ItemSegment], random: SeededRandom) {
        var random = random
        var pieces: [ItemSegment] = []
        for segment in segments {
            if case .defaults(let count) = segment, count > 1, random.chance(0.3) {
                let first = random.int(1..<count)
                pieces += [.defaults(first), .defaults(count - first)]
            } else {
                pieces.append(segment)
            }
        }
        self.pieces = pieces
        self.random = random
    }

    mutating func next() -> ItemSegment? {
        guard read < pieces.count else { return nil }
        read += 1
        return pieces[read - 1]
    }

    mutating func fill(_ buffer: inout [ItemSegment]) -> Bool {
        guard let first = next() else { return false }
        buffer.append(first)
        for _ in 0..<random.int(0...5) {
            guard let segment = next() else { break }
            buffer.append(segment)
        }
        return true
    }
}
