import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `RunLines` alone: the cursor over one run's lines, stepped from the run's
/// first line or, in a dense or sparse run, started partway (skipping to the
/// line, or group of default lines, holding an item or reaching an offset),
/// against the plain model's lines of the run and their tops. Runs are dense, sparse or of default items only, as
/// `RunBuilder` packs random items. Whole-number sizes: the lines do not
/// depend on the break rule.
@Suite("Components: run lines")
struct RunLinesTests {
    /// A run's model lines, numbered from the run's first item, with their tops
    /// (the advance of the lines before, from zero).
    static func modelLines(_ run: Run, geometry: LineGeometry) -> [(line: ComponentModel.Line, top: Offset)] {
        var top = Offset.zero
        return ComponentModel.lines(ComponentModel.items(of: run), geometry: geometry).map { line in
            defer { top += Offset(line.thickness) + geometry.lineSpacingOffset }
            return (line, top)
        }
    }

    /// Checks that `group`, yielded at `top`, is the model's lines from `index`
    /// on: starting there, at that line's top, as many lines as it says.
    static func expectGroup(
        _ group: LineGroup, top: Offset, from index: Int, model: [(line: ComponentModel.Line, top: Offset)],
        geometry: LineGeometry
    ) {
        guard index < model.count else {
            Issue.record("a group past the model's lines")
            return
        }
        #expect(group.start == model[index].line.items.lowerBound)
        #expect(top == model[index].top)
        let last = index + group.lineCount - 1
        #expect(last < model.count)
        guard last < model.count else { return }
        #expect(group.end == model[last].line.items.upperBound)
        if !group.isDefaultLines { #expect(group.thickness == model[index].line.thickness) }
    }

    /// The index of the model line starting at `item`.
    static func lineIndex(startingAt item: Int, _ model: [(line: ComponentModel.Line, top: Offset)]) -> Int? {
        model.firstIndex { $0.line.items.lowerBound == item }
    }

    @Test("every step from the first line, and skipping to an item or an offset")
    func againstModel() {
        var random = SeededRandom(seed: 1877)
        var denseRuns = 0
        var sparseRuns = 0
        var holedRuns = 0
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            // Every item sized a quarter of the time, and nearly every item
            // another quarter (a default one here and there): dense runs.
            let defaults = [0.0, 0.3, 0.9, 0.0][random.int(0...3)]
            var items = ComponentModel.randomItems(&random, count: random.int(1...200), defaults: defaults)
            if defaults == 0 && random.chance(0.5) {
                for index in items.indices where random.chance(0.03) { items[index] = nil }
            }
            let (runs, _) = OldLinesTests.randomRuns(items, geometry: geometry, &random)
            let run = runs[random.int(0..<runs.count)]
            let model = Self.modelLines(run, geometry: geometry)
            let base = Offset(Double(random.int(0...1_000)))

            let isDense = run.sizes?.isDense == true
            let isSparse = run.sizes?.isDense == false
            if isDense { denseRuns += 1 }
            if isDense && run.sizedCount < run.itemCount { holedRuns += 1 }
            if isSparse { sparseRuns += 1 }

            // 1. Every step from the first line: the model's lines, with their items.
            var cursor = RunLines(run, geometry: geometry, top: base)
            var scratch: [ItemSegment] = []
            var index = 0
            var stepped: [Size?] = []
            while let (group, lineItems, top, _) = cursor.next(into: &scratch, in: geometry)?.parts {
                Self.expectGroup(group, top: top - base, from: index, model: model, geometry: geometry)
                switch lineItems {
                case .defaults(let count): stepped += [Size?](repeating: nil, count: count)
                case .sized(let sizes): stepped += sizes.map { $0.isUnsized ? nil : $0 }
                case .segments(let segments): stepped += ComponentModel.items(Array(segments))
                }
                index += group.lineCount
            }
            #expect(index == model.count)
            #expect(stepped == ComponentModel.items(of: run))
            #expect(cursor.top - base == run.advance)

            // 2. Skipping to the line holding an item: in a dense or sparse run
            // the next step is the line (or group) holding it, at its top, with
            // its items; elsewhere the cursor has not moved.
            let item = random.int(0..<run.itemCount)
            cursor = RunLines(run, geometry: geometry, top: base)
            cursor.skip(toLineHolding: item, in: geometry)
            if let (group, lineItems, top, _) = cursor.next(into: &scratch, in: geometry)?.parts {
                if isDense || isSparse {
                    #expect(group.start <= item && item < group.end)
                } else {
                    #expect(group.start == 0)
                }
                if let start = Self.lineIndex(startingAt: group.start, model) {
                    Self.expectGroup(group, top: top - base, from: start, model: model, geometry: geometry)
                } else {
                    Issue.record("the group after a skip starts at no line start")
                }
                if case .sized(let sizes) = lineItems {
                    #expect(sizes.map { $0.isUnsized ? nil : $0 } == Array(ComponentModel.items(of: run)[group.start..<group.end]))
                }
            } else {
                Issue.record("nothing after skipping to item \(item)")
            }

            // 3. Skipping to the first line reaching an offset: in a dense run
            // the next step is that line, in a sparse one the line or group
            // holding it (or nothing when none reaches it).
            let key = base + Offset(Double(random.int(-20...(Int(run.advance.double) + 20))))
            cursor = RunLines(run, geometry: geometry, top: base)
            cursor.skip(toLineReaching: key, in: geometry)
            let reaching = cursor.next(into: &scratch, in: geometry)?.parts
            let first = model.firstIndex { base + $0.top + Offset($0.line.thickness) >= key }
            if isSparse {
                if let first, let (group, _, top, _) = reaching, let start = Self.lineIndex(startingAt: group.start, model) {
                    // The group holds the first line reaching the key; every line before it ends short of the key.
                    #expect(start <= first && first < start + group.lineCount)
                    Self.expectGroup(group, top: top - base, from: start, model: model, geometry: geometry)
                } else {
                    #expect(first == nil && reaching == nil)
                }
            } else if !isDense {
                #expect(reaching?.group.start == 0)
            } else if let first {
                if let (group, _, top, _) = reaching {
                    #expect(group.start == model[first].line.items.lowerBound)
                    Self.expectGroup(group, top: top - base, from: first, model: model, geometry: geometry)
                } else {
                    Issue.record("no line reaching \(key) after a skip, though the model has one")
                }
            } else {
                #expect(reaching?.group == nil)
            }
        }
        #expect(denseRuns >= 50)
        #expect(sparseRuns >= 50)
        #expect(holedRuns >= 10)
    }

    @Test("a run of default items: one group, indexed by the caller; skipping leaves it whole")
    func defaultRun() {
        // Three default items a line (100 + 10 + 100 + 10 + 100 = 320), 10 items: lines at 0, 3, 6, 9.
        let geometry = ComponentModel.geometry(viewport: 320, spacing: 10, lineSpacing: 10, defaultSize: Size(width: 100, height: 50))
        let run = Rebreak(geometry: geometry, isAligned: true).defaultRuns(itemCount: 10)[0]
        var cursor = RunLines(run, geometry: geometry, top: .zero)
        var scratch: [ItemSegment] = []
        cursor.skip(toLineHolding: 7, in: geometry)
        let group = cursor.next(into: &scratch, in: geometry)?.group
        #expect(group == LineGroup(start: 0, itemCount: 10, lineCount: 4, thickness: 50, isDefaultLines: true))
        #expect(cursor.top == Offset(240))
        #expect(cursor.next(into: &scratch, in: geometry)?.group == nil)
    }
}
