import FlowLayoutCore

/// An update document (`layout-description.md`, Updates): the batches of data
/// changes and the lists of size reports to apply, in order, to the layout of
/// a description, and the visible rect before the first.
///
/// Decoding checks the document's shape and values with a description's
/// strictness (unknown fields refused, field-path errors such as
/// `batches[2].insertItems[0].size.width: must be a finite number >= 0`), but
/// not whether its indexes exist: that depends on the layout and on the batches
/// before, and the engine refuses a batch that names what is not there when it
/// is applied (`flow-layout.md` 10.6). Decoding needs no description, only the
/// layout's configuration: a section inserted or reloaded takes the edges its
/// `sectionInset` does not give from the configuration's, as a section of the
/// description does.
public struct UpdateDocument: Hashable, Sendable {
    /// One entry of the document's `batches`: a batch of data changes, or a
    /// list of size reports alone (`flow-layout.md` 7.1, anchored as 7.2).
    public enum Step: Hashable, Sendable {
        /// A batch of data changes (`flow-layout.md` 10).
        case batch(BatchUpdate)
        /// Size reports, with index paths of the content as it stands.
        case sizeReports([SizeReport])
    }

    /// The visible rect V before the first step, or `nil` for the viewport at
    /// the origin. After each step V moves by that step's content-offset
    /// adjustment, as a host would scroll.
    public var visibleRect: Rect?
    /// The entries of `batches`, in the order they are applied.
    public var steps: [Step]
    /// The snapshots (`layout-description.md`, Snapshots), in the order they are
    /// applied, when the document gives `snapshots` instead of `batches`.
    public var snapshots: [DescribedSnapshot]?

    /// Creates an update document of batches and size reports.
    ///
    /// - Parameters:
    ///   - visibleRect: V before the first step, or `nil` for the viewport at the origin.
    ///   - steps: the batches and lists of size reports, in order.
    /// - Complexity: O(1).
    public init(visibleRect: Rect? = nil, steps: [Step]) {
        self.visibleRect = visibleRect
        self.steps = steps
    }

    /// Creates an update document of batches only.
    ///
    /// - Parameters:
    ///   - visibleRect: V before the first batch, or `nil` for the viewport at the origin.
    ///   - batches: the batches, in order.
    /// - Complexity: O(n) for n batches.
    public init(visibleRect: Rect? = nil, batches: [BatchUpdate]) {
        self.init(visibleRect: visibleRect, steps: batches.map(Step.batch))
    }

    /// Decodes and validates an update document from JSON bytes.
    ///
    /// The JSON is as strict as a description's (``LayoutDescription/decode(_:)``).
    ///
    /// - Parameters:
    ///   - bytes: the UTF-8 text of the document.
    ///   - configuration: the configuration of the layout the batches apply to:
    ///     the sections inserted or reloaded complete their `sectionInset` from
    ///     its `sectionInset`.
    /// - Throws: ``DescriptionError``: the first syntax error in the document;
    ///   else the first problem with what it says, naming its field path (a
    ///   wrong type, a missing required field, an unknown field, a negative,
    ///   NaN or infinite size, an index that is not a whole number from 0 to
    ///   ``/FlowLayoutCore/FlowLayoutLimits/maximumCount``). For each object, an unknown field
    ///   comes first, then missing required fields, then the values in the
    ///   order of the format; for each array, its elements in order. The order
    ///   of the members in the document never matters.
    /// - Complexity: O(n) for n bytes; memory for the document itself plus one
    ///   string or number token at a time.
    public static func decode(_ bytes: [UInt8], configuration: FlowLayoutConfiguration) throws(DescriptionError) -> UpdateDocument {
        try bytes.withUnsafeBufferPointer { (buffer) throws(DescriptionError) -> UpdateDocument in
            var parser = DescriptionParser(input: ByteInput(borrowing: buffer))
            return try parser.updateDocument(configuration: configuration)
        }
    }

    /// Decodes an update document read from `source` through a buffer of
    /// `chunkSize` bytes: the path every streaming entry point takes, and the
    /// tests' hook for chunk boundaries.
    static func decode(
        chunkSize: Int, configuration: FlowLayoutConfiguration, source: @escaping ByteInput.ByteSource
    ) throws(DescriptionError) -> UpdateDocument {
        var parser = DescriptionParser(input: ByteInput(chunkSize: chunkSize, source: source))
        defer { parser.input.release() }
        return try parser.updateDocument(configuration: configuration)
    }
}
