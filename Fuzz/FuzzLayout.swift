// libFuzzer target: layout descriptions through the parser, the engine and, for
// small layouts, the eager reference. Built by Scripts/fuzz.sh, which compiles
// this file with the core, description and reference sources into one module
// (so the imports below are the module's own and are ignored there).
import FlowLayoutCore
import FlowLayoutDescription
import FlowLayoutReference

/// Runs one input. An input starting with `{` is a JSON layout description:
/// decode; on success lay out, query, report sizes derived from the input, and
/// check the engine against the reference where it is small enough. Any other
/// input is a compact binary program driving the engine directly (see
/// ``fuzzEngine(_:)``). Any disagreement traps, which libFuzzer reports with the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if bytes.first != UInt8(ascii: "{") {
        fuzzEngine(bytes)
        return 0
    }
    guard let description = try? LayoutDescription.decode(bytes) else { return 0 }
    guard var state = try? FlowLayoutState(
        configuration: description.configuration, sections: description.sections,
        viewportSize: description.viewportSize)
    else { return 0 }
    var seed = UInt64(count)
    for byte in bytes.prefix(64) { seed = seed &* 31 &+ UInt64(byte) }
    func next() -> UInt64 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return seed >> 11
    }
    let totalItems = state.totalItemCount
    let small = totalItems <= 3_000 && state.numberOfSections <= 200
    if small {
        // Every frame of the first layout agrees with the reference.
        _ = state.exactContentSize()
        check(&state, description: description, reported: [:])
    }
    // A few viewport queries anywhere, and item queries.
    let extent = max(state.contentSize.width, state.contentSize.height)
    for _ in 0..<4 {
        let offset = Double(next() % 10_000) / 10_000 * max(extent, 1)
        let rect = Rect(x: 0, y: offset, width: description.viewportSize.width, height: description.viewportSize.height)
        let swapped = description.configuration.scrollDirection == .horizontal
            ? Rect(x: offset, y: 0, width: description.viewportSize.width, height: description.viewportSize.height) : rect
        guard let elements = try? state.layoutAttributesForElements(in: swapped), elements.count <= 1_000_000 else {
            fatalError("rect query failed")
        }
        for element in elements where !element.frame.touches(swapped) { fatalError("element outside the rect: \(element)") }
    }
    guard state.numberOfSections > 0 else { return 0 }
    // Size reports derived from the input.
    var reported: [FlowIndexPath: Size] = [:]
    var reports: [SizeReport] = []
    for _ in 0..<Int(next() % 24) {
        let section = Int(next() % UInt64(state.numberOfSections))
        guard let items = try? state.numberOfItems(inSection: section), items > 0 else { continue }
        let indexPath = FlowIndexPath(item: Int(next() % UInt64(items)), section: section)
        let size = Size(width: Double(next() % 2_000) / 4, height: Double(next() % 2_000) / 4)
        reports.append(SizeReport(indexPath: indexPath, size: size))
        reported[indexPath] = size
    }
    try? state.setVisibleRect(Rect(x: 0, y: 0, width: description.viewportSize.width, height: description.viewportSize.height))
    guard (try? state.reportSizes(reports)) != nil else { fatalError("valid reports refused") }
    if small { check(&state, description: description, reported: reported) }
    return 0
}

/// Traps unless every frame and the content size agree with the reference.
func check(
    _ state: inout FlowLayoutState, description: LayoutDescription, reported: [FlowIndexPath: Size],
    estimate: Size? = nil
) {
    let reference = ReferenceLayout(
        configuration: description.configuration, sections: description.sections,
        viewportSize: description.viewportSize, reportedSizes: reported, estimatedItemSize: estimate)
    let size = state.exactContentSize()
    let tolerance = 1e-9 * max(1, size.width, size.height)
    func close(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= tolerance }
    guard close(size.width, reference.contentSize.width), close(size.height, reference.contentSize.height) else {
        fatalError("content size \(size) ≠ reference \(reference.contentSize)")
    }
    guard let all = try? state.layoutAttributesForElements(in: .infinite),
        all.count == reference.attributes.count
    else { fatalError("element count differs from the reference") }
    for (a, b) in zip(all, reference.attributes) {
        guard a.identifier == b.identifier, close(a.frame.minX, b.frame.minX), close(a.frame.minY, b.frame.minY),
            close(a.frame.width, b.frame.width), close(a.frame.height, b.frame.height)
        else { fatalError("engine \(a) ≠ reference \(b)") }
    }
}

/// Reads a binary program: small dyadic lengths and counts, one byte at a time
/// (zeros once the input runs out).
struct ByteReader {
    let bytes: [UInt8]
    var position = 0
    mutating func byte() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }
    /// A length from 0 to 127.75 in quarters, or a large one for byte 255.
    mutating func length() -> Double {
        let value = byte()
        return value == 255 ? 900 : Double(value) / 2
    }
    var isAtEnd: Bool { position >= bytes.count }
}

/// A binary program: a configuration, up to 6 sections of up to 120 items, then
/// operations (size reports, viewport changes, rect queries), checked against
/// the reference after every eighth operation and at the end.
func fuzzEngine(_ bytes: [UInt8]) {
    var reader = ByteReader(bytes: bytes)
    let flags = reader.byte()
    var configuration = FlowLayoutConfiguration()
    configuration.scrollDirection = flags & 1 == 0 ? .vertical : .horizontal
    configuration.itemSize = Size(width: reader.length(), height: reader.length())
    if flags & 2 != 0 { configuration.estimatedItemSize = Size(width: reader.length(), height: reader.length()) }
    configuration.minimumLineSpacing = reader.length() / 4
    configuration.minimumInteritemSpacing = reader.length() / 4
    if flags & 4 != 0 {
        configuration.sectionInset = EdgeInsets(
            top: reader.length() / 4, left: reader.length() / 4, bottom: reader.length() / 4, right: reader.length() / 4)
    }
    if flags & 8 != 0 { configuration.headerReferenceSize = Size(width: reader.length(), height: reader.length()) }
    if flags & 16 != 0 { configuration.footerReferenceSize = Size(width: reader.length(), height: reader.length()) }
    if flags & 128 != 0 {
        let alignments = reader.byte()
        configuration.lineAlignment = LineAlignment.allCases[alignments % 4]
        configuration.lastLineAlignment = LastLineAlignment.allCases[(alignments / 4) % 5]
        configuration.crossAlignment = CrossAlignment.allCases[(alignments / 20) % 3]
    }
    var viewport = Size(width: reader.length() * 4, height: reader.length() * 4 + 1)
    var sections: [FlowSection] = []
    for _ in 0..<(reader.byte() % 7) {
        let kind = reader.byte()
        let count = (reader.byte() * 256 + reader.byte()) % 121
        var section =
            kind & 1 == 0
            ? FlowSection(itemCount: count)
            : FlowSection(itemSizes: (0..<count).map { _ in Size(width: reader.length(), height: reader.length()) })
        if kind & 2 != 0 { section.minimumInteritemSpacing = reader.length() / 4 }
        if kind & 4 != 0 { section.sectionInset = EdgeInsets(all: reader.length() / 4) }
        sections.append(section)
    }
    var options = FlowLayoutOptions()
    if flags & 32 != 0 { options.scrollAnchor = .lastVisibleItem }
    if flags & 64 != 0 { options.estimateRefinement = .meanOfReportedSizes }
    guard var state = try? FlowLayoutState(
        configuration: configuration, sections: sections, viewportSize: viewport, options: options)
    else { fatalError("a valid program was refused") }
    var reported: [FlowIndexPath: Size] = [:]
    let exact = options.estimateRefinement == .off
    var operations = 0
    while !reader.isAtEnd {
        operations += 1
        switch reader.byte() % 5 {
        case 0, 1:
            guard !sections.isEmpty else { continue }
            let section = reader.byte() % sections.count
            guard sections[section].itemCount > 0 else { continue }
            let indexPath = FlowIndexPath(item: reader.byte() % sections[section].itemCount, section: section)
            let size = Size(width: reader.length(), height: reader.length())
            guard (try? state.reportSizes([SizeReport(indexPath: indexPath, size: size)])) != nil else {
                fatalError("a valid report was refused")
            }
            reported[indexPath] = size
        case 2:
            viewport = Size(width: reader.length() * 4, height: reader.length() * 4 + 1)
            guard (try? state.setViewportSize(viewport)) != nil else { fatalError("a valid viewport was refused") }
        case 3:
            let rect = Rect(x: Double(reader.byte() * 8) - 100, y: Double(reader.byte() * 40) - 100, width: reader.length() * 8, height: reader.length() * 8)
            try? state.setVisibleRect(rect)
            _ = try? state.layoutAttributesForElements(in: rect)
        default:
            break
        }
        if operations % 8 == 0 || reader.isAtEnd {
            let description = LayoutDescription(configuration: configuration, viewportSize: viewport, sections: sections)
            checkProgram(&state, description: description, reported: reported, exact: exact)
        }
    }
}

/// Like ``check(_:description:reported:)``, exactly when every value is dyadic.
func checkProgram(_ state: inout FlowLayoutState, description: LayoutDescription, reported: [FlowIndexPath: Size], exact: Bool) {
    if exact {
        let reference = ReferenceLayout(
            configuration: description.configuration, sections: description.sections,
            viewportSize: description.viewportSize, reportedSizes: reported)
        guard state.exactContentSize() == reference.contentSize else {
            fatalError("content size \(state.contentSize) ≠ reference \(reference.contentSize)")
        }
        guard let all = try? state.layoutAttributesForElements(in: .infinite),
            all == reference.attributes
        else { fatalError("frames differ from the reference") }
    } else {
        check(&state, description: description, reported: reported, estimate: state.currentEstimatedItemSize)
    }
}
