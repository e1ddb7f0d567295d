/// The identity of an item or a section (`flow-layout.md` 11.1): a 64-bit key,
/// compact enough to keep one per item of a million-item layout.
///
/// A host maps its own identifiers onto these: a database row id, a message
/// number, or an index into its own table of strings. Item identifiers are
/// unique among all the items of a layout; section identifiers among its sections
/// (the two never meet, so an item and a section may share a value).
///
/// Each item's identifier costs 8 bytes in the engine's chunked identifier
/// storage, plus the layout's membership table (see ``FlowSnapshot``).
public struct FlowIdentifier: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The key.
    public var rawValue: UInt64

    /// Creates an identifier of `rawValue`.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from an integer literal.
    public init(integerLiteral value: UInt64) {
        rawValue = value
    }

    /// The key in decimal.
    public var description: String { String(rawValue) }

    /// Orders identifiers by their key.
    public static func < (lhs: FlowIdentifier, rhs: FlowIdentifier) -> Bool { lhs.rawValue < rhs.rawValue }
}
