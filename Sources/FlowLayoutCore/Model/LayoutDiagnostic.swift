/// Something in the layout that UIKit would only log: the layout still places it.
public enum LayoutDiagnostic: Hashable, Sendable {
    /// Items wider than the space available to a line (taller, when scrolling
    /// horizontally). Each sits alone on its line and overflows it
    /// (`flow-layout.md` 2.2): at the leading inset, or, in a section whose
    /// items all take the layout's `itemSize`, where the line alignment puts
    /// a line of one item (centred when justified, overflowing both edges).
    ///
    /// - Parameters:
    ///   - section: the section.
    ///   - items: the first and last item of a run of consecutive oversize items.
    ///   - itemExtent: the largest main-axis extent among them.
    ///   - available: the line's available extent.
    case itemsWiderThanLine(section: Int, items: ClosedRange<Int>, itemExtent: Double, available: Double)
}

extension LayoutDiagnostic: CustomStringConvertible {
    /// A one-line warning.
    public var description: String {
        switch self {
        case let .itemsWiderThanLine(section, items, extent, available):
            let which = items.count == 1 ? "item \(items.lowerBound)" : "items \(items.lowerBound)...\(items.upperBound)"
            return "section \(section), \(which): extent \(extent) exceeds the \(available) available to a line; "
                + "laid out alone on its line, overflowing it: at the leading inset, or, where every item takes the "
                + "layout's itemSize, where the line alignment puts a line of one item (centred when justified)"
        }
    }
}
