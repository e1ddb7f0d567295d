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
        /// Whether the host gave per-item sizes: such a section is never uniform (3.3).
        package var hasItemSizes: Bool

        /// Creates a section.
        package init(section: FlowSection, sizes: [Size?], hasItemSizes: Bool) {
            self.section = section
            self.sizes = sizes
            self.hasItemSizes = hasItemSizes
        }
    }

    /// Lays out everything.
    ///
    /// - Parameters:
    ///   - configuration: the layout's properties.
    ///   - options: the settings beyond UIKit (alignment; the rest do not change frames).
    ///   - sections: the sections.
    ///   - viewportSize: the collection view's bounds size.
    ///   - reportedSizes: real sizes reported by items; they override every other
    ///     size. A section stays uniform while every size reported in it equals
    ///     `itemSize`.
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
            Section(
                section: section,
                sizes: (0..<section.itemCount).map { reportedSizes[FlowIndexPath(item: $0, section: s)] ?? section.itemSizes?[$0] },
                hasItemSizes: section.itemSizes != nil)
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
            let available = viewportMain - (vertical ? inset.left + inset.right : inset.top + inset.bottom)

            // 4.1, 4.2: the header, then the leading inset.
            if header > 0 {
                attributes.append(
                    LayoutAttributes(
                        category: .header, indexPath: FlowIndexPath(item: 0, section: s),
                        frame: frame(main: 0, cross: y, main: viewportMain, cross: header)))
            }
            y += header
            y += vertical ? inset.top : inset.left

            let n = section.itemCount
            let sizes = described[s].sizes.map { $0 ?? defaultSize }
            // 3.3: uniform means every item takes itemSize: no per-item sizes, no
            // estimate, no size of its own other than itemSize.
            let uniform =
                !described[s].hasItemSizes && !selfSizing
                && described[s].sizes.allSatisfy { $0 == nil || $0 == configuration.itemSize }

            // 2.1: greedy lines, any number of items each.
            var lines: [Range<Int>] = []
            var i = 0
            while i < n {
                let start = i
                var running = main(sizes[i])
                i += 1
                while i < n {
                    let candidate = running + spacing + main(sizes[i])
                    if candidate <= available {
                        running = candidate
                        i += 1
                    } else {
                        break
                    }
                }
                lines.append(start..<i)
            }

            // 3.3: how many itemSize items a full line holds; nil when any number
            // does (the running extent stops growing before it passes the line).
            var fullLine: Int? = 1
            let w = main(configuration.itemSize)
            if uniform && w <= available {
                var running = w
                var k = 1
                while running + spacing + w <= available {
                    let next = running + spacing + w
                    if next == running {
                        k = 0
                        break
                    }
                    running = next
                    k += 1
                }
                fullLine = k == 0 ? nil : k
            }

            for (index, line) in lines.enumerated() {
                let isLast = index == lines.count - 1
                var thickness = 0.0
                for item in line { thickness = max(thickness, cross(sizes[item])) }
                // 3.4: which alignment applies to this line, as UIKit's default or as configured.
                enum Mode {
                    case uikit, justified
                    case packed(Double)
                }
                let mode: Mode
                if isLast {
                    switch options.lastLineAlignment {
                    case .automatic: mode = .uikit
                    case .justified: mode = .justified
                    case .leading: mode = .packed(0)
                    case .center: mode = .packed(0.5)
                    case .trailing: mode = .packed(1)
                    }
                } else {
                    switch options.lineAlignment {
                    case .justified: mode = .justified
                    case .leading: mode = .packed(0)
                    case .center: mode = .packed(0.5)
                    case .trailing: mode = .packed(1)
                    }
                }
                lineRanges.append(attributes.count..<(attributes.count + line.count))
                var xs: [Double] = []
                if line.count == 1 && main(sizes[line.lowerBound]) > available {
                    xs = [leading]  // 2.2, whatever the alignment
                    oversizeItems.append(FlowIndexPath(item: line.lowerBound, section: s))
                } else {
                    var x = leading
                    var gap = spacing
                    switch mode {
                    case .justified where line.count == 1:
                        x = leading + (available - main(sizes[line.lowerBound])) / 2  // 3.2
                    case .justified:
                        // 3.1: justified.
                        var total = main(sizes[line.lowerBound])
                        for item in line.dropFirst() { total += main(sizes[item]) }
                        gap = (available - total) / Double(line.count - 1)
                    case .uikit:
                        // 3.3: uniform sections sit on the columns of a full line of k
                        // items (one item per line: centred); others are leading.
                        if uniform, let k = fullLine {
                            if k == 1 {
                                x = leading + (available - main(sizes[line.lowerBound])) / 2
                            } else {
                                var total = w
                                for _ in 1..<k { total += w }
                                gap = (available - total) / Double(k - 1)
                            }
                        }
                    case .packed(let fraction):
                        var running = main(sizes[line.lowerBound])
                        for item in line.dropFirst() { running = running + spacing + main(sizes[item]) }
                        if fraction == 0.5 { x = leading + (available - running) / 2 }
                        if fraction == 1 { x = leading + (available - running) }
                    }
                    for item in line {
                        xs.append(x)
                        x = x + main(sizes[item]) + gap
                    }
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

            // 4.1: the trailing inset, then the footer.
            y += vertical ? inset.bottom : inset.right
            sectionSpans.append(
                SectionSpan(start: sectionStart, headerExtent: max(header, 0), linesEnd: y, footerExtent: max(footer, 0)))
            if footer > 0 {
                attributes.append(
                    LayoutAttributes(
                        category: .footer, indexPath: FlowIndexPath(item: 0, section: s),
                        frame: frame(main: 0, cross: y, main: viewportMain, cross: footer)))
            }
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
