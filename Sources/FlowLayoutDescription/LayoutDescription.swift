import FlowLayoutCore

/// A layout description (`layout-description.md`): the input of the demo's
/// `layout`, `render` and `scroll` commands, decoded and validated.
///
/// Missing fields take `UICollectionViewFlowLayout`'s defaults. Unknown fields
/// are refused, so that a misspelt field never silently falls back to a default.
///
/// Decoding reads the JSON as a stream, straight into the description: no tree
/// of values in between, so a description costs about what its sections cost
/// (16 bytes an explicit item size), and a file is read a chunk at a time
/// (`LayoutDescription+Reading.swift`).
public struct LayoutDescription: Hashable, Sendable {
    /// The layout's properties, including the scroll direction.
    public var configuration: FlowLayoutConfiguration
    /// The viewport size.
    public var viewportSize: Size
    /// The sections. An `itemSizes` array of more than 65,536 sizes is decoded
    /// into chunks of 65,536 (`FlowSection.itemSizeChunks`), never
    /// joined: a `FlowLayoutState` created from the sections lets
    /// each chunk go as it lays it out, once the description is gone.
    public var sections: [FlowSection]
    /// The options beyond UIKit's flow layout that the format can give
    /// (`layout-description.md`, Options): `lineAlignment`, `lastLineAlignment`,
    /// `crossAlignment`, `layoutDirection` and `displayScale`, from the `layout`
    /// object. A description without them has the defaults, UIKit's behaviour;
    /// the other settings (the scroll anchor, estimate refinement, snapping) are
    /// not part of the format and stay at their defaults. (The format's pinning
    /// options are UIKit properties: they are in ``configuration``.)
    public var options: FlowLayoutOptions
    /// V, the visible rect the layout is presented for (pinned headers and
    /// footers follow it, `flow-layout.md` 8.1): the top-level `visibleRect`,
    /// or `nil` when the description gives none, which means the viewport at
    /// the origin.
    public var visibleRect: Rect?
    /// Each section's `id` (`layout-description.md`, Snapshots), or `nil` when
    /// no section gives one.
    public var sectionIdentifiers: [String?]?
    /// Each section's `itemIds`, or `nil` when no section gives them.
    public var itemIdentifiers: [[String]?]?

    /// Creates a description.
    ///
    /// - Parameters:
    ///   - configuration: the layout's properties, including the scroll direction.
    ///   - viewportSize: the size of the collection view's visible bounds.
    ///   - sections: the sections, in order.
    ///   - options: the options beyond UIKit's flow layout; by default none,
    ///     UIKit's behaviour.
    ///   - visibleRect: V, or `nil` (the default) for the viewport at the origin.
    /// - Complexity: O(1).
    public init(
        configuration: FlowLayoutConfiguration, viewportSize: Size, sections: [FlowSection],
        options: FlowLayoutOptions = FlowLayoutOptions(), visibleRect: Rect? = nil
    ) {
        self.configuration = configuration
        self.viewportSize = viewportSize
        self.sections = sections
        self.options = options
        self.visibleRect = visibleRect
    }

    /// Decodes and validates a description from JSON bytes.
    ///
    /// The JSON is strict RFC 8259: no duplicate member names, no nesting deeper
    /// than 64 levels, nothing after the document but white space. Numbers are
    /// read to the nearest `Double`.
    ///
    /// - Parameter bytes: the UTF-8 text of the description.
    /// - Throws: ``DescriptionError``: the first syntax error in the document, as
    ///   `invalid JSON at line L, column C: ...`; else the first problem with what
    ///   it says, naming its field path (a wrong type, a missing required field,
    ///   an unknown field, a negative, NaN or infinite size or spacing, a count
    ///   out of range, a name that is not one of an option's, a boolean option
    ///   that is not `true` or `false`). Which problem is first depends only on the checks' order
    ///   (the order of the format: see `DescriptionParser+Description.swift`),
    ///   never on the order of the members in the document.
    /// - Complexity: O(n) for n bytes; memory for the description itself plus one
    ///   string or number token at a time.
    public static func decode(_ bytes: [UInt8]) throws(DescriptionError) -> LayoutDescription {
        try bytes.withUnsafeBufferPointer { (buffer) throws(DescriptionError) -> LayoutDescription in
            var parser = DescriptionParser(input: ByteInput(borrowing: buffer))
            return try parser.description()
        }
    }

    /// Decodes a description read from `source` through a buffer of `chunkSize`
    /// bytes: the path every streaming entry point takes, and the tests' hook for
    /// chunk boundaries.
    static func decode(chunkSize: Int, source: @escaping ByteInput.ByteSource) throws(DescriptionError) -> LayoutDescription {
        var parser = DescriptionParser(input: ByteInput(chunkSize: chunkSize, source: source))
        defer { parser.input.release() }
        return try parser.description()
    }
}
