/// Read access to the sizes one section's items have now, in main/cross terms:
/// a reported size where there is one, else the section's per-item size, else the
/// section's default size (`itemSize`, or the estimate for self-sizing items).
struct ItemSizes {
    let direction: ScrollDirection
    let base: [Size]?
    let overrides: SizeOverrides
    let defaultSize: Size
    /// Whether no override is stored: the common case, read without a lookup.
    let hasNoOverrides: Bool

    init(direction: ScrollDirection, base: [Size]?, overrides: SizeOverrides, defaultSize: Size) {
        self.direction = direction
        self.base = base
        self.overrides = overrides
        self.defaultSize = defaultSize
        self.hasNoOverrides = overrides.isEmpty
    }

    /// The size item `i` has now.
    @inline(__always)
    func size(_ i: Int) -> Size {
        if !hasNoOverrides, let size = overrides[i] { return size }
        if let base { return base[i] }
        return defaultSize
    }

    /// Item `i`'s extent along a line.
    @inline(__always)
    func main(_ i: Int) -> Double { direction.main(size(i)) }

    /// Item `i`'s extent across lines.
    @inline(__always)
    func cross(_ i: Int) -> Double { direction.cross(size(i)) }
}
