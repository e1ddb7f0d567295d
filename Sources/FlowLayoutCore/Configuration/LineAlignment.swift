/// How the items of a line sit along it, beyond UIKit's one behaviour
/// (`flow-layout.md` 3.4). The defaults reproduce UIKit (3.1–3.3, 2.3).
///
/// Names are for vertical scrolling; scrolling horizontally, a line is a column:
/// `leading` is its top and `trailing` its bottom.
public enum LineAlignment: String, Hashable, Sendable, CaseIterable {
    /// First item at the leading inset, last flush with the trailing one, equal
    /// gaps; a line of one item is centred. UIKit's behaviour for lines that are
    /// not a section's last.
    case justified
    /// Packed against the leading inset, the minimum spacing apart.
    case leading
    /// Packed in the middle, the minimum spacing apart.
    case center
    /// Packed against the trailing inset, the minimum spacing apart.
    case trailing
}

/// How the items of a section's last line sit along it.
public enum LastLineAlignment: String, Hashable, Sendable, CaseIterable {
    /// UIKit's rule (`flow-layout.md` 3.3): on the columns of a full line in a
    /// uniform section, leading with the minimum spacing otherwise.
    case automatic
    /// Like the other lines' ``LineAlignment/justified``.
    case justified
    /// Packed against the leading inset.
    case leading
    /// Packed in the middle.
    case center
    /// Packed against the trailing inset.
    case trailing
}

/// Where an item sits across its line, when it is thinner than the line.
///
/// Scrolling horizontally, `top` is the column's left edge and `bottom` its right.
public enum CrossAlignment: String, Hashable, Sendable, CaseIterable {
    /// Against the line's top edge.
    case top
    /// Centred across the line: UIKit's behaviour (`flow-layout.md` 2.3).
    case center
    /// Against the line's bottom edge.
    case bottom
}
