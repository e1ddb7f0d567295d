/// A run of consecutive lines of one section: the unit in which line breaks are
/// cached (`flow-layout.md` 2).
///
/// A block is one of two kinds:
/// - *uniform* (`lineCount == 0`): every item has the section's default size
///   (`itemSize`, or the estimate for self-sizing items), so every line holds the
///   same number of items `k` and has the same thickness; nothing per line is
///   stored and positions are closed-form. Only the section's last block may end
///   with a partial line.
/// - *explicit* (`lineCount >= 1`): up to ``maximumLines`` lines whose breaks were
///   computed by the greedy fit loop. The block keeps where each line ends, never
///   the items' positions; a line's thickness is the largest cross size of its
///   items, recomputed when needed.
///
/// 48 bytes for up to 16 lines: 3 bytes a line, nothing per item.
struct LineBlock: Hashable, Sendable {
    /// The block's extent across lines: the sum of its lines' thicknesses and the
    /// line spacing between them (not after the last line).
    var extent: Double
    /// For an explicit block, the end of line `j` relative to the block's first
    /// item, for every line but the last (whose end is `itemCount`): sixteen
    /// 16-bit ends packed four to a word.
    private var lineEnds: LineEnds
    /// The number of items in the block.
    private var storedItemCount: Int32
    /// The number of explicit lines; 0 for a uniform block.
    private(set) var lineCount: UInt16

    /// The most lines an explicit block holds.
    static let maximumLines = 16
    /// An explicit block takes no new line once it holds this many items, so
    /// that every stored line end fits in 16 bits and re-reading a block stays cheap.
    static let softItemLimit = 1024

    /// The number of items in the block.
    var itemCount: Int { Int(storedItemCount) }
    /// Whether the block is uniform (closed-form lines).
    var isUniform: Bool { lineCount == 0 }

    /// A uniform block of `itemCount` items in `lines` lines of thickness
    /// `thickness` separated by `lineSpacing`.
    static func uniform(itemCount: Int, lines: Int, thickness: Double, lineSpacing: Double) -> LineBlock {
        LineBlock(
            extent: uniformExtent(lines: lines, thickness: thickness, lineSpacing: lineSpacing),
            lineEnds: LineEnds(), storedItemCount: Int32(itemCount), lineCount: 0)
    }

    /// The extent of `lines` uniform lines; the one formula every path uses.
    @inline(__always)
    static func uniformExtent(lines: Int, thickness: Double, lineSpacing: Double) -> Double {
        lines == 0 ? 0 : Double(lines) * thickness + Double(lines - 1) * lineSpacing
    }

    /// An explicit block holding one line of `itemCount` items.
    static func explicit(firstLineItems itemCount: Int, thickness: Double) -> LineBlock {
        LineBlock(extent: thickness, lineEnds: LineEnds(), storedItemCount: Int32(itemCount), lineCount: 1)
    }

    /// Whether an explicit block can take one more line.
    var acceptsLine: Bool {
        !isUniform && Int(lineCount) < LineBlock.maximumLines && itemCount < LineBlock.softItemLimit
    }

    /// Appends a line to an explicit block that ``acceptsLine``.
    mutating func appendLine(itemCount lineItems: Int, thickness: Double, lineSpacing: Double) {
        precondition(acceptsLine, "block is full")
        lineEnds[Int(lineCount) - 1] = UInt16(storedItemCount)
        storedItemCount += Int32(lineItems)
        lineCount += 1
        extent = extent + lineSpacing + thickness
    }

    /// The start of explicit line `j`, relative to the block's first item.
    @inline(__always)
    func lineStart(_ j: Int) -> Int {
        j == 0 ? 0 : Int(lineEnds[j - 1])
    }

    /// The end of explicit line `j`, relative to the block's first item.
    @inline(__always)
    func lineEnd(_ j: Int) -> Int {
        j == Int(lineCount) - 1 ? itemCount : Int(lineEnds[j])
    }

    /// The explicit line holding item `offset` (relative to the block's first item).
    func line(containing offset: Int) -> Int {
        var j = 0
        let last = Int(lineCount) - 1
        while j < last && Int(lineEnds[j]) <= offset { j += 1 }
        return j
    }

    /// Whether a line of this explicit block starts at `offset` (relative).
    func hasLineStart(at offset: Int) -> Bool {
        if offset == 0 { return true }
        for j in 0..<max(0, Int(lineCount) - 1) where Int(lineEnds[j]) == offset { return true }
        return false
    }
}

/// Sixteen 16-bit values packed in four words: a block's line ends, in 32 bytes
/// with the alignment of a word (a `SIMD16<UInt16>` would align the block to 16
/// bytes and grow it to 64).
struct LineEnds: Hashable, Sendable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    subscript(index: Int) -> UInt16 {
        @inline(__always) get {
            let shift = UInt64(index & 3) * 16
            let word: UInt64
            switch index >> 2 {
            case 0: word = words.0
            case 1: word = words.1
            case 2: word = words.2
            default: word = words.3
            }
            return UInt16(truncatingIfNeeded: word >> shift)
        }
        @inline(__always) set {
            let shift = UInt64(index & 3) * 16
            let mask = ~(UInt64(0xFFFF) << shift)
            let bits = UInt64(newValue) << shift
            switch index >> 2 {
            case 0: words.0 = words.0 & mask | bits
            case 1: words.1 = words.1 & mask | bits
            case 2: words.2 = words.2 & mask | bits
            default: words.3 = words.3 & mask | bits
            }
        }
    }

    static func == (lhs: LineEnds, rhs: LineEnds) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
