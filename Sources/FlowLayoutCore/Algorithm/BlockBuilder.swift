/// Packs a section's lines, produced in item order, into line blocks: runs of
/// default-size lines become uniform blocks, other lines fill explicit blocks of
/// up to ``LineBlock/maximumLines`` lines.
struct BlockBuilder {
    private(set) var blocks: [LineBlock] = []
    private let perLine: Int
    private let uniformThickness: Double
    private let lineSpacing: Double

    /// Creates a builder for a section whose default lines hold `perLine` items of
    /// thickness `uniformThickness`.
    init(perLine: Int, uniformThickness: Double, lineSpacing: Double) {
        self.perLine = perLine
        self.uniformThickness = uniformThickness
        self.lineSpacing = lineSpacing
    }

    /// Appends `itemCount` default-size items as uniform lines; merges with a
    /// uniform block just before. `itemCount` is a multiple of the per-line count
    /// unless these lines end the section.
    mutating func appendUniform(itemCount: Int) {
        guard itemCount > 0 else { return }
        var total = itemCount
        if let last = blocks.last, last.isUniform {
            total += last.itemCount
            blocks.removeLast()
        }
        let lines = (total + perLine - 1) / perLine
        blocks.append(.uniform(itemCount: total, lines: lines, thickness: uniformThickness, lineSpacing: lineSpacing))
    }

    /// A run of at most this many uniform lines between two explicit lines joins
    /// the explicit block before it, as explicit lines (their breaks are known:
    /// k items each). Sparse reports then share blocks instead of each splitting
    /// a uniform block in three.
    static let maximumMergedUniformLines = 8

    /// Appends one line of `itemCount` items whose break was computed or read.
    mutating func appendLine(itemCount: Int, thickness: Double) {
        mergeShortUniformRun()
        if let last = blocks.indices.last, blocks[last].acceptsLine {
            blocks[last].appendLine(itemCount: itemCount, thickness: thickness, lineSpacing: lineSpacing)
        } else {
            blocks.append(.explicit(firstLineItems: itemCount, thickness: thickness))
        }
    }

    /// Turns a short uniform run just appended, after an explicit block with
    /// room for it and one more line, into explicit lines of that block.
    private mutating func mergeShortUniformRun() {
        guard blocks.count >= 2, blocks[blocks.count - 1].isUniform else { return }
        let run = blocks[blocks.count - 1]
        let lines = run.itemCount / perLine
        let target = blocks.count - 2
        guard lines <= BlockBuilder.maximumMergedUniformLines, run.itemCount == lines * perLine,
            !blocks[target].isUniform,
            Int(blocks[target].lineCount) + lines < LineBlock.maximumLines,
            blocks[target].itemCount + run.itemCount < LineBlock.softItemLimit
        else { return }
        blocks.removeLast()
        for _ in 0..<lines {
            blocks[target].appendLine(itemCount: perLine, thickness: uniformThickness, lineSpacing: lineSpacing)
        }
    }
}
