/// Laying out a section from the sizes its host gave (`flow-layout.md` 2.1):
/// the one full-layout loop, which breaks every line of a section the first
/// time a query reaches it, reading the host's sizes in place.
extension GivenSizes {
    /// The runs of a section whose items have these sizes, laid out under
    /// `geometry`: the one full-layout loop, reading each chunk in place and
    /// letting it go once its sizes are in runs. Runs close at the first line
    /// start after ``Run/givenCapacity`` items; a line or a run may span
    /// chunks. The runs' sizes are copied into shared storages
    /// (``SizeStorage/shared(_:initialize:)``), and the runs go straight into
    /// the tree (``BTree/Builder``). Leaves the sizes empty.
    ///
    /// - Complexity: O(n).
    mutating func laidOut(geometry: LineGeometry) -> BTree<Run> {
        if chunks.count == 1 {
            // One array (the common case): no line or run can span chunks, so
            // its lines come straight from the buffer.
            let sizes = chunks[0]
            self = GivenSizes([])
            return Self.laidOut(sizes, geometry: geometry)
        }
        var runs = RunCollector()
        var line = OpenLine()
        for index in chunks.indices {
            let isLast = index == chunks.count - 1
            chunks[index].withUnsafeBufferPointer { sizes in
                let n = sizes.count
                var p = 0
                while true {
                    while p < n && line.take(sizes[p], in: geometry) { p += 1 }
                    guard p < n || isLast else { break }  // the line goes on in the next chunk
                    runs.closeLine(thickness: line.thickness, geometry: geometry)
                    line = OpenLine()
                    if runs.openItems(upTo: p) >= Run.givenCapacity || p == n {
                        runs.closeRun(sizes, upTo: p, lineSpacing: geometry.lineSpacingOffset)
                    }
                    if p == n { break }
                }
                runs.endChunk(sizes, isLast: isLast)
            }
            release(chunk: index)
        }
        self = GivenSizes([])
        return runs.finish()
    }

    /// The runs of a section whose items have the sizes of one array, laid out
    /// under `geometry`, its lines broken in place by ``DenseLines``. Runs close
    /// as in ``laidOut(geometry:)``.
    ///
    /// - Complexity: O(n).
    private static func laidOut(_ given: [Size], geometry: LineGeometry) -> BTree<Run> {
        var runs = RunCollector()
        given.withUnsafeBufferPointer { sizes in
            var lines = DenseLines(sizes)
            while let line = lines.next(in: geometry) {
                runs.closeLine(thickness: line.thickness, geometry: geometry)
                let end = line.items.upperBound
                if runs.openItems(upTo: end) >= Run.givenCapacity || end == sizes.count {
                    runs.closeRun(sizes, upTo: end, lineSpacing: geometry.lineSpacingOffset)
                }
            }
            runs.endChunk(sizes, isLast: true)
        }
        return runs.finish()
    }

}
