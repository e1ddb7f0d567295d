/// Internal consistency checks, compiled in with `-DFLOWLAYOUT_INTERNAL_CHECKS`
/// and called at the end of every mutating entry point. Without the flag
/// ``checkInvariants()`` is an empty inlined function.
extension FlowLayoutState {
    #if FLOWLAYOUT_INTERNAL_CHECKS
    /// Verifies that cached structures equal a recomputation:
    /// - the section tree holds each section's item count, and each laid-out
    ///   section's exact extent (recomputed from its blocks);
    /// - the pending set is exactly the sections flagged `needsLayout`;
    /// - a section without blocks has only default-size items;
    /// - every laid-out section's blocks cover its items, their lines equal
    ///   freshly broken ones, and uniform blocks hold only default-size items.
    func checkInvariants() {
        precondition(sectionTree.leafCount == sections.count, "section tree size")
        precondition(metricsTable.count == geometryTable.count, "metrics and geometry tables")
        var pendingCount = 0
        for q in sections.indices {
            let section = sections[q]
            precondition(sectionTree.count(at: q) == section.itemCount, "item count of section \(q) in the tree")
            precondition(pending.contains(q) == section.needsLayout, "pending set at section \(q)")
            if section.needsLayout {
                pendingCount += 1
                continue
            }
            precondition(sectionTree.extent(at: q) == sectionExtent(q), "extent of section \(q) in the tree")
            if section.blocks == nil {
                // Without blocks every item must have the default size (overrides
                // equal to it are kept when estimate refinement stores every report).
                precondition(section.baseSizes == nil || section.itemCount == 0, "section \(q) lost its blocks")
                section.overrides.forEach { item, size in
                    precondition(size == defaultItemSize, "item \(item) of section \(q) differs without blocks")
                }
                continue
            }
            checkBlocks(of: q)
        }
        precondition(pendingCount == pending.count, "pending count")
    }

    /// Re-breaks every line of section `q` and compares with its blocks.
    private func checkBlocks(of q: Int) {
        let context = self.context(q)
        guard let blocks = sections[q].blocks else { return }
        precondition(blocks.itemCount == context.itemCount, "blocks of section \(q) cover \(blocks.itemCount) items")
        var cursor = blocks.first
        var p = 0
        while let current = cursor {
            let block = blocks[current]
            precondition(current.firstItem == p, "block start in section \(q)")
            var extent = 0.0
            if block.isUniform {
                for i in p..<(p + block.itemCount) {
                    precondition(context.sizes.size(i) == context.sizes.defaultSize, "uniform block holds item \(i)")
                }
                let end = p + block.itemCount
                precondition(
                    end == context.itemCount || block.itemCount % context.perLine == 0,
                    "uniform block of section \(q) ends mid-line")
                var start = p
                while start < end {
                    let line = context.sizes.breakLine(
                        from: start, itemCount: context.itemCount, available: context.metrics.available,
                        spacing: context.metrics.interitemSpacing)
                    precondition(line.end == min(start + context.perLine, end), "uniform line at \(start) in section \(q)")
                    start = line.end
                }
                extent = LineBlock.uniformExtent(
                    lines: context.uniformLines(itemCount: block.itemCount), thickness: context.uniformThickness,
                    lineSpacing: context.metrics.lineSpacing)
            } else {
                for j in 0..<Int(block.lineCount) {
                    let start = p + block.lineStart(j)
                    let line = context.sizes.breakLine(
                        from: start, itemCount: context.itemCount, available: context.metrics.available,
                        spacing: context.metrics.interitemSpacing)
                    precondition(line.end == p + block.lineEnd(j), "explicit line at \(start) in section \(q)")
                    extent = j == 0 ? line.thickness : extent + context.metrics.lineSpacing + line.thickness
                }
            }
            precondition(extent == block.extent, "block extent at item \(p) of section \(q)")
            p += block.itemCount
            cursor = blocks.next(current)
        }
        precondition(p == context.itemCount, "blocks end at \(p) in section \(q)")
    }
    #else
    /// Compiled out: build with `-DFLOWLAYOUT_INTERNAL_CHECKS` to enable.
    @inline(__always)
    func checkInvariants() {}
    #endif
}
