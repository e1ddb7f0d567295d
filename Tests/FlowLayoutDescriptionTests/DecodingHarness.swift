import FlowLayoutCore
import Testing

@testable import FlowLayoutDescription

/// Decoding one document every way the module can, and comparing the results
/// exactly: numbers by their bits, errors by their text.
enum DecodingHarness {
    /// The chunk sizes every document is also fed in.
    static let chunkSizes = [1, 2, 3, 7, 64]

    /// What decoding gave: the description written out with every number's bits,
    /// or the error's text.
    static func outcome(_ decode: () throws(DescriptionError) -> LayoutDescription) -> String {
        do {
            return "ok " + dump(try decode())
        } catch {
            return "error " + error.description
        }
    }

    /// The streaming reader over the whole document in memory.
    static func streamed(_ bytes: [UInt8]) -> String {
        outcome { () throws(DescriptionError) in try LayoutDescription.decode(bytes) }
    }

    /// The streaming reader fed `chunk` bytes at a time through a buffer of
    /// `chunk` bytes (grown only for a longer token).
    static func chunked(_ bytes: [UInt8], chunk: Int) -> String {
        var offset = 0
        return outcome { () throws(DescriptionError) in
            try LayoutDescription.decode(chunkSize: chunk) { buffer in
                let count = min(buffer.count, bytes.count - offset)
                for index in 0..<count { buffer[index] = bytes[offset + index] }
                offset += count
                return count
            }
        }
    }

    /// The tree decoder the reader replaced.
    static func oracle(_ bytes: [UInt8]) -> String {
        outcome { () throws(DescriptionError) in try TreeDecoder.decode(bytes) }
    }

    /// Checks that the reader, whole and in every chunk size, gives what the
    /// oracle gives, and returns that.
    @discardableResult
    static func expectAgreement(_ text: String, chunks: [Int] = chunkSizes, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        expectAgreement(Array(text.utf8), chunks: chunks, sourceLocation: sourceLocation)
    }

    /// Checks that the reader, whole and in every chunk size, gives what the
    /// oracle gives for `bytes`, and returns that.
    @discardableResult
    static func expectAgreement(_ bytes: [UInt8], chunks: [Int] = chunkSizes, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let expected = oracle(bytes)
        let document = String(decoding: bytes.prefix(300), as: UTF8.self)
        #expect(streamed(bytes) == expected, "document: \(document)", sourceLocation: sourceLocation)
        for chunk in chunks {
            #expect(chunked(bytes, chunk: chunk) == expected, "chunk \(chunk), document: \(document)", sourceLocation: sourceLocation)
        }
        return expected
    }

    /// A description as text, with every `Double` as its bit pattern, so that
    /// `-0` and `0` differ.
    static func dump(_ description: LayoutDescription) -> String {
        func number(_ value: Double) -> String { String(value.bitPattern, radix: 16) }
        func size(_ value: Size?) -> String { value.map { "\(number($0.width))x\(number($0.height))" } ?? "-" }
        func insets(_ value: EdgeInsets?) -> String {
            value.map { [$0.top, $0.left, $0.bottom, $0.right].map(number).joined(separator: ",") } ?? "-"
        }
        let configuration = description.configuration
        var text = "\(configuration.scrollDirection) viewport \(size(description.viewportSize)) "
        text += "item \(size(configuration.itemSize)) estimated \(size(configuration.estimatedItemSize)) "
        text += "spacing \(number(configuration.minimumLineSpacing)),\(number(configuration.minimumInteritemSpacing)) "
        text += "inset \(insets(configuration.sectionInset)) header \(size(configuration.headerReferenceSize)) "
        text += "footer \(size(configuration.footerReferenceSize))"
        let options = description.options
        text += " lines \(options.lineAlignment) last \(options.lastLineAlignment) cross \(options.crossAlignment)"
        text += " direction \(options.layoutDirection) scale \(number(options.displayScale))"
        text += " follows \(options.followsEnd) content \(options.contentAlignment)"
        text += " pins \(configuration.sectionHeadersPinToVisibleBounds),\(configuration.sectionFootersPinToVisibleBounds)"
        text +=
            " visible "
            + (description.visibleRect.map { [$0.minX, $0.minY, $0.width, $0.height].map(number).joined(separator: ",") } ?? "-")
        for section in description.sections {
            text += "\n  count \(section.itemCount) sizes "
            text += section.itemSizes.map { $0.map { size($0) }.joined(separator: " ") } ?? "-"
            text += " inset \(insets(section.sectionInset))"
            text += " spacing \(section.minimumLineSpacing.map(number) ?? "-"),\(section.minimumInteritemSpacing.map(number) ?? "-")"
            text += " header \(size(section.headerReferenceSize)) footer \(size(section.footerReferenceSize))"
        }
        return text
    }
}
