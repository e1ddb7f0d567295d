/// The runs of a section built straight from the sizes a host gave: laid out
/// (a section's first layout) or only packed (a pending section about to be
/// edited before its first layout).
extension SectionLayout {
    /// The runs of a section whose items all have the sizes `given`: the one
    /// full-layout loop, reading the host's array in place. Runs close at the
    /// first line start after ``Run/sizedCapacity`` items, as ``RunBuilder``'s do.
    ///
    /// - Complexity: O(n).
    static func layOut(given: [Size], geometry: LineGeometry) -> BTree<Run> {
        var runs: [Run] = []
        runs.reserveCapacity(given.count / Run.sizedCapacity + 1)
        given.withUnsafeBufferPointer { sizes in
            let n = sizes.count
            var p = 0
            var runStart = 0
            var lines = 0
            var advance = Offset.zero
            while p < n {
                var line = OpenLine()
                var q = p
                while q < n && line.take(sizes[q], in: geometry) { q += 1 }
                lines += 1
                advance += Offset(line.thickness) + geometry.lineSpacingOffset
                p = q
                if p - runStart >= Run.sizedCapacity || p == n {
                    let slice = UnsafeBufferPointer(rebasing: sizes[runStart..<p])
                    runs.append(
                        Run(
                            itemCount: p - runStart, lineCount: lines, advance: advance, sizes: .dense(slice),
                            sizedCount: p - runStart))
                    runStart = p
                    lines = 0
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
