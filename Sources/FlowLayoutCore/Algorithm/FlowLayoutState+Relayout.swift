/// Re-laying out a section after some of its items changed size
/// (`flow-layout.md` 7.1), touching only what the change can move.
///
/// For each changed item `c`, re-breaking starts at the line holding item
/// `c − 1`: that line's break depends on `c`'s size when `c` starts the next
/// line. It then proceeds line by line until it reaches a line start the old
/// layout also had, whose old line (and the item that ended it) holds no changed
/// item: from there on, the old lines are still right and are kept. Lines whose
/// break is known to be unchanged (no item on them, nor the item after, changed
/// its extent along the line) are only re-measured, not re-broken, so a change
/// of height alone (vertical scrolling) re-breaks nothing. Runs of default-size
/// items are emitted as uniform blocks in O(1).
///
/// The old layout is read from the blocks being replaced: a uniform block's line
/// starts are arithmetic, an explicit block stores its line ends.
struct SizeChange: Hashable {
    /// The item whose size changed.
    var item: Int
    /// Whether its extent along the line changed (so line breaks may move).
    var alongLineChanged: Bool
}

extension FlowLayoutState {
    /// Re-lays out laid-out section `q` after the sizes of `changes` (sorted by
    /// item, unique) changed in its override store, and updates its extent.
    ///
    /// - Complexity: O(log B + items on the lines re-broken or re-measured) per
    ///   changed item, plus O(log S) for the section tree.
    mutating func relayOut(_ q: Int, changes: [SizeChange]) {
        precondition(!sections[q].needsLayout, "relayout of a pending section")
        let context = self.context(q)
        let n = context.itemCount
        let lineSpacing = context.metrics.lineSpacing
        let sizes = context.sizes
        var blocks = sections[q].blocks ?? BlockSequence(blocks: [context.implicitBlock], lineSpacing: lineSpacing)
        sections[q].blocks = nil  // keep `blocks` uniquely referenced while it changes
        var broken = 0
        var measured = 0

        func measure(_ builder: inout BlockBuilder, _ start: Int, _ end: Int) {
            builder.appendLine(itemCount: end - start, thickness: sizes.thickness(from: start, to: end))
            measured += 1
        }

        var next = 0
        while next < changes.count {
            // 1. The line where re-breaking starts, and the lines of its block before it.
            let first = changes[next].item
            let anchorItem = max(first - 1, 0)
            var startCursor = blocks.cursor(containingItem: anchorItem)
            var builder = BlockBuilder(
                perLine: context.perLine, uniformThickness: context.uniformThickness, lineSpacing: lineSpacing)
            // A short uniform run after an explicit block: start at that block, so
            // that the builder can fold the run into it (sparse reports then share
            // blocks instead of each splitting a uniform block in three).
            if blocks[startCursor].isUniform,
                (anchorItem - startCursor.firstItem) / context.perLine <= BlockBuilder.maximumMergedUniformLines,
                let previous = blocks.previous(startCursor), !blocks[previous].isUniform
            {
                let block = blocks[previous]
                for j in 0..<Int(block.lineCount) {
                    measure(&builder, previous.firstItem + block.lineStart(j), previous.firstItem + block.lineEnd(j))
                }
                startCursor = previous
            }
            let startBlock = blocks[startCursor]
            var p: Int
            if startBlock.isUniform || startCursor.firstItem + startBlock.itemCount <= anchorItem {
                // The line is in a uniform block (the one after `startCursor`, if the
                // explicit block before it was taken in above).
                let uniformCursor = startBlock.isUniform ? startCursor : blocks.next(startCursor)!
                let lines = (anchorItem - uniformCursor.firstItem) / context.perLine
                builder.appendUniform(itemCount: lines * context.perLine)
                p = uniformCursor.firstItem + lines * context.perLine
            } else {
                let line = startBlock.line(containing: anchorItem - startCursor.firstItem)
                for j in 0..<line {
                    measure(&builder, startCursor.firstItem + startBlock.lineStart(j), startCursor.firstItem + startBlock.lineEnd(j))
                }
                p = startCursor.firstItem + startBlock.lineStart(line)
            }

            // 2. New lines until they agree with old ones again, or the section ends.
            var old = startCursor
            var pendingChange = next
            while true {
                if p == n {
                    blocks.replace(from: startCursor, upTo: nil, with: builder.blocks)
                    next = changes.count
                    break
                }
                while p >= old.firstItem + blocks[old].itemCount { old = blocks.next(old)! }
                while pendingChange < changes.count && changes[pendingChange].item < p { pendingChange += 1 }
                let oldBlock = blocks[old]
                let offset = p - old.firstItem
                let oldBlockEnd = old.firstItem + oldBlock.itemCount

                // The old line starting at p, if the old layout had one.
                var oldLine: (index: Int, end: Int)?
                if oldBlock.isUniform {
                    if offset % context.perLine == 0 {
                        oldLine = (offset / context.perLine, min(p + context.perLine, oldBlockEnd))
                    }
                } else if oldBlock.hasLineStart(at: offset) {
                    let j = oldBlock.line(containing: offset)
                    oldLine = (j, old.firstItem + oldBlock.lineEnd(j))
                }
                if let oldLine {
                    // Changes on the old line or on the item that ended it.
                    var touched = false
                    var alongLine = false
                    var c = pendingChange
                    while c < changes.count && changes[c].item <= oldLine.end {
                        touched = true
                        alongLine = alongLine || changes[c].alongLineChanged
                        c += 1
                    }
                    if !touched {
                        // Back in step: keep the rest of the old block and all after it.
                        if offset == 0 {
                            blocks.replace(from: startCursor, upTo: old, with: builder.blocks)
                            next = pendingChange
                            break
                        }
                        if oldBlock.isUniform {
                            builder.appendUniform(itemCount: oldBlockEnd - p)
                        } else {
                            for j in oldLine.index..<Int(oldBlock.lineCount) {
                                measure(&builder, old.firstItem + oldBlock.lineStart(j), old.firstItem + oldBlock.lineEnd(j))
                            }
                        }
                        blocks.replace(from: startCursor, upTo: blocks.next(old), with: builder.blocks)
                        next = pendingChange
                        break
                    }
                    if !alongLine {
                        // The break cannot have moved; only the thickness may have.
                        measure(&builder, p, oldLine.end)
                        p = oldLine.end
                        continue
                    }
                }
                if context.hasDefaultBase {
                    // Default-size lines, each followed by a default-size item, are uniform.
                    let override = sizes.overrides.next(atOrAfter: p) ?? n
                    if override == n && oldBlockEnd == n {
                        builder.appendUniform(itemCount: n - p)
                        p = n
                        continue
                    }
                    let lines = (min(override - 1, oldBlockEnd) - p) / context.perLine
                    if lines > 0 {
                        builder.appendUniform(itemCount: lines * context.perLine)
                        p += lines * context.perLine
                        continue
                    }
                }
                let line = sizes.breakLine(
                    from: p, itemCount: n, available: context.metrics.available,
                    spacing: context.metrics.interitemSpacing)
                builder.appendLine(itemCount: line.end - p, thickness: line.thickness)
                broken += 1
                p = line.end
            }
        }

        // 3. Store; a section back to all-default sizes needs no blocks.
        sections[q].blocks = sections[q].isImplicitlyUniform ? nil : blocks
        sectionTree.update(q, count: n, extent: sectionExtent(q))
        workCounters.linesBroken += broken
        workCounters.linesMeasured += measured
        workCounters.sectionsTouched += 1
    }
}
