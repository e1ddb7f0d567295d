/// Packs items, line by line, into ``Run``s: the storage of a section, or of the
/// stretch of it that a change re-breaks.
///
/// A run is closed, always at a line start, when it holds ``Run/sizedCapacity``
/// explicit sizes, or before it would span more than a sparse buffer can address
/// while holding explicit sizes. Runs without explicit sizes may span any number
/// of items: their lines are closed-form. When a run is closed its sizes are
/// written once into a buffer of exactly their size, sparse (18 bytes an entry)
/// or dense (16 bytes an item), whichever is smaller.
///
/// The default items at either end of a section are kept apart from its
/// explicit sizes, each stretch a run of its own (closed at a line start), so
/// that the items a chat inserts there (history prepended, a message appended,
/// none measured yet) join a run of default items only, whose lines
/// re-breaking gives in closed form (`Rebreak.apply(_:to:)`): a builder that
/// starts the section closes its first run, of default items only, before the
/// first explicit size; one that ends it closes the run's last explicit sizes
/// before the lines of default items only that follow them
/// (``finish(endsSection:)``). At most two runs more a section.
///
/// In a pending section (``isAligned`` false) items are packed the same way
/// without lines: runs then need not start at a line start, and their line
/// counts and advances are zero until the section is laid out.
struct RunBuilder {
    /// Whether runs start at line starts and carry their lines (a laid-out section).
    let isAligned: Bool
    /// The section's line spacing, added after every line in a run's advance.
    let lineSpacing: Offset
    /// The runs closed so far.
    private(set) var runs: [Run] = []
    /// Items packed in all.
    private(set) var itemCount = 0

    // The open run.
    private var openItems = 0
    private var openLines = 0
    private var openAdvance = Offset.zero
    private var openSizes: [Size] = []
    /// Each size's offset from the open run's first item (a run holding
    /// sizes spans at most 65,536 items): a sparse buffer's offsets as they are.
    private var openOffsets: [UInt16] = []
    /// The offsets once one is past what 16 bits hold: a single line of more
    /// than 65,536 items (zero-width items on one line), which runs may not
    /// split, holding an explicit size. Such a run is dense; `nil` otherwise.
    private var wideOffsets: [Int]?
    /// Whether the open run holds the section's first items, none of them
    /// with a size of its own (aligned only): it closes before the first one.
    private var opensSection: Bool
    /// Where the lines of default items only that end the open run start,
    /// when it holds explicit sizes before them: its items (−1 when its last
    /// line holds an explicit size), lines and advance before the first of them.
    private var trailingStart = -1
    private var trailingLines = 0
    private var trailingAdvance = Offset.zero

    /// A builder of aligned runs (laid out) or unaligned ones (pending); when
    /// `startsSection`, its first item is the section's first.
    init(aligned: Bool, lineSpacing: Double, startsSection: Bool = false) {
        self.isAligned = aligned
        self.lineSpacing = Offset(lineSpacing)
        opensSection = aligned && startsSection
        // Room for what an open run holds before it closes, and no more: 64
        // sizes asked glibc's malloc for just over 1 KiB, past its per-thread
        // cache, a thousand instructions more for every re-break window.
        openSizes.reserveCapacity(Self.openCapacity)
        openOffsets.reserveCapacity(Self.openCapacity)
    }

    /// The most explicit sizes a stretch joined as it is may bring the open
    /// run to (past that, the run closes first): what an open run is first
    /// sized for.
    static let openCapacity = Run.sizedCapacity * 3 / 2

    /// Appends a line group whose items are `segments`, in order.
    mutating func append(_ group: LineGroup, segments: ArraySlice<ItemSegment>) {
        let hasSized = segments.contains { if case .sized = $0 { return true } else { return false } }
        makeRoom(for: group.itemCount, sized: hasSized)
        if isAligned { markLines(sized: hasSized) }
        for segment in segments { add(segment) }
        if isAligned {
            openLines += group.lineCount
            openAdvance += (Offset(group.thickness) + lineSpacing) * group.lineCount
        }
        if openSizes.count >= Run.sizedCapacity { closeRun() }
    }

    /// Before lines are added to the open run (aligned): closes a first run of
    /// default items only before explicit sizes, and marks where lines of
    /// default items only start after explicit sizes, or forgets the mark.
    @inline(__always)
    private mutating func markLines(sized: Bool) {
        if sized {
            if opensSection {
                opensSection = false
                closeRun()
            }
            trailingStart = -1
        } else if trailingStart < 0 && !openSizes.isEmpty {
            trailingStart = openItems
            trailingLines = openLines
            trailingAdvance = openAdvance
        }
    }

    /// Appends items without lines (an unaligned builder).
    mutating func append(_ segment: ItemSegment) {
        precondition(!isAligned, "aligned runs take whole line groups")
        if case .sized = segment { makeRoom(for: 1, sized: true) } else { makeRoom(for: segment.count, sized: false) }
        add(segment)
        if openSizes.count >= Run.sizedCapacity { closeRun() }
    }

    /// Appends items of an old run as they are, with their lines and advance: a
    /// stretch that starts at a line start and is not broken again. It joins the
    /// open run unless that would make the run too large, and then starts one.
    mutating func appendVerbatim(_ run: Run, items range: Range<Int>, lines: Int, advance: Offset) {
        guard !range.isEmpty else { return }
        var first = 0
        var last = 0
        var sized = 0
        let sizes = run.sizes
        if let sizes {
            first = sizes.firstEntry(atOrAfter: range.lowerBound)
            last = sizes.firstEntry(atOrAfter: range.upperBound)
            if sizes.isDense {
                for entry in first..<last where !sizes.size(at: entry).isUnsized { sized += 1 }
            } else {
                sized = last - first
            }
        }
        if openItems > 0, openSizes.count + sized > Self.openCapacity { closeRun() }
        makeRoom(for: range.count, sized: sized > 0)
        if isAligned { markLines(sized: sized > 0) }
        // Copy the explicit sizes straight from the run's buffer, all at once
        // when every entry of the stretch has one.
        if let sizes, sized > 0 {
            let base = openItems - range.lowerBound
            let stretch = UnsafeBufferPointer(start: sizes.sizes + first, count: last - first)
            if sized == stretch.count {
                openSizes.append(contentsOf: stretch)
                if sizes.isDense {
                    for entry in first..<last { appendOffset(base + entry) }
                } else {
                    let offsets = sizes.offsets
                    for entry in first..<last { appendOffset(base + Int(offsets[entry])) }
                }
            } else {
                // A dense stretch with items of no size of their own.
                for entry in first..<last where !sizes.size(at: entry).isUnsized {
                    openSizes.append(sizes.size(at: entry))
                    appendOffset(base + entry)
                }
            }
        }
        openItems += range.count
        itemCount += range.count
        if isAligned {
            openLines += lines
            openAdvance += advance
        }
        if openSizes.count >= Run.sizedCapacity { closeRun() }
    }

    /// Appends every item of an old run as it is: a run that joins a window
    /// only so that storage stays packed.
    mutating func appendWhole(_ run: Run) {
        appendVerbatim(run, items: 0..<run.itemCount, lines: run.lineCount, advance: run.advance)
    }

    /// Closes the open run first if `count` more items would make a run holding
    /// explicit sizes span more than a sparse buffer addresses.
    private mutating func makeRoom(for count: Int, sized: Bool) {
        if openItems > 0, sized || !openSizes.isEmpty, openItems + count > Run.maximumSparseSpan { closeRun() }
    }

    /// Adds one segment's items to the open run.
    private mutating func add(_ segment: ItemSegment) {
        switch segment {
        case .defaults(let count):
            openItems += count
            itemCount += count
        case .sized(let size):
            openSizes.append(size)
            appendOffset(openItems)
            openItems += 1
            itemCount += 1
        }
    }

    /// Records the offset of the open run's latest explicit size.
    @inline(__always)
    private mutating func appendOffset(_ offset: Int) {
        if wideOffsets == nil, let narrow = UInt16(exactly: offset) {
            openOffsets.append(narrow)
        } else {
            if wideOffsets == nil { wideOffsets = openOffsets.map(Int.init) }
            wideOffsets!.append(offset)
        }
    }

    /// Closes the open run, if it holds any item, and returns every run built;
    /// when `endsSection` (the last item packed is the section's last), the
    /// lines of default items only that end it close as a run of their own.
    mutating func finish(endsSection: Bool = false) -> [Run] {
        if endsSection, trailingStart > 0, openAdvance < Offset.limit, Offset.zero - Offset.limit < openAdvance {
            // The explicit sizes before the lines of default items, then those
            // lines (their advance the difference of sums that did not saturate).
            let items = openItems - trailingStart
            let lines = openLines - trailingLines
            let advance = openAdvance - trailingAdvance
            openItems = trailingStart
            openLines = trailingLines
            openAdvance = trailingAdvance
            closeRun()
            runs.append(Run(itemCount: items, lineCount: lines, advance: advance))
            return runs
        }
        closeRun()
        return runs
    }

    /// Closes the open run: writes its explicit sizes into a buffer of exactly
    /// their size, sparse or dense, whichever is smaller.
    private mutating func closeRun() {
        guard openItems > 0 else { return }
        var buffer: SizeBuffer?
        if !openSizes.isEmpty {
            let sparseBytes = openSizes.count * 18
            if openItems <= Run.maximumSparseSpan && sparseBytes < openItems * 16 && wideOffsets == nil {
                buffer = openSizes.withUnsafeBufferPointer { sizes in
                    openOffsets.withUnsafeBufferPointer { SizeBuffer.sparse(sizes, offsets: $0) }
                }
            } else {
                // Written straight into the storage: no array in between.
                let storage = SizeStorage.shared(openItems) { elements in
                    if openSizes.count == openItems {
                        openSizes.withUnsafeBufferPointer { elements.initialize(from: $0.baseAddress!, count: openItems) }
                    } else {
                        elements.initialize(repeating: .unsized, count: openItems)
                        if let wideOffsets {
                            for (size, offset) in zip(openSizes, wideOffsets) { elements[offset] = size }
                        } else {
                            for (size, offset) in zip(openSizes, openOffsets) { elements[Int(offset)] = size }
                        }
                    }
                }
                buffer = SizeBuffer(storage, start: 0, count: openItems)
            }
        }
        runs.append(
            Run(itemCount: openItems, lineCount: openLines, advance: openAdvance, sizes: buffer, sizedCount: openSizes.count))
        openItems = 0
        openLines = 0
        openAdvance = .zero
        openSizes.removeAll(keepingCapacity: true)
        openOffsets.removeAll(keepingCapacity: true)
        wideOffsets = nil
        trailingStart = -1
    }
}
