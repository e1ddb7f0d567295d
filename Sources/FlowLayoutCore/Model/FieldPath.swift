/// Where a refused value came from, as a value: a sequence of field names and
/// subscripts (`sections`, `[3]`, `itemSizes`, `[17]`, `width`).
///
/// The engine builds paths as values and every module passes them on as values
/// (the host renames the fields of a batch to UIKit's update items by matching
/// components, not text); a path becomes text only where it is shown, through
/// ``description``, which writes fields joined by dots and subscripts in
/// brackets: `sections[3].itemSizes[17].width`. The empty path stands for a
/// call as a whole and renders as the empty string.
///
/// A string literal is read as a path in that same notation, so that a test or
/// a caller's constant can write `"insertItems[0].item"`.
public struct FieldPath: Hashable, Sendable {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// A named field (`itemSizes`). The name holds no `.`, `[` or `]`.
        case field(String)
        /// A position in an array (`[17]`).
        case index(Int)
        /// A key of a table keyed by identifier: a snapshot section's
        /// `sizes[42]`. Written as a subscript; kept as an identifier, so
        /// that every identifier (up to 2⁶⁴ − 1) is a key and never a name.
        case identifier(FlowIdentifier)
    }

    /// The steps, outermost first.
    public var components: [Component]

    /// Creates the path of `components`, outermost first.
    ///
    /// - Complexity: O(1).
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates the path of one field.
    ///
    /// - Complexity: O(1).
    public init(_ field: String) {
        components = [.field(field)]
    }

    /// Creates the path of one entry of an array field: `FieldPath("insertItems", 0)`
    /// is `insertItems[0]`.
    ///
    /// - Complexity: O(1).
    public init(_ field: String, _ index: Int) {
        components = [.field(field), .index(index)]
    }

    /// Whether the path names no field: the call as a whole.
    public var isEmpty: Bool { components.isEmpty }

    /// This path followed by the field `name`: `sections[3]` and `itemCount`
    /// give `sections[3].itemCount`.
    ///
    /// - Complexity: O(length of the path).
    public func appending(_ name: String) -> FieldPath {
        FieldPath(components + [.field(name)])
    }

    /// This path followed by the subscript `index`: `itemSizes` and 17 give
    /// `itemSizes[17]`.
    ///
    /// - Complexity: O(length of the path).
    public func appending(index: Int) -> FieldPath {
        FieldPath(components + [.index(index)])
    }

    /// This path followed by the key `identifier`: `sizes` and 42 give
    /// `sizes[42]`, the key kept as an identifier.
    ///
    /// - Complexity: O(length of the path).
    public func appending(identifier: FlowIdentifier) -> FieldPath {
        FieldPath(components + [.identifier(identifier)])
    }

    /// This path followed by every step of `other`: `batches[2]` and
    /// `insertItems[0].item` give `batches[2].insertItems[0].item`.
    ///
    /// - Complexity: O(length of both paths).
    public func appending(_ other: FieldPath) -> FieldPath {
        FieldPath(components + other.components)
    }

    /// Whether the path starts with every step of `prefix`, in order.
    ///
    /// - Complexity: O(length of `prefix`).
    public func hasPrefix(_ prefix: FieldPath) -> Bool {
        components.starts(with: prefix.components)
    }
}

extension FieldPath: CustomStringConvertible {
    /// The path as text: fields joined by dots, subscripts in brackets
    /// (`sections[3].itemSizes[17].width`), an identifier as a subscript too
    /// (`sizes[42]`); the empty path is `""`.
    ///
    /// - Complexity: O(length of the text).
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .field(let name):
                if !text.isEmpty { text += "." }
                text += name
            case .index(let index):
                text += "[\(index)]"
            case .identifier(let identifier):
                text += "[\(identifier)]"
            }
        }
        return text
    }
}

extension FieldPath: ExpressibleByStringLiteral {
    /// Reads a path written in the notation ``description`` writes
    /// (`"sections[3].itemSizes[17].width"`; `""` is the empty path). A dot
    /// at either end or doubled names no field and is skipped; a subscript
    /// that is not a whole number is kept as part of a field's name.
    ///
    /// - Complexity: O(length of the text).
    public init(stringLiteral text: String) {
        let bytes = Array(text.utf8)
        var components: [Component] = []
        var nameStart = 0
        func endName(at end: Int) {
            if end > nameStart { components.append(.field(String(decoding: bytes[nameStart..<end], as: UTF8.self))) }
        }
        var position = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: ".") {
                endName(at: position)
                position += 1
                nameStart = position
            } else if bytes[position] == UInt8(ascii: "["),
                let close = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "]")),
                let index = Int(String(decoding: bytes[(position + 1)..<close], as: UTF8.self))
            {
                endName(at: position)
                components.append(.index(index))
                position = close + 1
                nameStart = position
            } else {
                position += 1
            }
        }
        endName(at: bytes.count)
        self.components = components
    }
}
