/// The position of an item: its section and its index within the section.
///
/// UIKit's `IndexPath` with `section` and `item`. It has its own name because a
/// type called `IndexPath` would collide with Foundation's in every file that
/// imports both; the `FlowLayout` module converts to and from Foundation's type.
/// Headers and footers use item 0.
public struct FlowIndexPath: Hashable, Comparable, Sendable {
    /// The section index.
    public var section: Int
    /// The item index within the section.
    public var item: Int

    /// Creates an index path; the argument order follows UIKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// Orders by section, then by item.
    public static func < (lhs: FlowIndexPath, rhs: FlowIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension FlowIndexPath: CustomStringConvertible {
    /// The index path written as `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}
