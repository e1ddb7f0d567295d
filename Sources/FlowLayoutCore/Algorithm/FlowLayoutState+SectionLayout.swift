/// Laying sections out: resolving their metrics, computing their extents, and
/// breaking their lines into blocks the first time a query needs them
/// (`flow-layout.md` 2, 4).
///
/// A section is either *laid out*, with an exact extent in the section tree, or
/// *pending* (never laid out, or invalidated by a viewport width change or a new
/// estimate), with an estimated extent: its items counted at their typical size
/// in closed form. Queries lay out every pending section before the point they
/// read, so frames are always exact; sections past it may stay pending.
extension FlowLayoutState {
    /// Resolves the metrics table and the default-size line geometry of each entry.
    ///
    /// - Complexity: O(distinct metrics × fit count).
    mutating func resolveMetrics() {
        metricsTable = metricsSources.map {
            SectionMetrics(configuration: configuration, section: $0, viewportSize: viewportSize)
        }
        let size = defaultItemSize
        let direction = configuration.scrollDirection
        geometryTable = metricsTable.map { DefaultLineGeometry(size: size, direction: direction, metrics: $0) }
    }

    /// Rebuilds the section tree from the sections' exact or estimated extents and
    /// the pending set from their `needsLayout` flags.
    ///
    /// - Complexity: O(S).
    mutating func rebuildSectionTree() {
        var pending = PendingSections(sectionCount: sections.count)
        var extents = [Double](repeating: 0, count: sections.count)
        // Runs of sections alike (same metrics, same count, default sizes) share
        // one closed-form extent: creating 10,000 equal sections costs one.
        var previous: (metricsIndex: Int, itemCount: Int, extent: Double)?
        for q in sections.indices {
            let section = sections[q]
            if section.needsLayout {
                pending.insert(q)
                extents[q] = estimatedExtent(q)
            } else if section.blocks == nil, let last = previous, last.metricsIndex == section.metricsIndex,
                last.itemCount == section.itemCount
            {
                extents[q] = last.extent
            } else {
                extents[q] = sectionExtent(q)
                if section.blocks == nil { previous = (section.metricsIndex, section.itemCount, extents[q]) }
            }
        }
        self.pending = pending
        self.sectionTree = SummaryTree(leafCount: sections.count) { (sections[$0].itemCount, extents[$0]) }
    }

    /// Marks every section that has lines of its own as pending and recomputes
    /// every extent: after a change of configuration, viewport width or estimate.
    ///
    /// - Complexity: O(S).
    mutating func invalidateAllSections() {
        resolveMetrics()
        for q in sections.indices where !sections[q].isImplicitlyUniform {
            sections[q].needsLayout = true
        }
        rebuildSectionTree()
    }

    /// The exact extent of a laid-out section.
    func sectionExtent(_ q: Int) -> Double {
        let section = sections[q]
        let metrics = metricsTable[section.metricsIndex]
        let advance: Double
        if let blocks = section.blocks {
            advance = blocks.totalAdvance
        } else {
            advance = implicitAdvance(
                itemCount: section.itemCount, size: defaultItemSize, metricsIndex: section.metricsIndex)
        }
        return metrics.sectionExtent(linesExtent: metrics.linesExtent(totalAdvance: advance, itemCount: section.itemCount))
    }

    /// The estimated extent of a pending section: its items at their typical size
    /// (the default size, or the mean of its per-item sizes), in closed form.
    func estimatedExtent(_ q: Int) -> Double {
        let section = sections[q]
        let metrics = metricsTable[section.metricsIndex]
        let size = section.baseSizes == nil ? defaultItemSize : section.meanBaseSize
        let advance = implicitAdvance(itemCount: section.itemCount, size: size, metricsIndex: section.metricsIndex)
        return metrics.sectionExtent(linesExtent: metrics.linesExtent(totalAdvance: advance, itemCount: section.itemCount))
    }

    /// The total advance of `itemCount` items of one size in uniform lines: the
    /// advance a one-block ``BlockSequence`` of them would hold.
    private func implicitAdvance(itemCount: Int, size: Size, metricsIndex: Int) -> Double {
        guard itemCount > 0 else { return 0 }
        let metrics = metricsTable[metricsIndex]
        let direction = configuration.scrollDirection
        let geometry =
            size == defaultItemSize
            ? geometryTable[metricsIndex]
            : DefaultLineGeometry(size: size, direction: direction, metrics: metrics)
        let perLine = geometry.fit.perLine
        let lines = (itemCount + perLine - 1) / perLine
        let extent = LineBlock.uniformExtent(lines: lines, thickness: geometry.cross, lineSpacing: metrics.lineSpacing)
        return 0 + extent + metrics.lineSpacing
    }

    /// Lays out every pending section up to and including `q`.
    mutating func layOutPendingSections(through q: Int) {
        var from = 0
        while let p = pending.first(atOrAfter: from), p <= q {
            layOutSection(p)
            from = p + 1
        }
    }

    /// Lays out section `q` from scratch: breaks its lines into blocks (uniform
    /// runs of default-size items in closed form), records its exact extent.
    ///
    /// - Complexity: O(items with their own size + lines that hold them).
    mutating func layOutSection(_ q: Int) {
        let context = self.context(q)
        let n = context.itemCount
        if sections[q].isImplicitlyUniform || n == 0 {
            sections[q].blocks = nil
        } else {
            var builder = BlockBuilder(
                perLine: context.perLine, uniformThickness: context.uniformThickness,
                lineSpacing: context.metrics.lineSpacing)
            let lines = Self.breakLines(context: context, into: &builder)
            sections[q].blocks = BlockSequence(blocks: builder.blocks, lineSpacing: context.metrics.lineSpacing)
            workCounters.linesBroken += lines
        }
        sections[q].needsLayout = false
        pending.remove(q)
        sectionTree.update(q, count: n, extent: sectionExtent(q))
        workCounters.sectionsLaidOut += 1
    }

    /// Breaks a section's lines, emitting runs of default-size items as uniform
    /// blocks, and returns the number of lines broken.
    private static func breakLines(context: SectionContext, into builder: inout BlockBuilder) -> Int {
        let sizes = context.sizes
        let n = context.itemCount
        let perLine = context.perLine
        let available = context.metrics.available
        let spacing = context.metrics.interitemSpacing
        var lines = 0
        var p = 0
        while p < n {
            if context.hasDefaultBase {
                // Lines of default-size items, each followed by a default-size
                // item (or the end), are uniform: k items each.
                let next = sizes.overrides.next(atOrAfter: p) ?? n
                if next == n {
                    builder.appendUniform(itemCount: n - p)
                    break
                }
                let uniformLines = (next - 1 - p) / perLine
                if uniformLines > 0 {
                    builder.appendUniform(itemCount: uniformLines * perLine)
                    p += uniformLines * perLine
                    continue
                }
            }
            let line = sizes.breakLine(from: p, itemCount: n, available: available, spacing: spacing)
            builder.appendLine(itemCount: line.end - p, thickness: line.thickness)
            lines += 1
            p = line.end
        }
        return lines
    }

    /// The offset of section `q`'s start: the sum of the extents before it.
    /// Sections before `q` must be laid out for it to be exact.
    @inline(__always)
    func sectionStart(_ q: Int) -> Double {
        sectionTree.prefix(before: q).extent
    }
}
