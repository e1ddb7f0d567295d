/// A located section's header and footer (`flow-layout.md` 4.2, 8.1),
/// whatever arranges its items: they span the viewport across the scroll
/// axis, at the section's start and end, pinned when asked. Every kind of
/// section places them, and walks its elements in a rect, through this.
struct SectionSupplementaries {
    /// The section's index.
    let index: Int
    /// Its exact start: the offset of its header's leading edge.
    let start: Offset
    /// Its exact end: the next section's start.
    let end: Offset
    /// Its header's and footer's extents along the scroll axis (0: omitted),
    /// and the viewport's across it: what they are placed by (4.2).
    let headerExtent: Double
    let footerExtent: Double
    let viewportMain: Double
    /// The scroll direction.
    let direction: ScrollDirection

    /// The header and footer of the section `index` from `start` to `end`
    /// under `metrics`.
    @inline(__always)
    init(index: Int, start: Offset, end: Offset, metrics: SectionMetrics, direction: ScrollDirection) {
        self.index = index
        self.start = start
        self.end = end
        headerExtent = metrics.headerExtent
        footerExtent = metrics.footerExtent
        viewportMain = metrics.viewportMain
        self.direction = direction
    }

    /// The footer's offset: after the section's lines and its trailing inset.
    @inline(__always)
    private var footerStart: Offset { end - Offset(footerExtent) }

    /// The attributes of a header or footer whose span along the scroll axis
    /// starts at `cross`.
    @inline(__always)
    private func supplementary(_ category: ElementCategory, cross: Double, extent: Double) -> LayoutAttributes {
        LayoutAttributes(
            category: category, indexPath: FlowIndexPath(item: 0, section: index),
            frame: direction.rect(main: 0, cross: cross, mainLength: viewportMain, crossLength: extent),
            zIndex: nil)
    }

    /// The natural attributes of the header (`nil` when omitted), pinned when
    /// `pinning` pins headers (8.1).
    @inline(__always)
    func header(pinning: Presentation?) -> LayoutAttributes? {
        let extent = headerExtent
        guard extent > 0 else { return nil }
        guard let pinning, pinning.pinsHeaders else {
            return supplementary(.header, cross: start.double, extent: extent)
        }
        let cross = pinning.pinnedHeader(natural: start.double, extent: extent, end: footerStart.double)
        return supplementary(.header, cross: cross, extent: extent)
    }

    /// The natural attributes of the footer (`nil` when omitted), pinned when
    /// `pinning` pins footers (8.1).
    @inline(__always)
    func footer(pinning: Presentation?) -> LayoutAttributes? {
        let extent = footerExtent
        guard extent > 0 else { return nil }
        let natural = footerStart.double
        guard let pinning, pinning.pinsFooters else {
            return supplementary(.footer, cross: natural, extent: extent)
        }
        let contentStart = (start + Offset(headerExtent)).double
        let cross = pinning.pinnedFooter(natural: natural, extent: extent, contentStart: contentStart)
        return supplementary(.footer, cross: cross, extent: extent)
    }

    /// Calls `body` with the header, the cells `cells` walks and the footer
    /// whose natural frames (pinned by `pinning` when given) meet `rect`, in
    /// that order (`flow-layout.md` 6.1), from the rect's search key `key`,
    /// until it returns `false`. `cells` returns whether `body` stopped, and
    /// whether the section's items ran out without passing the rect.
    @inline(__always)
    func forEachElement(
        in rect: Rect, from key: Offset, pinning: Presentation?, _ body: (LayoutAttributes) -> Bool,
        cells: () -> (stopped: Bool, completed: Bool)
    ) -> (stopped: Bool, completed: Bool) {
        let (mainLow, mainHigh) = direction.mainSpan(rect)
        let meetsMainSpan = 0 <= mainHigh && mainLow <= viewportMain
        // A header that ends before the key is passed over, unless pinned (it then follows the rect).
        if headerExtent > 0, meetsMainSpan, let attributes = header(pinning: pinning),
            pinning?.pinsHeaders == true || start + Offset(headerExtent) >= key
        {
            if attributes.frame.touches(rect), !body(attributes) { return (true, false) }
        }
        let cells = cells()
        if cells.stopped { return cells }
        if footerExtent > 0, meetsMainSpan, let attributes = footer(pinning: pinning),
            direction.crossSpan(attributes.frame).min <= direction.crossSpan(rect).max
        {
            if attributes.frame.touches(rect), !body(attributes) { return (true, false) }
        }
        return cells
    }
}
