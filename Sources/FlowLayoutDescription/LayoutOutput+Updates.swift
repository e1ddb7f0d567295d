import FlowLayoutCore

/// The `"updates"` member of the output document (`layout-description.md`,
/// Updates): what each batch or list of size reports of an update document did.
extension LayoutOutput {
    /// What the output document says about one batch: its content-offset
    /// adjustment, the content size around it, its anchor and its transitions
    /// (`flow-layout.md` 10.4, 10.5).
    public struct BatchReport: Hashable, Sendable {
        /// The content-offset adjustment that keeps the anchor still.
        public var contentOffsetAdjustment: Point
        /// The content size just before the batch.
        public var contentSizeBefore: Size
        /// The content size just after the batch.
        public var contentSizeAfter: Size
        /// The element kept still, named by its index path after the batch, or
        /// `nil` when no element in view survived the batch in place.
        public var anchor: ElementIdentifier?
        /// The before and after frames of every element in view before or after
        /// the batch, in the engine's order.
        public var transitions: [ElementTransition]
        /// The batch a snapshot was applied as (`layout-description.md`,
        /// Snapshots), or `nil` for a batch of the document itself.
        public var batch: BatchUpdate?

        /// The report of a batch the engine applied.
        ///
        /// The engine's own content sizes (``/FlowLayoutCore/LayoutUpdate/previousContentSize``
        /// and ``/FlowLayoutCore/LayoutUpdate/contentSize``) count sections not laid out yet at an
        /// estimate; the caller passes the sizes it wants reported instead (the
        /// demo passes exact ones, every section laid out).
        ///
        /// - Parameters:
        ///   - result: what the engine returned for the batch.
        ///   - contentSizeBefore: the content size to report before the batch.
        ///   - contentSizeAfter: the content size to report after it.
        /// - Complexity: O(1).
        public init(result: BatchUpdateResult, contentSizeBefore: Size, contentSizeAfter: Size) {
            contentOffsetAdjustment = result.update.contentOffsetAdjustment
            self.contentSizeBefore = contentSizeBefore
            self.contentSizeAfter = contentSizeAfter
            anchor = result.update.anchor
            transitions = result.transitions
        }

        /// The report of a list of size reports the engine applied
        /// (`layout-description.md`, Updates): a batch's, with no transitions.
        ///
        /// - Parameters:
        ///   - update: what the engine returned for the reports.
        ///   - contentSizeBefore: the content size to report before them.
        ///   - contentSizeAfter: the content size to report after them.
        /// - Complexity: O(1).
        public init(reports update: LayoutUpdate, contentSizeBefore: Size, contentSizeAfter: Size) {
            contentOffsetAdjustment = update.contentOffsetAdjustment
            self.contentSizeBefore = contentSizeBefore
            self.contentSizeAfter = contentSizeAfter
            anchor = update.anchor
            transitions = []
        }
    }

    /// One batch's entry of `"updates"`, as a JSON object over several lines:
    /// `contentOffsetAdjustment`, `contentSizeBefore`, `contentSizeAfter`,
    /// `anchor` (an element's category and index path, or `null`) and
    /// `transitions`, one a line, each naming its element as ``identity(_:)``
    /// does, with its `before` and `after` frames or `null`.
    ///
    /// - Parameters:
    ///   - report: the batch's report.
    ///   - indent: the indentation of the object's braces; members are indented
    ///     two more spaces.
    /// - Returns: the object's text, with no newline after its closing brace.
    /// - Complexity: O(transitions).
    public static func batchReport(_ report: BatchReport, indent: String = "") -> String {
        let inner = indent + "  "
        let adjustment = report.contentOffsetAdjustment
        var text = indent + "{\n"
        text += inner + "\"contentOffsetAdjustment\": { \"x\": \(number(adjustment.x)), \"y\": \(number(adjustment.y)) },\n"
        text += inner + "\"contentSizeBefore\": " + size(report.contentSizeBefore) + ",\n"
        text += inner + "\"contentSizeAfter\": " + size(report.contentSizeAfter) + ",\n"
        text += inner + "\"anchor\": " + (report.anchor.map { "{ " + identity($0) + " }" } ?? "null") + ",\n"
        if let batch = report.batch { text += inner + "\"batch\": " + Self.batch(batch) + ",\n" }
        text += inner + "\"transitions\": ["
        for (index, transition) in report.transitions.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            let identifier = ElementIdentifier(category: transition.category, indexPath: transition.indexPath)
            text +=
                inner + "  { " + identity(identifier) + ", \"before\": " + (transition.before.map(frame) ?? "null")
                + ", \"after\": " + (transition.after.map(frame) ?? "null") + " }"
        }
        text += report.transitions.isEmpty ? "]\n" : "\n" + inner + "]\n"
        return text + indent + "}"
    }

    /// A size as a JSON object on one line: `{ "width": ..., "height": ... }`.
    ///
    /// - Complexity: O(1).
    public static func size(_ size: Size) -> String {
        "{ \"width\": \(number(size.width)), \"height\": \(number(size.height)) }"
    }
}
