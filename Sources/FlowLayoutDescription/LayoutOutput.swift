import FlowLayoutCore

/// Writes the output document of `layout-description.md`: the content size and
/// the elements, frames as full-precision numbers.
public enum LayoutOutput {
    /// Writes the output document element by element, handing `sink` pieces of
    /// about 64 KiB, so that a layout of millions of elements never sits in
    /// memory as one string.
    public struct Writer {
        private var buffer: String
        private var first = true
        private let sink: (String) -> Void

        /// Starts a document for a layout of `contentSize`.
        ///
        /// - Parameters:
        ///   - contentSize: the layout's content size, written first.
        ///   - sink: receives the document's text in order, about 64 KiB at a time.
        /// - Complexity: O(1).
        public init(contentSize: Size, sink: @escaping (String) -> Void) {
            self.sink = sink
            buffer =
                "{\n  \"contentSize\": { \"width\": \(LayoutOutput.number(contentSize.width)), "
                + "\"height\": \(LayoutOutput.number(contentSize.height)) },\n  \"elements\": ["
        }

        /// Appends one element.
        ///
        /// - Parameter element: the element, written as ``LayoutOutput/element(_:)`` writes it.
        /// - Complexity: amortized O(1); hands a piece to the sink every 64 KiB.
        public mutating func append(_ element: LayoutAttributes) {
            buffer += first ? "\n    " : ",\n    "
            first = false
            buffer += LayoutOutput.element(element)
            if buffer.utf8.count >= 65_536 {
                sink(buffer)
                buffer = ""
            }
        }

        /// Ends the document and hands over the rest.
        ///
        /// - Complexity: O(1).
        public mutating func finish() {
            buffer += first ? "]\n}\n" : "\n  ]\n}\n"
            sink(buffer)
            buffer = ""
        }

        /// Ends the document with an `"updates"` member after the elements, one
        /// entry per batch, and hands over the rest (`layout-description.md`,
        /// Updates).
        ///
        /// - Parameter updates: the batches' reports, in the order they were applied.
        /// - Complexity: O(total transitions); hands a piece to the sink every 64 KiB.
        public mutating func finish(updates: [BatchReport]) {
            buffer += first ? "],\n  \"updates\": [" : "\n  ],\n  \"updates\": ["
            for (index, update) in updates.enumerated() {
                buffer += index == 0 ? "\n" : ",\n"
                buffer += LayoutOutput.batchReport(update, indent: "    ")
                if buffer.utf8.count >= 65_536 {
                    sink(buffer)
                    buffer = ""
                }
            }
            buffer += updates.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
            sink(buffer)
            buffer = ""
        }
    }

    /// One element as a JSON object on one line.
    ///
    /// - Parameter element: the element: its category, index path and frame.
    /// - Returns: `{ "category": ..., "section": ..., "item": ..., "frame": {...} }`,
    ///   `item` only on cells.
    /// - Complexity: O(1).
    public static func element(_ element: LayoutAttributes) -> String {
        "{ " + identity(element.identifier) + ", \"frame\": " + frame(element.frame) + " }"
    }

    /// An element's category and index path as the members of a JSON object:
    /// `"category": ..., "section": ..., "item": ...`, `item` only on cells.
    ///
    /// - Complexity: O(1).
    public static func identity(_ element: ElementIdentifier) -> String {
        let item = element.category == .cell ? ", \"item\": \(element.indexPath.item)" : ""
        return "\"category\": \"\(element.category.rawValue)\", \"section\": \(element.indexPath.section)\(item)"
    }

    /// A frame as a JSON object on one line: `{ "x": ..., "y": ..., "width": ..., "height": ... }`.
    ///
    /// - Complexity: O(1).
    public static func frame(_ frame: Rect) -> String {
        "{ \"x\": \(number(frame.minX)), \"y\": \(number(frame.minY)), "
            + "\"width\": \(number(frame.width)), \"height\": \(number(frame.height)) }"
    }

    /// A number in JSON: integers without a fraction, others in the shortest
    /// form that reads back to the same `Double`.
    ///
    /// - Parameter value: a finite number (negative zero is written `0`).
    /// - Returns: its JSON text.
    /// - Complexity: O(1).
    public static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) < 0x1p53, Double(Int64(value)) == value { return String(Int64(value)) }
        return value.description
    }
}
