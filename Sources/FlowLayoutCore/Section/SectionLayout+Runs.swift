/// The runs of a section built straight from the sizes a host gave: laid out
/// (a section's first layout) or only packed (a pending section about to be
/// edited before its first layout).
extension SectionLayout {
    /// The runs of a section whose items all have the sizes `given`, reading the
    /// host's array in place, line by line (``DenseLines``). Runs close at the
    /// first line start after ``Run/sizedCapacity`` items, as ``RunBuilder``'s do.
    ///
    /// - Complexity: O(n).
    static func layOut(given: [Size], geometry: LineGeometry) -> BTree<Run> {
        var runs: [Run] = []
        runs.reserveCapacity(given.count / Run.sizedCapacity + 1)
        given.withUnsafeBufferPointer { sizes in
            let n = sizes.count
            var lines = DenseLines(sizes)
            var runStart = 0
            var lineCount = 0
            var advance = Offset.zero
            while let line = lines.next(in: geometry) {
                lineCount += 1
                advance += Offset(line.thickness) + geometry.lineSpacingOffset
                let p = line.items.upperBound
                if p - runStart >= Run.sizedCapacity || p == n {
                    let slice = UnsafeBufferPointer(rebasing: sizes[runStart..<p])
                    runs.append(
                        Run(
                            itemCount: p - runStart, lineCount: lineCount, advance: advance, sizes: .dense(slice),
                            sizedCount: p - runStart))
                    runStart = p
                    lineCount = 0
                    advance = .zero
                }
            }
        }
        return BTree(runs)
    }

    /// Packs the sizes a host gave into unaligned runs (a pending section about
    /// to be edited before its first layout).
    static func pack(given: [Size]) -> BTree<Run> {
        var runs: [Run] = []
        given.withUnsafeBufferPointer { sizes in
            var start = 0
            while start < sizes.count {
                let end = Swift.min(start + Run.sizedCapacity, sizes.count)
                let slice = UnsafeBufferPointer(rebasing: sizes[start..<end])
                runs.append(
                    Run(
                        itemCount: end - start, lineCount: 0, advance: .zero, sizes: .dense(slice),
                        sizedCount: end - start))
                start = end
            }
        }
        return BTree(runs)
    }
}
