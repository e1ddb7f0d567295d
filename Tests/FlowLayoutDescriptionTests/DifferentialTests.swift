import FlowLayoutCore
import FlowLayoutReference
import Testing

@testable import FlowLayoutDescription

/// The streaming reader against the tree decoder it replaced, on seeded random
/// documents: every result and every error text must be the same, whole and in
/// chunks. A failure names the document.
@Suite("streaming reader against the tree decoder")
struct DifferentialTests {
    @Test("random descriptions, mostly valid", arguments: 0..<4)
    func mostlyValid(batch: Int) {
        var documents = RandomDocuments(seed: UInt64(100 + batch), mistakes: 0.01)
        var valid = 0
        for index in 0..<300 {
            let chunks = index % 10 == 0 ? DecodingHarness.chunkSizes : [3]
            if DecodingHarness.expectAgreement(documents.document(), chunks: chunks).hasPrefix("ok") { valid += 1 }
        }
        #expect(valid > 100, "too few valid documents to mean much: \(valid)")
    }

    @Test("random descriptions with mistakes in their content", arguments: 0..<4)
    func wrongContent(batch: Int) {
        var documents = RandomDocuments(seed: UInt64(200 + batch), mistakes: 0.08)
        var errors = Set<String>()
        for index in 0..<300 {
            let chunks = index % 10 == 0 ? DecodingHarness.chunkSizes : [2]
            let outcome = DecodingHarness.expectAgreement(documents.document(), chunks: chunks)
            if outcome.hasPrefix("error") { errors.insert(String(outcome.prefix(40))) }
        }
        #expect(errors.count > 20, "too few different errors to mean much: \(errors.count)")
    }

    @Test("random descriptions damaged byte by byte", arguments: 0..<4)
    func damaged(batch: Int) {
        var documents = RandomDocuments(seed: UInt64(300 + batch), mistakes: 0.02)
        for index in 0..<400 {
            let bytes = documents.damage(Array(documents.document().utf8))
            DecodingHarness.expectAgreement(bytes, chunks: index % 10 == 0 ? DecodingHarness.chunkSizes : [1])
        }
    }

    @Test("deep nesting inside values the schema does not want, up to and past the limit")
    func nesting() {
        for depth in [1, 30, 62, 63, 64, 65, 100] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            for value in [nested, objects] {
                DecodingHarness.expectAgreement(#"{"viewport": {"width": 1, "height": 1}, "x": "# + value + #", "sections": []}"#)
                DecodingHarness.expectAgreement(#"{"viewport": {"width": 1, "height": 1}, "sections": [{"itemSizes": "# + value + "}]}")
            }
        }
    }

    @Test("every prefix of a description is refused as the tree decoder refuses it")
    func prefixes() {
        let document = Array(
            #"""
            {"scrollDirection": "horizont\u0061l", "viewport": {"width": 3.5e2, "height": -0},
             "layout": {"sectionInset": {"top": 1}, "itemSize": {"width": 1e1, "height": 0.25}},
             "sections": [{"itemCount": 2, "itemSizes": [{"width": 1, "height": 2}, {"height": 0.5, "width": 12}]},
                          {"itemCount": 7, "sectionInset": {"left": 4}, "x\u00e9": "\ud83d\ude00"}]}
            """#.utf8)
        for end in 0...document.count {
            DecodingHarness.expectAgreement(Array(document[..<end]), chunks: [1, 7])
        }
    }
}
