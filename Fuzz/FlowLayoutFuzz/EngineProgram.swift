import FlowLayoutCore
import FlowLayoutReference
import FlowLayoutTestSupport

/// A binary fuzz program: a layout, then operations applied both to the engine
/// (``FlowLayoutState``) and to a ``ReferenceModel`` of the same data, whose
/// eager layout must agree with the engine's answers.
///
/// The format, read by ``ByteReader`` (zeros past the end):
/// 1. A flags byte: bit 0 horizontal; 1 self-sizing (an estimate follows);
///    2 a section inset follows; 3 a header size; 4 a footer size;
///    5 anchor the last visible item; 6 refine the estimate to the mean of
///    reports; 7 an alignments byte follows.
/// 2. The configuration: item size, [estimate], line and item spacing,
///    [inset], [header], [footer], [alignments], then the viewport.
/// 3. Up to 6 sections: a kind byte (bit 0 per-item sizes, 1 an item spacing
///    override, 2 an inset override, 3 a kind override in a waterfall
///    program), a two-byte count (up to 120), the sizes.
///
/// A *waterfall program* (`flow-layout.md` 12) is one whose input starts with
/// byte 254, the program following it: after the configuration a byte gives
/// the layout-wide columns (bit 0 set: ``ByteReader/columns()`` reads them),
/// a section's kind override is a byte (bit 0 flow, else its columns from
/// the next byte), pinning's byte may change the layout's columns, and every
/// size is made exact in a column (``ByteReader/waterfallDirection``), so
/// frames still compare exactly; the estimate is never refined.
/// 4. Operations until the input ends, each an opcode byte and its operands.
///    Opcode bytes 240 to 255 are presentation operations (`flow-layout.md` 8,
///    ``presentationOperation(_:)``): options (direction, pixel snapping,
///    snapping mode), pinning, a scroll to an item (which the engine then
///    holds), resting-offset queries, and a visible rect with its pinned
///    frames. Any other opcode byte, mod 10: 0–1 one size report; 2 a call
///    with several reports, sometimes one invalid; 3 a viewport change; 4 a
///    visible rect and a rect query; 5 a frame (visible rect and reports); 6–7
///    a batch update (``BatchBuilder``); 8 item, header and footer queries; 9 a
///    call with bad input, which must be refused.
///
/// After every fourth operation, every batch, and at the end, every frame, the
/// content size and every section's count must equal the reference's, as
/// presented for the engine's visible rect (``ReferencePresentation``). Every
/// length is a small multiple of 1/8 (``ByteReader/length()``), so sums are
/// exact in `Double`: frames compare exactly, unless the estimate is refined to
/// a mean of reports, which is not dyadic (then within 1e-9 of the content
/// extent), or frames mirror along the scroll axis in a width or visible rect
/// off the grid of eighths (snapping at 3 pixels a point), where two equally
/// valid roundings may fall either side of a snapping tie (then within a pixel).
struct EngineProgram {
    var reader: ByteReader
    var state: FlowLayoutState
    var model: ReferenceModel
    /// Whether frames must agree exactly, the presentation aside (see ``isExact``).
    let exact: Bool
    /// The item a scroll to an item holds (`flow-layout.md` 8.4) while the
    /// visible rect stays where it put it, and the edge it holds.
    var hold: (indexPath: FlowIndexPath, edge: ReferencePresentation.Edge)?
    /// Whether the held item may keep either edge (see ``jump()``).
    var holdEdgeIsAmbiguous = false
    /// The number of operations run so far.
    var step = 0
    /// What the program did, for the tests to see that programs reach everything.
    package var statistics = ProgramStatistics()
    /// The reference layout of the model and estimate it was made for.
    private var cachedReference: (version: Int, estimate: Size, visible: Rect?, layout: ReferencePresentation)?
    /// Bumped by every change of the model.
    private var modelVersion = 0

    /// Reads the layout (steps 1 to 3) and creates the engine and the model.
    ///
    /// - Throws: ``FuzzFailure`` if the engine refuses the layout: every value
    ///   the format can express is valid.
    init(_ bytes: [UInt8], waterfall: Bool = false) throws(FuzzFailure) {
        var reader = ByteReader(bytes)
        // 1, 2. Flags and configuration.
        var flags = reader.byte()
        if waterfall { flags &= ~64 }
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = flags & 1 == 0 ? .vertical : .horizontal
        if waterfall { reader.waterfallDirection = configuration.scrollDirection }
        configuration.itemSize = reader.size()
        if flags & 2 != 0 { configuration.estimatedItemSize = reader.size() }
        configuration.minimumLineSpacing = reader.length() / 4
        configuration.minimumInteritemSpacing = reader.length() / 4
        if flags & 4 != 0 {
            configuration.sectionInset = EdgeInsets(
                top: reader.length() / 4, left: reader.length() / 4, bottom: reader.length() / 4, right: reader.length() / 4)
        }
        if flags & 8 != 0 { configuration.headerReferenceSize = reader.size() }
        if flags & 16 != 0 { configuration.footerReferenceSize = reader.size() }
        var options = FlowLayoutOptions()
        if flags & 32 != 0 { options.scrollAnchor = .lastVisibleItem }
        if flags & 64 != 0 { options.estimateRefinement = .meanOfReportedSizes }
        if flags & 128 != 0 {
            let alignments = reader.byte()
            options.lineAlignment = LineAlignment.allCases[alignments % 4]
            options.lastLineAlignment = LastLineAlignment.allCases[alignments / 4 % 5]
            options.crossAlignment = CrossAlignment.allCases[alignments / 20 % 3]
        }
        let viewport = Self.viewport(from: &reader)
        if waterfall && reader.flag(0) { configuration.waterfall = reader.columns() }
        // 3. Sections.
        var sections: [FlowSection] = []
        for _ in 0..<(reader.byte() % 7) {
            let kind = reader.byte()
            let count = (reader.byte() * 256 + reader.byte()) % 121
            var section =
                kind & 1 == 0
                ? FlowSection(itemCount: count)
                : FlowSection(itemSizes: (0..<count).map { _ in reader.size() })
            if kind & 2 != 0 { section.minimumInteritemSpacing = reader.length() / 4 }
            if kind & 4 != 0 { section.sectionInset = EdgeInsets(all: reader.length() / 4) }
            if waterfall && kind & 8 != 0 { section.kind = reader.flag(0) ? .flow : .waterfall(reader.columns()) }
            sections.append(section)
        }
        do {
            state = try FlowLayoutState(configuration: configuration, sections: sections, viewportSize: viewport, options: options)
        } catch {
            throw FuzzFailure("a valid layout was refused: \(error)")
        }
        model = ReferenceModel(configuration: configuration, options: options, sections: sections, viewportSize: viewport)
        exact = options.estimateRefinement == .off
        self.reader = reader
    }

    /// A viewport from the bytes: a width of 0 to 510 points in steps of 2 (or
    /// 3,600), a height 1 point more than another such.
    static func viewport(from reader: inout ByteReader) -> Size {
        Size(width: reader.length() * 4, height: reader.length() * 4 + 1)
    }

    /// Runs the operations (step 4) to the end of the input.
    ///
    /// - Throws: ``FuzzFailure`` at the first disagreement.
    mutating func run() throws(FuzzFailure) {
        while !reader.isAtEnd {
            step += 1
            let compared: Bool
            let opcode = reader.byte()
            if opcode >= 240 {
                compared = try presentationOperation(opcode - 240)
                if !compared && (step % 4 == 0 || reader.isAtEnd) { try compareEverything() }
                continue
            }
            switch opcode % 10 {
            case 0, 1: compared = try reportOne()
            case 2: compared = try reportSeveral()
            case 3: compared = try changeViewport()
            case 4: compared = try scroll()
            case 5: compared = try frame()
            case 6, 7: compared = try batch()
            case 8: compared = try query()
            default: compared = try refuseBadInput()
            }
            if !compared && (step % 4 == 0 || reader.isAtEnd) { try compareEverything() }
        }
        try compareEverything()
        statistics.operations = step
    }

    // MARK: - The model's layout

    /// Records a change of the model.
    mutating func modelChanged() {
        modelVersion += 1
    }

    /// The reference layout of the model, with unmeasured self-sizing items at
    /// the engine's current estimate, presented for the engine's visible rect;
    /// kept until any of them changes.
    mutating func reference() -> ReferencePresentation {
        let estimate = state.currentEstimatedItemSize
        let visible = state.visibleRect
        if let cached = cachedReference, cached.version == modelVersion, cached.estimate == estimate,
            cached.visible == visible
        {
            return cached.layout
        }
        model.visibleRect = visible
        let layout = model.presentation(estimatedItemSize: estimate)
        cachedReference = (modelVersion, estimate, visible, layout)
        return layout
    }

    /// Whether frames must agree exactly now: ``exact``, unless frames mirror
    /// along the scroll axis in a content width or visible rect off the grid.
    var isExact: Bool {
        let mirrors = state.configuration.scrollDirection == .horizontal && state.options.layoutDirection == .rightToLeft
        let onGrid = state.visibleRect.map { RandomPresentation.isDyadic($0.minX) && RandomPresentation.isDyadic($0.minY) } ?? true
        return exact && !(mirrors && (state.options.displayScale == 3 || !onGrid))
    }

    /// The tolerance of comparisons: 0 when exact, else 1e-9 of the content
    /// extent, and with pixel snapping a pixel more: edges that differ by a
    /// rounding may fall either side of a snapping tie (a mean of reports in
    /// thirds makes ties common). Mirrored frames get two pixels: the content
    /// width they are mirrored in is itself rounded up to the grid, so it may
    /// differ by a pixel, and the mirrored edge then rounds on its own.
    mutating func tolerance() -> Double {
        if isExact { return 0 }
        let extent = LayoutComparison.tolerance(contentSize: reference().contentSize)
        guard state.options.displayScale > 0 else { return extent }
        let mirrors = state.options.layoutDirection == .rightToLeft
        return extent + (mirrors ? 2 : 1) / state.options.displayScale
    }

    // MARK: - Comparisons

    /// Every element the engine lays out, in order.
    mutating func allElements() throws(FuzzFailure) -> [LayoutAttributes] {
        do {
            return try state.layoutAttributesForElements(in: .infinite)
        } catch {
            throw failure("the query of everything was refused: \(error)")
        }
    }

    /// Throws unless every frame, the content size and every section's item
    /// count equal the reference's.
    mutating func compareEverything() throws(FuzzFailure) {
        let reference = reference()
        let tolerance = tolerance()
        let size = state.exactContentSize()
        guard
            LayoutComparison.close(size.width, reference.contentSize.width, tolerance),
            LayoutComparison.close(size.height, reference.contentSize.height, tolerance)
        else { throw failure("content size \(size) ≠ reference \(reference.contentSize)") }
        guard state.numberOfSections == model.sections.count else {
            throw failure("\(state.numberOfSections) sections ≠ reference \(model.sections.count)")
        }
        for (index, section) in model.sections.enumerated() {
            let count = try? state.numberOfItems(inSection: index)
            guard count == section.sizes.count else {
                throw failure("section \(index) has \(String(describing: count)) items ≠ reference \(section.sizes.count)")
            }
        }
        let differences = LayoutComparison.differences(
            engine: try allElements(), reference: reference.attributes, tolerance: tolerance)
        if let first = differences.first { throw failure(first) }
        statistics.comparisons += 1
        if model.sections.contains(where: { $0.waterfall != nil }) { statistics.waterfallComparisons += 1 }
        statistics.largestItemCount = max(statistics.largestItemCount, reference.attributes.count)
    }

    /// A failure at the current step.
    func failure(_ message: String) -> FuzzFailure {
        FuzzFailure("step \(step) (byte \(reader.position)): \(message)")
    }
}

/// What one program did: how many operations, comparisons of every frame, and
/// batches accepted and refused.
package struct ProgramStatistics: Sendable {
    /// Operations run.
    package var operations = 0
    /// Comparisons of every frame with the reference, and those with a
    /// waterfall section among the sections (`flow-layout.md` 12).
    package var comparisons = 0
    package var waterfallComparisons = 0
    /// Batches the engine accepted, and refused.
    package var acceptedBatches = 0
    package var refusedBatches = 0
    /// Accepted batches that named an anchor.
    package var anchoredBatches = 0
    /// The most elements the layout held at a comparison.
    package var largestItemCount = 0
    /// Scrolls to an item, updates while the engine held one, resting-offset
    /// queries, and pinned headers and footers compared (`flow-layout.md` 8).
    package var jumps = 0
    package var heldUpdates = 0
    package var restingOffsets = 0
    package var pinnedElements = 0

    /// No operations yet.
    package init() {}
}
