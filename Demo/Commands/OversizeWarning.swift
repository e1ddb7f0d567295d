import FlowLayout
import FlowLayoutDescription

/// The warnings `layout` prints for items wider than their line (taller, when
/// scrolling horizontally): what the layout did with them, in words and in
/// the frame it gave them (`flow-layout.md` 2.2).
///
/// Such an item gets a line of its own. In a uniform section (3.3: not
/// self-sizing, every item the same size) it sits where that section's line
/// alignment puts a line of one item: centred by default, overflowing both
/// sides equally (viewport 320, itemSize 400 × 50: x = −40); flush with the
/// trailing inset under trailing lines (x = −80); at the leading inset under
/// leading ones. The section's last item goes by an explicit last-line
/// alignment instead, when one is set. In any other section it starts at the
/// leading inset and overflows the trailing side.
///
/// The engine's diagnostic names the items, their extent and the extent
/// available, not where it placed them. The words come from the rule above,
/// worked out from the public API (the configuration, the options, each item's
/// size); the position is the frame the engine returns for the first item of
/// each group, so that the warning shows what was done.
enum OversizeWarning {
    /// Where an oversize item sits along its line.
    enum Placement: Equatable {
        /// At the leading inset: overflowing the trailing side.
        case leadingInset
        /// Centred in the line: overflowing both sides equally.
        case centred
        /// Flush with the trailing inset: overflowing the leading side.
        case trailingInset
    }

    /// Items of one run placed the same way, and why.
    struct Group {
        var items: ClosedRange<Int>
        var placement: Placement
        var reason: String
        var onLastLine: Bool
    }

    /// The warnings for every oversize run of every section of `state`, one
    /// line each, without the `warning: ` prefix.
    static func warnings(in state: inout FlowLayoutState) -> [String] {
        var lines: [String] = []
        for section in 0..<state.numberOfSections {
            for diagnostic in (try? state.diagnostics(inSection: section)) ?? [] {
                lines.append(warning(for: diagnostic, in: &state))
            }
        }
        return lines
    }

    /// The warning for one diagnostic: which items, how wide against the line,
    /// and where each group of them was placed, why, and by how much it
    /// overflows which side.
    static func warning(for diagnostic: LayoutDiagnostic, in state: inout FlowLayoutState) -> String {
        switch diagnostic {
        case let .itemsWiderThanLine(section, items, extent, available):
            let vertical = state.configuration.scrollDirection == .vertical
            let which = items.count == 1 ? "item \(items.lowerBound)" : "items \(items.lowerBound)...\(items.upperBound)"
            let head =
                "section \(section), \(which): \(LayoutOutput.number(extent)) \(vertical ? "wide" : "tall"), more than the "
                + "\(LayoutOutput.number(available)) available to a line"
            let groups = self.groups(section: section, items: items, in: state)
            let overflow = extent - available
            let clauses = groups.map { group -> String in
                let position = mainPosition(ofItem: group.items.lowerBound, section: section, vertical: vertical, in: &state)
                let coordinate = (vertical ? "x = " : "y = ") + (position.map(LayoutOutput.number) ?? "?")
                let alone = group.items.count == 1 ? "laid out alone on its line" : "each laid out alone on its line"
                var subject = alone
                if groups.count > 1 {
                    let range = group.items
                    subject = range.count == 1 ? "item \(range.lowerBound)" : "items \(range.lowerBound)...\(range.upperBound)"
                    subject += group.onLastLine ? ", the section's last line, laid out alone" : " " + alone
                }
                return "\(subject) at \(coordinate): \(describe(group.placement)), \(group.reason), overflowing "
                    + overflowing(group.placement, by: overflow)
            }
            return head + "; " + clauses.joined(separator: "; ")
        }
    }

    /// The groups of `items` (consecutive oversize items of `section`) that
    /// the layout places the same way.
    static func groups(section: Int, items: ClosedRange<Int>, in state: FlowLayoutState) -> [Group] {
        guard isUniform(section: section, in: state) else {
            return [
                Group(
                    items: items, placement: .leadingInset,
                    reason: "as an oversize item starts in a section that is not uniform (flow-layout.md 2.2)", onLastLine: false)
            ]
        }
        let options = state.options
        let lines = placement(of: options.lineAlignment)
        let linesGroup = { (range: ClosedRange<Int>) in
            Group(
                items: range, placement: lines.placement,
                reason: "as \(lines.name) places a line of one item in a uniform section (flow-layout.md 2.2, 3.4)", onLastLine: false)
        }
        // The section's last item is its last line: an explicit last-line alignment places it instead (3.4).
        let last = ((try? state.numberOfItems(inSection: section)) ?? 0) - 1
        guard items.contains(last), let lastLine = lastLinePlacement(options.lastLineAlignment), lastLine.placement != lines.placement
        else { return [linesGroup(items)] }
        let lastGroup = Group(
            items: last...last, placement: lastLine.placement,
            reason: "as the last line's alignment (\(lastLine.name)) places a line of one item (flow-layout.md 3.4)", onLastLine: true)
        guard items.lowerBound < last else { return [lastGroup] }
        return [linesGroup(items.lowerBound...(last - 1)), lastGroup]
    }

    /// Whether `section` is uniform (`flow-layout.md` 3.3): the layout is not
    /// self-sizing and every item of the section has the same size.
    ///
    /// - Complexity: O(n log n) for the section's n items.
    static func isUniform(section: Int, in state: FlowLayoutState) -> Bool {
        guard !state.configuration.isSelfSizing, let count = try? state.numberOfItems(inSection: section), count > 0,
            let first = try? state.sizeOfItem(at: FlowIndexPath(item: 0, section: section))
        else { return false }
        for item in 1..<count where (try? state.sizeOfItem(at: FlowIndexPath(item: item, section: section))) != first {
            return false
        }
        return true
    }

    /// Where a line alignment puts a line of one item in a uniform section,
    /// and its name (3.3, 3.4: justified centres it, as UIKit does).
    static func placement(of alignment: LineAlignment) -> (placement: Placement, name: String) {
        switch alignment {
        case .justified: (.centred, "the default (justified) line alignment")
        case .center: (.centred, "centre line alignment")
        case .leading: (.leadingInset, "leading line alignment")
        case .trailing: (.trailingInset, "trailing line alignment")
        }
    }

    /// Where an explicit last-line alignment puts a line of one item; `nil`
    /// for `automatic`, under which the last line goes by the line alignment.
    static func lastLinePlacement(_ alignment: LastLineAlignment) -> (placement: Placement, name: String)? {
        switch alignment {
        case .automatic: nil
        case .justified: (.centred, "justified")
        case .center: (.centred, "center")
        case .leading: (.leadingInset, "leading")
        case .trailing: (.trailingInset, "trailing")
        }
    }

    static func describe(_ placement: Placement) -> String {
        switch placement {
        case .leadingInset: "at the leading inset"
        case .centred: "centred"
        case .trailingInset: "flush with the trailing inset"
        }
    }

    static func overflowing(_ placement: Placement, by overflow: Double) -> String {
        switch placement {
        case .leadingInset: "the trailing side by \(LayoutOutput.number(overflow)) pt"
        case .centred: "each side by \(LayoutOutput.number(overflow / 2)) pt"
        case .trailingInset: "the leading side by \(LayoutOutput.number(overflow)) pt"
        }
    }

    /// The item's frame origin along its line (x scrolling vertically, y
    /// horizontally), as the engine returns it; `nil` if it cannot be queried.
    static func mainPosition(ofItem item: Int, section: Int, vertical: Bool, in state: inout FlowLayoutState) -> Double? {
        guard let frame = try? state.layoutAttributesForItem(at: FlowIndexPath(item: item, section: section)).frame else { return nil }
        return vertical ? frame.minX : frame.minY
    }
}
