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
    /// The size of items without a size of their own: `itemSize`, or the estimate.
    let defaultSize: Size
    /// How many default-size items fit on a line; ``unbounded`` when any number does.
    let perLine: Int
    /// `lineSpacing`, exactly.
    let lineSpacingOffset: Offset
    /// The thickness of a line of default-size items plus the line spacing, exactly.
    let defaultAdvance: Offset
    /// The gap between the items of a full justified line of `perLine` default
    /// items (`perLine >= 2`, finite): the columns a uniform section's last line
    /// sits on (3.3). Zero otherwise.
    let fullLineGap: Double

    /// The `perLine` of lines that never fill up by adding default-size items.
    static let unbounded = Int.max

    /// The geometry of lines under `metrics` whose default items are `defaultSize`.
    init(metrics: SectionMetrics, defaultSize: Size, direction: ScrollDirection) {
        self.direction = direction
        available = metrics.available
        spacing = metrics.interitemSpacing
        lineSpacing = metrics.lineSpacing
        self.defaultSize = defaultSize
        perLine = Self.fitCount(width: direction.main(defaultSize), spacing: spacing, available: available)
        lineSpacingOffset = Offset(lineSpacing)
        defaultAdvance = Offset(direction.cross(defaultSize)) + lineSpacingOffset
        if perLine >= 2 && perLine != Self.unbounded {
            let main = direction.main(defaultSize)
            // The widths summed in order, as a justified line sums them.
            let total = RepeatedSum(adding: main, then: 0).value(from: main, after: perLine - 1)
            fullLineGap = (available - total) / Double(perLine - 1)
        } else {
            fullLineGap = 0
        }
    }

    /// The default size's extent along a line.
    @inline(__always)
    var defaultMain: Double { direction.main(defaultSize) }
    /// The default size's extent across lines: the thickness of a line of default items.
    @inline(__always)
    var defaultCross: Double { direction.cross(defaultSize) }

    /// How many items `width` wide, `spacing` apart, fit in `available` under the
    /// running-sum rule (2.1): the first always does (alone, if it is wider than
    /// the line); then item `j + 1` fits while `(running + spacing) + width`
    /// stays within `available`. ``unbounded`` when the running extent stops
    /// growing before it passes `available` (for instance when width plus spacing is 0).
    ///
    /// - Complexity: O(binades the running sum crosses), whatever the count.
    static func fitCount(width: Double, spacing: Double, available: Double) -> Int {
        guard width <= available else { return 1 }
        let more = RepeatedSum(adding: spacing, then: width)
            .steps(from: width, whileAtMost: available, maximum: unbounded - 1).count
        return more == unbounded - 1 ? unbounded : more + 1
    }

    /// The number of lines `count` default items form on their own, starting at a
    /// line start, when nothing follows them.
    @inline(__always)
    func linesOfDefaults(_ count: Int) -> Int {
        count == 0 ? 0 : (count - 1) / perLine + 1
    }
}

/// One line being filled greedily (`flow-layout.md` 2.1–2.3): its item count,
/// running extent and thickness so far.
struct OpenLine: Sendable {
    /// Items taken.
    private(set) var itemCount = 0
    /// The running extent: the first item's width, then `+ spacing + width` per item.
    private(set) var running = 0.0
    /// The largest cross extent taken.
    private(set) var thickness = 0.0

    /// Whether the line has no item yet.
    var isEmpty: Bool { itemCount == 0 }

    /// Takes an item of `size` if the line is empty or it fits; returns whether it did.
    @inline(__always)
    mutating func take(_ size: Size, in geometry: LineGeometry) -> Bool {
        let main = geometry.direction.main(size)
        if itemCount > 0 {
            let candidate = running + geometry.spacing + main
            guard candidate <= geometry.available else { return false }
            running = candidate
        } else {
            running = main
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
            running = geometry.defaultMain
            thickness = geometry.defaultCross
            itemCount = 1
            taken = 1
        }
        guard taken < count, running <= geometry.available else { return taken }
        if count - taken <= 16 {
            // Few items: the loop itself.
            let width = geometry.defaultMain
            var added = 0
            while taken + added < count {
                let candidate = running + geometry.spacing + width
                guard candidate <= geometry.available else { break }
                running = candidate
                added += 1
            }
            if added > 0 {
                itemCount += added
                if geometry.defaultCross > thickness { thickness = geometry.defaultCross }
            }
            return taken + added
        }
        let more = RepeatedSum(adding: geometry.spacing, then: geometry.defaultMain)
            .steps(from: running, whileAtMost: geometry.available, maximum: count - taken)
        if more.count > 0 {
            running = more.value
            itemCount += more.count
            if geometry.defaultCross > thickness { thickness = geometry.defaultCross }
        }
        return taken + more.count
    }
}
