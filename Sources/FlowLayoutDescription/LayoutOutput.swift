import FlowLayoutCore

/// Writes the output document of `layout-description.md`: the content size and
/// the elements, frames as full-precision numbers.
public enum LayoutOutput {
    /// The output JSON, one element per line, ending in a newline.
    public static func json(contentSize: Size, elements: [LayoutAttributes]) -> String {
        var out = ""
        write(contentSize: contentSize, elements: elements) { out += $0 }
        return out
    }

    /// Streams the output JSON to `sink` in pieces of about 64 KiB, so that a
    /// layout of millions of elements never sits in memory as one string.
    public static func write<Elements: Sequence<LayoutAttributes>>(
        contentSize: Size, elements: Elements, to sink: (String) -> Void
    ) {
        var buffer = "{\n  \"contentSize\": { \"width\": \(number(contentSize.width)), \"height\": \(number(contentSize.height)) },\n"
        buffer += "  \"elements\": ["
        var first = true
        for element in elements {
            buffer += first ? "\n    " : ",\n    "
            first = false
            buffer += self.element(element)
            if buffer.utf8.count >= 65_536 {
                sink(buffer)
                buffer = ""
            }
        }
        buffer += first ? "]\n}\n" : "\n  ]\n}\n"
        sink(buffer)
    }

    /// One element as a JSON object on one line.
    public static func element(_ element: LayoutAttributes) -> String {
        let frame = element.frame
        let item = element.category == .cell ? ", \"item\": \(element.indexPath.item)" : ""
        return "{ \"category\": \"\(element.category.rawValue)\", \"section\": \(element.indexPath.section)\(item), "
            + "\"frame\": { \"x\": \(number(frame.minX)), \"y\": \(number(frame.minY)), "
            + "\"width\": \(number(frame.width)), \"height\": \(number(frame.height)) } }"
    }

    /// A number in JSON: integers without a fraction, others in the shortest
    /// form that reads back to the same `Double`.
    public static func number(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) < 0x1p53, Double(Int64(value)) == value { return String(Int64(value)) }
        return value.description
    }
}
