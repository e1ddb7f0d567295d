import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `LineBreaker` alone (`flow-layout.md` 2.1–2.3): the line groups it produces,
/// expanded line by line, against the plain model breaking one item at a time.
@Suite("Components: line breaker")
struct LineBreakerTests {
    /// The groups of `items`, read from a source that hands them over in pieces.
    static func groups(
        _ items: [Size?], geometry: LineGeometry, random: SeededRandom, stoppingAt limit: Int = .max
    ) -> (groups: [LineGroup], collected: [ItemSegment]) {
        var breaker = LineBreaker(PiecewiseSource(ComponentModel.segments(items), random: random), geometry: geometry)
        var groups: [LineGroup] = []
        var collected: [ItemSegment] = []
        while let group = breaker.next(stoppingAt: limit, into: &collected) { groups.append(group) }
        let atEnd = breaker.isAtEnd()
        #expect(atEnd)
        #expect(breaker.position == items.count)
        return (groups, collected)
    }

    /// Groups expanded to one line each: a group of default lines holds
    /// `perLine` items a line, its last line what is left.
    static func lines(_ groups: [LineGroup], geometry: LineGeometry) -> [ComponentModel.Line] {
        groups.flatMap { group -> [ComponentModel.Line] in
            guard group.isDefaultLines else { return [ComponentModel.Line(items: group.start..<group.end, thickness: group.thickness)] }
            return (0..<group.lineCount).map { line in
                let start = group.start + line * geometry.perLine
                let end = line == group.lineCount - 1 ? group.end : start + geometry.perLine
                return ComponentModel.Line(items: start..<end, thickness: group.thickness)
            }
        }
    }

    @Test("groups, line by line, are the plain model's lines; collected items are the items")
    func againstModel() {
        var random = SeededRandom(seed: 1801)
        for _ in 0..<(300 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let items = ComponentModel.randomItems(&random, count: random.int(0...300), defaults: random.unit())
            let (groups, collected) = Self.groups(items, geometry: geometry, random: SeededRandom(seed: random.next()))
            let lines = Self.lines(groups, geometry: geometry)
            #expect(lines == ComponentModel.lines(items, geometry: geometry))
            #expect(ComponentModel.items(collected) == items)
            // Groups are contiguous from item 0; a group of default lines holds only default items.
            #expect(groups.map(\.start) == (groups.isEmpty ? [] : [0] + groups.dropLast().map(\.end)))
            for group in groups where group.isDefaultLines {
                #expect(items[group.start..<group.end].allSatisfy { $0 == nil })
                #expect(group.thickness == geometry.defaultCross)
            }
        }
    }

    @Test("a group of default lines stops at the limit when a line starts there, and the lines stay the same")
    func stopsAtLimit() {
        var random = SeededRandom(seed: 1802)
        for _ in 0..<(200 * LongRuns.factor) {
            let geometry = ComponentModel.randomGeometry(&random)
            let items = ComponentModel.randomItems(&random, count: random.int(1...300), defaults: 0.8)
            let limit = random.int(0...items.count)
            let (groups, _) = Self.groups(items, geometry: geometry, random: SeededRandom(seed: random.next()), stoppingAt: limit)
            #expect(Self.lines(groups, geometry: geometry) == ComponentModel.lines(items, geometry: geometry))
            for group in groups where group.isDefaultLines && group.start < limit && limit < group.end {
                #expect((limit - group.start) % geometry.perLine != 0, "a line starts at \(limit) inside a group")
            }
        }
    }

    @Test("edge cases: no items, one item wider than the line, zero widths, negative space")
    func edges() {
        let random = SeededRandom(seed: 1803)
        let geometry = ComponentModel.geometry(viewport: 100, spacing: 10, defaultSize: Size(width: 30, height: 20))
        #expect(Self.groups([], geometry: geometry, random: random).groups.isEmpty)
        // An item wider than the line gets a line of its own (2.2).
        let wide: [Size?] = [nil, Size(width: 150, height: 5), nil]
        #expect(
            Self.lines(Self.groups(wide, geometry: geometry, random: random).groups, geometry: geometry).map(\.items) == [
                0..<1, 1..<2, 2..<3,
            ])
        // 30 + 10 + 30 + 10 + 30 = 110 > 100: two default items a line.
        #expect(geometry.perLine == 2)
        let defaults = [Size?](repeating: nil, count: 5)
        let groups = Self.groups(defaults, geometry: geometry, random: random).groups
        #expect(Self.lines(groups, geometry: geometry).map(\.items) == [0..<2, 2..<4, 4..<5])
        // Insets wider than the viewport: every item is wider than the line.
        let negative = ComponentModel.geometry(viewport: -20, spacing: 0, defaultSize: Size(width: 0, height: 3))
        #expect(Self.lines(Self.groups(defaults, geometry: negative, random: random).groups, geometry: negative).count == 5)
        // Width and spacing 0: any number of items fits a line.
        let flat = ComponentModel.geometry(viewport: 100, spacing: 0, defaultSize: Size(width: 0, height: 3))
        #expect(flat.perLine == LineGeometry.unbounded)
        #expect(
            Self.lines(Self.groups(defaults + [Size(width: 0, height: 9)], geometry: flat, random: random).groups, geometry: flat)
                == [ComponentModel.Line(items: 0..<6, thickness: 9)])
    }

    /// BREAK RULE: depends on the rule `PlainLineModel.joins` states (widths
    /// that are not whole numbers, where the running sum and UIKit's
    /// subtraction can disagree, `flow-layout.md` 2.1 revised).
    @Test("break rule: widths of a third of the line, heights differing, break as the model's rule says")
    func breakRuleThirds() {
        let geometry = ComponentModel.geometry(viewport: 320, spacing: 0, defaultSize: Size(width: 320.0 / 3, height: 50))
        let items: [Size?] = (0..<6).map { Size(width: 320.0 / 3, height: Double(50 + $0)) }
        let lines = Self.lines(Self.groups(items, geometry: geometry, random: SeededRandom(seed: 1804)).groups, geometry: geometry)
        #expect(lines == ComponentModel.lines(items, geometry: geometry))
    }
}
