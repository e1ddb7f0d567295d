/// A section's own consistency checks, compiled in with
/// `-DFLOWLAYOUT_INTERNAL_CHECKS` (``FlowLayoutState/checkInvariants()`` runs
/// them for every section).
extension FlowSectionLayout {
    #if FLOWLAYOUT_INTERNAL_CHECKS
    /// Verifies that the section's cached values equal a recomputation, as
    /// section `q`: its store's sums, its runs (``checkRuns(section:)``), and its
    /// extent and bound (the estimate and bound of a pending section, the exact
    /// extent of a laid-out one).
    func checkInvariants(section q: Int) {
        if let store = record.store {
            precondition(store.sizedCount > 0, "section \(q) keeps a store without sizes")
            var sums = SizeSums.zero
            if let given = store.givenSizes {
                sums = SizeSums(given)
                precondition(
                    store.sums.commonSize != nil || !given.allSatisfy({ $0 == given[0] }),
                    "census of equal sizes in section \(q)")
            } else {
                store.runs.forEach(from: 0, before: .zero) { run, _ in
                    sums.add(run.sums)
                    return true
                }
            }
            // Sums kept up to date equal sums recomputed, unless they saturated.
            precondition(store.sums.isSaturated || store.sums.matches(sums), "size sums of section \(q)")
            if store.givenSizes != nil {
                precondition(record.isPending, "section \(q) holds given sizes but is laid out")
                precondition(store.runs.isEmpty && store.givenSizes!.count == record.itemCount, "given sizes of \(q)")
            } else {
                precondition(store.runs.summary.items == record.itemCount, "runs of section \(q) cover its items")
                checkRuns(section: q)
            }
        } else {
            precondition(!record.isPending, "section \(q) is pending without items of its own")
        }
        if record.isPending {
            precondition(record.extent == extents.estimate(of: record), "estimate of pending section \(q)")
            precondition(record.bound == extents.upperBound(of: record), "bound of pending section \(q)")
        } else {
            precondition(record.extent == extents.exact(of: record), "extent of section \(q)")
            precondition(record.bound == record.extent, "bound of laid-out section \(q)")
        }
    }

    /// Checks a section's runs: the tree, each run's own invariants, and, when the
    /// section is laid out, that each run's lines are what breaking gives.
    private func checkRuns(section q: Int) {
        let store = record.store!
        store.runs.checkStructure()
        let geometry = geometry
        var runStarts: [Int] = []
        var start = 0
        store.runs.forEach(from: 0, before: .zero) { run, before in
            precondition(before.items == start, "run order in section \(q)")
            precondition(run.itemCount > 0, "empty run in section \(q)")
            runStarts.append(start)
            var sized = 0
            if let sizes = run.sizes {
                if sizes.isDense {
                    precondition(sizes.count == run.itemCount, "dense run size in section \(q)")
                } else {
                    precondition(run.itemCount <= Run.maximumSparseSpan, "sparse run span in section \(q)")
                    for index in 0..<sizes.count {
                        precondition(sizes.offset(at: index) < run.itemCount, "sparse offset in section \(q)")
                        precondition(index == 0 || sizes.offset(at: index - 1) < sizes.offset(at: index), "sparse order")
                    }
                }
                for index in 0..<sizes.count where !sizes.size(at: index).isUnsized { sized += 1 }
            }
            precondition(sized == run.sizedCount, "sized count of a run in section \(q)")
            if !record.isPending {
                var breaker = LineBreaker(RunReader(run), geometry: geometry)
                var lines = 0
                var advance = Offset.zero
                while let group = breaker.next() {
                    lines += group.lineCount
                    advance += (Offset(group.thickness) + geometry.lineSpacingOffset) * group.lineCount
                }
                precondition(lines == run.lineCount, "line count of the run at item \(start) of section \(q)")
                precondition(advance == run.advance, "advance of the run at item \(start) of section \(q)")
            }
            start += run.itemCount
            return true
        }
        guard !record.isPending else { return }
        // Every run starts a line of the section broken whole.
        var breaker = LineBreaker(SectionReader(runs: store.runs), geometry: geometry)
        var next = 0
        while let group = breaker.next() {
            while next < runStarts.count && runStarts[next] < group.end {
                let offset = runStarts[next] - group.start
                precondition(
                    offset == 0 || (group.isDefaultLines && offset % geometry.perLine == 0),
                    "run at item \(runStarts[next]) of section \(q) does not start a line")
                next += 1
            }
        }
    }
    #else
    /// Compiled out: build with `-DFLOWLAYOUT_INTERNAL_CHECKS` to enable.
    @inline(__always)
    func checkInvariants(section q: Int) {}
    #endif
}

/// Every item of a section's runs, in order.
struct SectionReader: ItemSource {
    let runs: BTree<Run>
    private var position = 0
    private var reader: RunReader?

    init(runs: BTree<Run>) {
        self.runs = runs
    }

    mutating func next() -> ItemSegment? {
        while true {
            if let segment = reader?.next() { return segment }
            guard position < runs.count else { return nil }
            reader = RunReader(runs[position])
            position += 1
        }
    }
}
