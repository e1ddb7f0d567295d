import FlowLayoutCore

/// The eager reference layout: lays out every element at once with plain linear
/// scans, following `flow-layout.md` rule by rule. It is the oracle for the
/// engine's tests and the baseline of its benchmarks.
///
/// It shares only the input and geometry types with the engine, none of its
/// algorithms: it is meant to be short enough to check by reading.
package struct ReferenceLayout: Sendable {
    /// Every element, per section: header, cells by index, footer.
    package private(set) var attributes: [LayoutAttributes] = []
    /// The content size (`flow-layout.md` 4.5).
    package private(set) var contentSize = Size.zero
    /// Oversize items, as `(section, item)` pairs, in order (`flow-layout.md` 2.2).
    package private(set) var oversizeItems: [FlowIndexPath] = []
    /// Each line's cells, as a range of indices into ``attributes``, in order.
    package private(set) var lineRanges: [Range<Int>] = []
    /// Each section's extents along the scroll axis (`flow-layout.md` 4.1), for
    /// pinning (8.1) and snapping (8.5).
    package private(set) var sectionSpans: [SectionSpan] = []

    /// Where a section's parts lie along the scroll axis, in natural (left to
    /// right, unpinned) coordinates.
    package struct SectionSpan: Sendable, Hashable {
        /// Where the section starts: its header's leading edge.
        package var start: Double
        /// The header's extent along the scroll axis (0 when omitted).
        package var headerExtent: Double
        /// The end of the lines' area, the footer's leading edge: *E* of 8.1.
        package var linesEnd: Double
        /// The footer's extent along the scroll axis (0 when omitted).
        package var footerExtent: Double
        /// Where the section's content starts, after its header: *S* of 8.1.
        package var contentStart: Double { start + headerExtent }
    }

    /// One section as the reference reads it: the section's metrics and count,
    /// and each item's own size (`nil`: the default size).
    package struct Section: Sendable {
        /// The section's count and per-section overrides (its `itemSizes` are ignored).
        package var section: FlowSection
        /// Each item's size of its own, or `nil` for the default size.
        package var sizes: [Size?]
        /// Whether the host gave per-item sizes (explicit sizes even in a
        /// self-sizing layout, `flow-layout.md` 10.2).
        package var hasItemSizes: Bool
        /// The section's columns when it is a waterfall section (12), else `nil`.
        package var waterfall: ReferenceWaterfall?

        /// Creates a section.
        package init(section: FlowSection, sizes: [Size?], hasItemSizes: Bool, waterfall: ReferenceWaterfall? = nil) {
            self.section = section
            self.sizes = sizes
            self.hasItemSizes = hasItemSizes
            self.waterfall = waterfall
        }
    }

    /// Each waterfall section's columns as this layout used them (12.3 b
    /// assigns them when a section had none), by section index.
    package private(set) var waterfallColumns: [Int: [Int]] = [:]

    /// Lays out everything.
    ///
    /// - Parameters:
    ///   - configuration: the layout's properties.
    ///   - options: the settings beyond UIKit (alignment; the rest do not change frames).
    ///   - sections: the sections.
    ///   - viewportSize: the collection view's bounds size.
    ///   - reportedSizes: real sizes reported by items; they override every other
    ///     size. A section is uniform while every item's size is the same (3.3).
    ///   - estimatedItemSize: the size of self-sizing items that have not
    ///     reported, when it differs from `configuration.estimatedItemSize`
    ///     (an engine refining its estimate).
    /// - Complexity: O(n) for n items, plus O(k) per uniform section for its fit count k.
    package init(
        configuration: FlowLayoutConfiguration,
        options: FlowLayoutOptions = FlowLayoutOptions(),
        sections: [FlowSection],
        viewportSize: Size,
        reportedSizes: [FlowIndexPath: Size] = [:],
        estimatedItemSize: Size? = nil
    ) {
        let described = sections.enumerated().map { s, section in
            // Read once: sizes given in chunks are joined on each read.
            let itemSizes = section.itemSizes
            return Section(
                section: section,
                sizes: (0..<section.itemCount).map { reportedSizes[FlowIndexPath(item: $0, section: s)] ?? itemSizes?[$0] },
                hasItemSizes: itemSizes != nil)
        }
        self.init(
            configuration: configuration, options: options, sections: described, viewportSize: viewportSize,
            estimatedItemSize: estimatedItemSize)
    }

    /// Lays out sections whose items each have a size of their own or take the
    /// default size; see ``init(configuration:options:sections:viewportSize:reportedSizes:estimatedItemSize:)``.
    package init(
        configuration: FlowLayoutConfiguration,
        options: FlowLayoutOptions = FlowLayoutOptions(),
        sections described: [Section],
        viewportSize: Size,
        estimatedItemSize: Size? = nil
    ) {
        let vertical = configuration.scrollDirection == .vertical
        // Main axis: along a line. Cross axis: across lines, the scroll axis.
        func main(_ size: Size) -> Double { vertical ? size.width : size.height }
        func cross(_ size: Size) -> Double { vertical ? size.height : size.width }
        func frame(main x: Double, cross y: Double, main w: Double, cross h: Double) -> Rect {
            vertical ? Rect(x: x, y: y, width: w, height: h) : Rect(x: y, y: x, width: h, height: w)
        }
        let selfSizing = configuration.estimatedItemSize != .zero
        let defaultSize = selfSizing ? (estimatedItemSize ?? configuration.estimatedItemSize) : configuration.itemSize
        let viewportMain = main(viewportSize)
        // 4.2: a header or footer spans the viewport along the lines.
        func appendSupplementary(_ category: ElementCategory, section s: Int, cross y: Double, extent: Double) {
            attributes.append(
                LayoutAttributes(
                    category: category, indexPath: FlowIndexPath(item: 0, section: s),
                    frame: frame(main: 0, cross: y, main: viewportMain, cross: extent)))
        }
        let sections = described.map(\.section)

        var y = 0.0
        for (s, section) in sections.enumerated() {
            let sectionStart = y
            let inset = section.sectionInset ?? configuration.sectionInset
            let lineSpacing = section.minimumLineSpacing ?? configuration.minimumLineSpacing
            let spacing = section.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
            let header = cross(section.headerReferenceSize ?? configuration.headerReferenceSize)
            let footer = cross(section.footerReferenceSize ?? configuration.footerReferenceSize)
            let leading = vertical ? inset.left : inset.top
            // avail = viewport − inset.left − inset.right, in that order (the spec's terms).
            let available = vertical ? viewportMain - inset.left - inset.right : viewportMain - inset.top - inset.bottom

            // 4.1, 4.2: the header, then the leading inset.
            if header > 0 { appendSupplementary(.header, section: s, cross: y, extent: header) }
            y += header
            y += vertical ? inset.top : inset.left

            let n = section.itemCount
            let sizes = described[s].sizes.map { $0 ?? defaultSize }
            if let waterfall = described[s].waterfall {
                // 12: columns instead of lines.
                let (count, width) = ReferenceWaterfall.resolve(waterfall.columns, available: available, spacing: spacing)
                let lengths = sizes.map { ReferenceWaterfall.length(of: $0, columnWidth: width, vertical: vertical) }
                let columns =
                    waterfall.itemColumns ?? ReferenceWaterfall.assignAll(lengths: lengths, count: count, lineSpacing: lineSpacing)
                waterfallColumns[s] = columns
                let (offsets, extent) = ReferenceWaterfall.offsets(
                    lengths: lengths, columns: columns, count: count, lineSpacing: lineSpacing)
                for item in 0..<n {
                    // 8.5 (12.4): every item's top is a line start.
                    lineRanges.append(attributes.count..<(attributes.count + 1))
                    attributes.append(
                        LayoutAttributes(
                            category: .cell, indexPath: FlowIndexPath(item: item, section: s),
                            frame: frame(
                                main: leading + Double(columns[item]) * (width + spacing), cross: y + offsets[item], main: width,
                                cross: lengths[item])))
                }
                y += extent
            } else {
                // 3.3: uniform means not self-sizing and every item the same size,
                // whether from itemSize or from equal per-item sizes.
                let uniform = !selfSizing && sizes.allSatisfy { $0 == sizes[0] }
                let w = n > 0 ? main(sizes[0]) : 0

                // 2.1, uniform: n per line by floor division (nil: any number fits).
                var perLine: Int? = 1
                if uniform && n > 0 {
                    if w + spacing == 0 {
                        perLine = available >= 0 ? nil : 1
                    } else {
                        let count = ((available + spacing) / (w + spacing)).rounded(.down)
                        perLine = count >= 0x1p62 ? nil : max(1, Int(count))
                    }
                }

                // 2.1: lines, and each line's final `remaining` (any other section).
                var lines: [Range<Int>] = []
                var remainders: [Double] = []
                if uniform {
                    var i = 0
                    while i < n {
                        let end = perLine.map { min(n, i + $0) } ?? n
                        lines.append(i..<end)
                        i = end
                    }
                } else {
                    var i = 0
                    while i < n {
                        let start = i
                        var remaining = available - (spacing + main(sizes[i]))
                        i += 1
                        while i < n && main(sizes[i]) <= remaining {
                            remaining = remaining - (spacing + main(sizes[i]))
                            i += 1
                        }
                        lines.append(start..<i)
                        remainders.append(remaining)
                    }
                }
                // 3.3 (a), (b): whether the last line is laid out like a full line.
                let everyLineSingle = n > 0 && lines.count == n
                let lastLikeFull =
                    !uniform
                    && (everyLineSingle || (lines.count >= 2 && remainders[lines.count - 1] == remainders[lines.count - 2]))
                // 3.3: a self-sizing section whose items all share one width: the
                // columns of a full (justified) line of such items, n by subtraction.
                var sharedColumns: (start: Double, gap: Double)?
                if selfSizing && n > 0 && sizes.allSatisfy({ main($0) == w }) && w <= available {
                    var k = 1
                    var remaining = available - (spacing + w)
                    var unbounded = false
                    while w <= remaining {
                        let next = remaining - (spacing + w)
                        if next == remaining {
                            unbounded = true
                            break
                        }
                        remaining = next
                        k += 1
                    }
                    if !unbounded {
                        if k == 1 {
                            sharedColumns = (leading + (available - w) / 2, 0)
                        } else {
                            var total = w
                            for _ in 1..<k { total += w }
                            sharedColumns = (leading, (available - total) / Double(k - 1))
                        }
                    }
                }

                for (index, line) in lines.enumerated() {
                    let isLast = index == lines.count - 1
                    var thickness = 0.0
                    for item in line { thickness = max(thickness, cross(sizes[item])) }
                    lineRanges.append(attributes.count..<(attributes.count + line.count))
                    let oversize = line.count == 1 && main(sizes[line.lowerBound]) > available
                    if oversize { oversizeItems.append(FlowIndexPath(item: line.lowerBound, section: s)) }

                    // A line's items placed by an alignment (3.1, 3.2, 3.4), from its own items.
                    func aligned(_ alignment: LineAlignment) -> [Double] {
                        var x = leading
                        var gap = spacing
                        switch alignment {
                        case .justified where line.count == 1:
                            x = leading + (available - main(sizes[line.lowerBound])) / 2  // 3.2
                        case .justified:
                            var total = main(sizes[line.lowerBound])
                            for item in line.dropFirst() { total += main(sizes[item]) }
                            gap = (available - total) / Double(line.count - 1)  // 3.1
                        case .leading:
                            break
                        case .center, .trailing:
                            var running = main(sizes[line.lowerBound])
                            for item in line.dropFirst() { running = running + spacing + main(sizes[item]) }
                            x = alignment == .center ? leading + (available - running) / 2 : leading + (available - running)
                        }
                        var xs: [Double] = []
                        for item in line {
                            xs.append(x)
                            x = x + main(sizes[item]) + gap
                        }
                        return xs
                    }
                    // 3.3, 3.4: the columns of a full uniform line of k items, as the
                    // line alignment places one.
                    func columns(_ k: Int) -> [Double] {
                        switch options.lineAlignment {
                        case .justified:
                            if k == 1 { return line.map { _ in leading + (available - w) / 2 } }  // 2.2 too
                            let gap = (available - Double(k) * w) / Double(k - 1)
                            return (0..<line.count).map { leading + Double($0) * (w + gap) }
                        case .leading, .center, .trailing:
                            var running = w
                            for _ in 1..<k { running = running + spacing + w }
                            var x = leading
                            if options.lineAlignment == .center { x = leading + (available - running) / 2 }
                            if options.lineAlignment == .trailing { x = leading + (available - running) }
                            var xs: [Double] = []
                            for _ in line {
                                xs.append(x)
                                x = x + w + spacing
                            }
                            return xs
                        }
                    }
                    func explicitLast() -> LineAlignment? {
                        switch options.lastLineAlignment {
                        case .automatic: nil
                        case .justified: .justified
                        case .leading: .leading
                        case .center: .center
                        case .trailing: .trailing
                        }
                    }

                    var xs: [Double]
                    if uniform, let k = perLine {
                        if isLast, let alignment = explicitLast() { xs = aligned(alignment) } else { xs = columns(k) }
                    } else if uniform {
                        // Any number fits: one line, leading unless told otherwise.
                        xs = aligned(isLast ? (explicitLast() ?? .leading) : options.lineAlignment)
                    } else if oversize {
                        xs = [leading]  // 2.2, whatever the alignment
                    } else if !isLast {
                        xs = aligned(options.lineAlignment)
                    } else if let alignment = explicitLast() {
                        xs = aligned(alignment)
                    } else if lastLikeFull {
                        xs = aligned(options.lineAlignment)
                    } else if options.lineAlignment == .justified, let shared = sharedColumns {
                        var x = shared.start
                        xs = []
                        for item in line {
                            xs.append(x)
                            x = x + main(sizes[item]) + shared.gap
                        }
                    } else {
                        xs = aligned(.leading)
                    }
                    for (offset, item) in line.enumerated() {
                        let size = sizes[item]
                        // 2.3 and 3.4: across the line.
                        let y =
                            switch options.crossAlignment {
                            case .top: y
                            case .center: y + (thickness - cross(size)) / 2
                            case .bottom: y + (thickness - cross(size))
                            }
                        attributes.append(
                            LayoutAttributes(
                                category: .cell, indexPath: FlowIndexPath(item: item, section: s),
                                frame: frame(main: xs[offset], cross: y, main: main(size), cross: cross(size))))
                    }
                    // 2.4: line spacing between lines only.
                    y += thickness
                    if !isLast { y += lineSpacing }
                }

            }

            // 4.1: the trailing inset, then the footer.
            y += vertical ? inset.bottom : inset.right
            sectionSpans.append(
                SectionSpan(start: sectionStart, headerExtent: max(header, 0), linesEnd: y, footerExtent: max(footer, 0)))
            if footer > 0 { appendSupplementary(.footer, section: s, cross: y, extent: footer) }
            y += footer
        }
        contentSize = vertical ? Size(width: viewportSize.width, height: y) : Size(width: y, height: viewportSize.height)
    }

    /// The elements whose frames meet `rect`, touching edges included, in order.
    ///
    /// - Complexity: O(n): a linear scan.
    package func elements(in rect: Rect) -> [LayoutAttributes] {
        attributes.filter { $0.frame.touches(rect) }
    }
}
