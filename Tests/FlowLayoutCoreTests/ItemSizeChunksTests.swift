import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// Per-item sizes given in chunks (`FlowSection(itemSizeChunks:)`): the same
/// section as the sizes in one array. Over seeded random layouts, each section's
/// sizes cut into random chunks (empty ones, single sizes, cuts inside lines and
/// runs) must give exactly the frames of the one-array section, against the
/// eager reference too, whether the section is first laid out by a query or
/// first edited while pending; a bad size is refused naming its chunk and its
/// place in the chunk, with nothing changed.
@Suite("Item sizes given in chunks")
struct ItemSizeChunksTests {
    /// Random layouts per run; `FLOWLAYOUT_LONG_RUNS` multiplies it.
    static let cases = 300 * LongRuns.factor

    /// `sizes` cut into chunks of random lengths: now and then an empty chunk,
    /// often a short one, so that lines and runs (32 sizes) straddle chunks.
    static func chunks(of sizes: [Size], random: inout SeededRandom) -> [[Size]] {
        var chunks: [[Size]] = []
        var start = 0
        while start < sizes.count {
            if random.chance(0.05) { chunks.append([]) }
            let length = random.pick([1, 2, 3, 7, 31, 32, 33, 64, 100, 1_000])
            let end = min(sizes.count, start + random.int(1...length))
            chunks.append(Array(sizes[start..<end]))
            start = end
        }
        if random.chance(0.1) { chunks.append([]) }
        return chunks
    }

    /// The sections with every section's per-item sizes given in random chunks.
    static func chunked(_ sections: [FlowSection], random: inout SeededRandom) -> [FlowSection] {
        sections.map { section in
            guard let sizes = section.itemSizes else { return section }
            var copy = section
            copy.itemSizeChunks = chunks(of: sizes, random: &random)
            return copy
        }
    }

    /// A random layout, with now and then a long section of items too thin to
    /// fill a line (lines of hundreds of items, which cross many chunks).
    static func randomCase(seed: UInt64, random: inout SeededRandom) -> RandomLayoutCase {
        var input = RandomLayoutCase(seed: seed, maximumSections: 8, maximumItems: 600)
        if random.chance(0.2) {
            // Quarters, as a dyadic case's other values are.
            let thin = (0..<random.int(100...2_000)).map { _ in
                Size(width: random.chance(0.9) ? 0 : Double(random.int(0...160)) / 4, height: Double(random.int(0...160)) / 4)
            }
            input.sections.insert(FlowSection(itemSizes: thin), at: random.int(0...input.sections.count))
        }
        return input
    }

    /// Every frame (all laid out) and the content size of `state`.
    static func everything(_ state: FlowLayoutState) throws -> (elements: [LayoutAttributes], contentSize: Size) {
        var copy = state
        let contentSize = copy.exactContentSize()
        return (try copy.layoutAttributesForElements(in: .infinite), contentSize)
    }

    @Test("seeded: the frames of the sizes in one array, exactly, and the reference's")
    func sameFramesAsOneArray() throws {
        let failures = try Seeds.failures(Self.cases, from: 2_400_000) { seed in
            var random = SeededRandom(seed: seed ^ 0xC4_C4)
            let input = Self.randomCase(seed: seed, random: &random)
            let chunked = Self.chunked(input.sections, random: &random)
            var issues: [String] = []
            if chunked != input.sections { issues.append("a chunked section is not equal to its one array") }
            // Against the reference: queries on a fresh state first (laying
            // sections out from their chunks as they reach them), then everything.
            let reference = ReferenceLayout(
                configuration: input.configuration, options: input.options, sections: input.sections,
                viewportSize: input.viewportSize)
            let tolerance = input.isDyadic ? 0 : LayoutComparison.tolerance(contentSize: reference.contentSize)
            issues += try DifferentialTests.compare(
                configuration: input.configuration, options: input.options, sections: chunked, viewport: input.viewportSize,
                tolerance: tolerance, seed: seed, reference: reference)
            // Against one array: the same frames bit for bit, the same storage.
            var flat = try FlowLayoutState(
                configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
                options: input.options)
            var inChunks = try FlowLayoutState(
                configuration: input.configuration, sections: chunked, viewportSize: input.viewportSize, options: input.options)
            let expected = try Self.everything(flat)
            let actual = try Self.everything(inChunks)
            if actual.contentSize != expected.contentSize {
                issues.append("content size \(actual.contentSize) ≠ \(expected.contentSize) from one array")
            }
            issues += LayoutComparison.differences(engine: actual.elements, reference: expected.elements, tolerance: 0)
            _ = flat.exactContentSize()
            _ = inChunks.exactContentSize()
            // The footprint counts arrays' capacities, and on Linux an array's
            // capacity is what malloc handed back: a reused heap block can be
            // 16 bytes longer than asked for, depending on what ran before. So
            // the two may differ by that much for a few arrays, never by a
            // chunk kept alive (its sizes alone are 16 bytes an item, plus headers).
            if abs(inChunks.memoryFootprint - flat.memoryFootprint) > Self.mallocSlack {
                issues.append("laid out, the state holds \(inChunks.memoryFootprint) bytes, not \(flat.memoryFootprint)")
            }
            return issues
        }
        #expect(failures == [])
    }

    /// How far two footprints of equal storage may differ: 16 bytes of
    /// malloc rounding for each of up to 8 arrays.
    static let mallocSlack = 16 * 8

    @Test("seeded: edited before its first layout, a section in chunks is the one-array section edited")
    func editedWhilePending() throws {
        let failures = try Seeds.failures(Self.cases / 3, from: 2_500_000) { seed in
            var random = SeededRandom(seed: seed ^ 0xED_17)
            let input = Self.randomCase(seed: seed, random: &random)
            let chunked = Self.chunked(input.sections, random: &random)
            var flat = try FlowLayoutState(
                configuration: input.configuration, sections: input.sections, viewportSize: input.viewportSize,
                options: input.options)
            var inChunks = try FlowLayoutState(
                configuration: input.configuration, sections: chunked, viewportSize: input.viewportSize, options: input.options)
            // Sections with sizes of their own are still pending: a size report and
            // a batch reach them before any query does.
            let sized = input.sections.indices.filter { input.sections[$0].itemSizes.map { !$0.isEmpty } ?? false }
            guard let q = sized.isEmpty ? nil : random.pick(sized) else { return [] }
            let count = input.sections[q].itemCount
            let report = SizeReport(
                indexPath: FlowIndexPath(item: random.int(0..<count), section: q),
                size: Size(width: random.double(0...200), height: random.double(0...80)))
            var batch = BatchUpdate()
            batch.deleteItems(at: [FlowIndexPath(item: random.int(0..<count), section: q)])
            batch.insertItem(at: FlowIndexPath(item: random.int(0..<count), section: q), size: Size(width: 30, height: 20))
            _ = try flat.reportSizes([report])
            _ = try flat.performBatchUpdates(batch)
            _ = try inChunks.reportSizes([report])
            _ = try inChunks.performBatchUpdates(batch)
            let expected = try Self.everything(flat)
            let actual = try Self.everything(inChunks)
            var issues = LayoutComparison.differences(engine: actual.elements, reference: expected.elements, tolerance: 0)
            if actual.contentSize != expected.contentSize { issues.append("content size \(actual.contentSize) ≠ \(expected.contentSize)") }
            return issues
        }
        #expect(failures == [])
    }

    /// Three chunks of 40 sizes, a bad value at chunk 2, item 17.
    static func badChunks(_ value: Double, component: String) -> [[Size]] {
        var chunks = (0..<3).map { k in (0..<40).map { Size(width: Double(10 + k + $0), height: 20) } }
        if component == "width" { chunks[2][17].width = value } else { chunks[2][17].height = value }
        return chunks
    }

    @Test("a bad size is refused naming its chunk and its place in it; nothing changes")
    func refusals() throws {
        for value in BadInputTests.badNumbers {
            for component in ["width", "height"] {
                let section = FlowSection(itemSizeChunks: Self.badChunks(value, component: component))
                // Creation: the section's chunk and item.
                #expect(
                    throws: FlowLayoutError.invalidValue(
                        path: FieldPath("sections", 1).appending("itemSizeChunks").appending(index: 2).appending(index: 17)
                            .appending(component), value: value)
                ) {
                    try FlowLayoutState(sections: [FlowSection(itemCount: 3), section], viewportSize: Size(width: 320, height: 480))
                }
                // A batch: the insertion's path, then the chunk and item; the state unchanged.
                try BadInputTests.expectRefusal(
                    .invalidValue(
                        path: FieldPath("insertSections", 0).appending("section").appending("itemSizeChunks").appending(index: 2)
                            .appending(index: 17).appending(component), value: value)
                ) {
                    var batch = BatchUpdate()
                    batch.insertSection(section, at: 1)
                    _ = try $0.performBatchUpdates(batch)
                }
            }
        }
        // A count that is not the sizes': the chunks are named as a whole.
        var section = FlowSection(itemSizeChunks: Self.badChunks(1, component: "width"))
        section.itemCount = 119
        #expect(
            throws: FlowLayoutError.itemSizesCountMismatch(
                path: FieldPath("sections", 0).appending("itemSizeChunks"), itemCount: 119, sizeCount: 120)
        ) {
            try FlowLayoutState(sections: [section], viewportSize: Size(width: 320, height: 480))
        }
        // Sizes in one array keep their one-array path.
        var flat = FlowSection(itemSizes: Self.badChunks(.nan, component: "width").flatMap { $0 })
        #expect(
            throws: FlowLayoutError.invalidValue(
                path: FieldPath("sections", 0).appending("itemSizes").appending(index: 97).appending("width"), value: .nan)
        ) {
            try FlowLayoutState(sections: [flat], viewportSize: Size(width: 320, height: 480))
        }
        flat.itemCount = 3
        #expect(
            throws: FlowLayoutError.itemSizesCountMismatch(
                path: FieldPath("sections", 0).appending("itemSizes"), itemCount: 3, sizeCount: 120)
        ) {
            try FlowLayoutState(sections: [flat], viewportSize: Size(width: 320, height: 480))
        }
    }

    @Test("a section in chunks is the section of its sizes joined: equality, hashing, reading, transposing")
    func sectionValue() {
        let sizes = (0..<10).map { Size(width: Double($0), height: Double(2 * $0)) }
        let flat = FlowSection(itemSizes: sizes, minimumLineSpacing: 4)
        let chunked = FlowSection(itemSizeChunks: [Array(sizes[0..<3]), [], Array(sizes[3...])], minimumLineSpacing: 4)
        #expect(chunked.itemCount == 10)
        #expect(chunked == flat)
        #expect(chunked.hashValue == flat.hashValue)
        #expect(chunked.itemSizes == sizes)
        #expect(chunked.itemSizeChunks?.map(\.count) == [3, 0, 7])
        #expect(flat.itemSizeChunks == [sizes])
        #expect(FlowSection(itemSizeChunks: []) == FlowSection(itemSizes: []))
        #expect(FlowSection(itemSizeChunks: []) != FlowSection(itemCount: 0))
        var other = chunked
        other.itemSizeChunks?[2][6].width = 100
        #expect(other != flat)
        #expect(chunked.transposed.itemSizeChunks?.map(\.count) == [3, 0, 7])
        #expect(chunked.transposed == flat.transposed)
        // Setting one array replaces the chunks.
        other.itemSizes = sizes
        #expect(other.itemSizeChunks == [sizes])
        #expect(other == flat)
    }
}
