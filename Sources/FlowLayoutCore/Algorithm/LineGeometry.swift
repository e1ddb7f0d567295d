/// What line breaking needs to know about one section, in main/cross terms: the
/// space a line has, the spacings, and what items of the section's default size
/// do on a line (`flow-layout.md` 2).
struct LineGeometry: Hashable, Sendable {
    /// Which axis lines run along.
    let direction: ScrollDirection
    /// The main-axis extent available to a line (negative when the insets exceed
    /// the viewport: every item is then wider than the line).
    let available: Double
    /// The minimum spacing between items of a line.
    let spacing: Double
    /// The spacing between lines.
    let lineSpacing: Double
    /// The size of items without a size of their own: `itemSize`, or the estimate;
    /// in a uniform section whose items all have one explicit size, that size.
    let defaultSize: Size
    /// Whether lines are those of a *uniform* section (`flow-layout.md` 3.3):
    /// every item the same size, `perLine` items a line by floor division (2.1).
    /// Otherwise lines are filled by UIKit's subtraction.
    let isUniform: Bool
    /// How many default-size items a line that starts with one holds (the
    /// section's last line may hold fewer); ``unbounded`` when any number does.
    let perLine: Int
    /// `lineSpacing`, exactly.
    let lineSpacingOffset: Offset
    /// The thickness of a line of default-size items plus the line spacing, exactly.
    let defaultAdvance: Offset
    /// In a uniform section of `perLine >= 2` (finite): the gap between the
    /// columns every line sits on, `(available − n·width) / (n − 1)` (3.3). Zero
    /// otherwise.
    let fullLineGap: Double
    /// The `remaining` of a line after its first item, when that is a default
    /// one: `available − (spacing + width)` (2.1).
    let lineStartRemaining: Double
    /// What each default item takes from a line's `remaining`: `spacing + width`.
    let defaultStep: RepeatedDifference

    /// The `perLine` of lines that never fill up by adding default-size items.
    static let unbounded = Int.max

    /// The geometry of lines under `metrics` whose default items are
    /// `defaultSize`, in a uniform section or any other.
    init(metrics: SectionMetrics, defaultSize: Size, direction: ScrollDirection, uniform: Bool = false) {
        self.direction = direction
        available = metrics.available
        spacing = metrics.interitemSpacing
        lineSpacing = metrics.lineSpacing
        self.defaultSize = defaultSize
        isUniform = uniform
        let main = direction.main(defaultSize)
        lineStartRemaining = available - (spacing + main)
        defaultStep = RepeatedDifference(removing: spacing + main)
        if uniform {
            perLine = Self.uniformCount(width: main, spacing: spacing, available: available)
        } else {
            perLine = Self.subtractionCount(width: main, spacing: spacing, available: available)
        }
        lineSpacingOffset = Offset(lineSpacing)
        defaultAdvance = Offset(direction.cross(defaultSize)) + lineSpacingOffset
        if uniform && perLine >= 2 && perLine != Self.unbounded {
            fullLineGap = (available - Double(perLine) * main) / Double(perLine - 1)
        } else {
            fullLineGap = 0
        }
    }

    /// The items a line of a uniform section holds (2.1):
    /// `max(1, floor((available + spacing) / (width + spacing)))`; ``unbounded``
    /// when width plus spacing is 0 and `available >= 0` (any number fits), or
    /// when the count passes 2⁶².
    static func uniformCount(width: Double, spacing: Double, available: Double) -> Int {
        let step = width + spacing
        if step == 0 { return available >= 0 ? unbounded : 1 }
        let count = ((available + spacing) / step).rounded(.down)
        if !(count < 0x1p62) { return unbounded }
        return Swift.max(1, Int(count))
    }

    /// The items `width` wide a line of any other section holds (2.1): the
    /// first, then one more while `remaining` (`available − (spacing + width)`
    /// after the first, less `spacing + width` per item) is at least `width`,
    /// counted in closed form (``RepeatedDifference``); ``unbounded`` when the
    /// count never ends.
    static func subtractionCount(width: Double, spacing: Double, available: Double) -> Int {
        let more = RepeatedDifference(removing: spacing + width)
            .steps(from: available - (spacing + width), whileAtLeast: width, maximum: unbounded - 1).count
        return more == unbounded - 1 ? unbounded : more + 1
    }

    /// The default size's extent along a line.
    @inline(__always)
    var defaultMain: Double { direction.main(defaultSize) }
    /// The default size's extent across lines: the thickness of a line of default items.
    @inline(__always)
    var defaultCross: Double { direction.cross(defaultSize) }

    /// The number of lines `count` default items form on their own, starting at a
    /// line start, when nothing follows them.
    @inline(__always)
    func linesOfDefaults(_ count: Int) -> Int {
        count == 0 ? 0 : (count - 1) / perLine + 1
    }
}

/// One line being filled (`flow-layout.md` 2.1–2.3): its item count, its
/// `remaining` extent and its thickness so far. In a uniform section a line
/// takes `perLine` items; in any other an item joins while its width is at most
/// `remaining`, which then loses `spacing + width`.
struct OpenLine: Sendable {
    /// Items taken.
    private(set) var itemCount = 0
    /// UIKit's `remaining`: `available − (spacing + width)` after the first item,
    /// then `remaining − (spacing + width)` per item (not kept in a uniform section).
    private(set) var remaining = 0.0
    /// The largest cross extent taken.
    private(set) var thickness = 0.0

    /// Whether the line has no item yet.
    var isEmpty: Bool { itemCount == 0 }

    /// Takes an item of `size` if the line is empty or it fits; returns whether it did.
    @inline(__always)
    mutating func take(_ size: Size, in geometry: LineGeometry) -> Bool {
        let main = geometry.direction.main(size)
        if itemCount > 0 {
            if geometry.isUniform {
                guard itemCount < geometry.perLine else { return false }
            } else {
                guard main <= remaining else { return false }
                remaining = remaining - (geometry.spacing + main)
            }
        } else {
            remaining = geometry.available - (geometry.spacing + main)
        }
        itemCount += 1
        let cross = geometry.direction.cross(size)
        if cross > thickness { thickness = cross }
        return true
    }

    /// Takes as many of `count` default-size items as fit, in closed form however
    /// many that is; returns how many it took.
    @inline(__always)
    mutating func takeDefaults(_ count: Int, in geometry: LineGeometry) -> Int {
        guard count > 0 else { return 0 }
        var taken = 0
        if itemCount == 0 {
            remaining = geometry.lineStartRemaining
            thickness = geometry.defaultCross
            itemCount = 1
            taken = 1
        }
        guard taken < count else { return taken }
        let added: Int
        if geometry.isUniform {
            added = Swift.min(count - taken, geometry.perLine - itemCount)
        } else {
            let more = geometry.defaultStep.steps(from: remaining, whileAtLeast: geometry.defaultMain, maximum: count - taken)
            added = more.count
            remaining = more.value
        }
        if added > 0 {
            itemCount += added
            if geometry.defaultCross > thickness { thickness = geometry.defaultCross }
        }
        return taken + added
    }
}
