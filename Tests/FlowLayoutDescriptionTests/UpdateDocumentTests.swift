import FlowLayoutCore
import Foundation
import Testing

@testable import FlowLayoutDescription

/// The update document (`layout-description.md`, Updates): the values it decodes
/// to and every error it can report, worked out by hand from the format. Every
/// document is also read in every chunk size, which must give the same.
@Suite("update documents")
struct UpdateDocumentTests {
    /// The layout the documents apply to: an inset whose edges a section's
    /// partial `sectionInset` completes.
    static let configuration = FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))

    /// What decoding `text` gives, whole and in every chunk size (which must
    /// agree): the document, or the error's text.
    func outcome(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Result<UpdateDocument, DescriptionError> {
        let bytes = Array(text.utf8)
        func result(_ decode: () throws(DescriptionError) -> UpdateDocument) -> Result<UpdateDocument, DescriptionError> {
            do { return .success(try decode()) } catch { return .failure(error) }
        }
        let whole = result { () throws(DescriptionError) in try UpdateDocument.decode(bytes, configuration: Self.configuration) }
        for chunk in DecodingHarness.chunkSizes {
            var offset = 0
            let chunked = result { () throws(DescriptionError) in
                try UpdateDocument.decode(chunkSize: chunk, configuration: Self.configuration) { buffer in
                    let count = min(buffer.count, bytes.count - offset)
                    for index in 0..<count { buffer[index] = bytes[offset + index] }
                    offset += count
                    return count
                }
            }
            #expect("\(chunked)" == "\(whole)", "chunk \(chunk), document: \(text)", sourceLocation: sourceLocation)
        }
        return whole
    }

    /// `text` is refused with exactly `message`.
    func expectError(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch outcome(text, sourceLocation: sourceLocation) {
        case .success(let document): Issue.record("decoded \(document), expected \(message)", sourceLocation: sourceLocation)
        case .failure(let error): #expect(error.description == message, sourceLocation: sourceLocation)
        }
    }

    /// The document `text` decodes to.
    func decode(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> UpdateDocument {
        try outcome(text, sourceLocation: sourceLocation).get()
    }

    @Test("the format's example decodes to the batch it describes, sections completing their inset from the layout's")
    func formatExample() throws {
        let document = try decode(
            """
            {
              "visibleRect": { "x": 0, "y": 120, "width": 320, "height": 100 },
              "batches": [
                {
                  "deleteSections": [3],
                  "insertSections": [ { "index": 0, "section": { "itemCount": 4 } } ],
                  "reloadSections": [ { "index": 5, "section": { "itemSizes": [ { "width": 60, "height": 30 } ] } } ],
                  "moveSections":   [ { "from": 1, "to": 2 } ],
                  "deleteItems":    [ { "section": 0, "item": 2 } ],
                  "insertItems":    [ { "section": 0, "item": 0, "size": { "width": 80, "height": 40 } } ],
                  "reloadItems":    [ { "section": 1, "item": 4 } ],
                  "moveItems":      [ { "from": { "section": 0, "item": 1 }, "to": { "section": 2, "item": 0 } } ]
                }
              ]
            }
            """)
        var batch = BatchUpdate()
        batch.deleteSections([3])
        batch.insertSection(FlowSection(itemCount: 4), at: 0)
        batch.reloadSection(5, with: FlowSection(itemSizes: [Size(width: 60, height: 30)]))
        batch.moveSection(1, toSection: 2)
        batch.deleteItems(at: [FlowIndexPath(item: 2, section: 0)])
        batch.insertItem(at: FlowIndexPath(item: 0, section: 0), size: Size(width: 80, height: 40))
        batch.reloadItems(at: [FlowIndexPath(item: 4, section: 1)])
        batch.moveItem(at: FlowIndexPath(item: 1, section: 0), to: FlowIndexPath(item: 0, section: 2))
        #expect(document == UpdateDocument(visibleRect: Rect(x: 0, y: 120, width: 320, height: 100), batches: [batch]))
    }

    @Test("a move may bring a size; an entry of batches may be a list of size reports alone")
    func sizedMovesAndReportSteps() throws {
        let document = try decode(
            #"""
            {"batches": [{"moveItems": [{"size": {"width": 40, "height": 30}, "to": {"section": 0, "item": 0},
                                         "from": {"section": 1, "item": 2}}]},
                         {"sizeReports": [{"size": {"width": 155, "height": 90}, "item": 3, "section": 0},
                                          {"section": 2, "item": 0, "size": {"width": 0, "height": 0}}]},
                         {"sizeReports": []}]}
            """#)
        var move = BatchUpdate()
        move.moveItem(at: FlowIndexPath(item: 2, section: 1), to: FlowIndexPath(item: 0, section: 0), size: Size(width: 40, height: 30))
        #expect(
            document
                == UpdateDocument(steps: [
                    .batch(move),
                    .sizeReports([
                        SizeReport(indexPath: FlowIndexPath(item: 3, section: 0), size: Size(width: 155, height: 90)),
                        SizeReport(indexPath: FlowIndexPath(item: 0, section: 2), size: .zero),
                    ]),
                    .sizeReports([]),
                ]))
    }

    @Test("every key is optional but batches; members in any order; sections are the description's, overrides and all")
    func optionalKeys() throws {
        #expect(try decode(#"{"batches": []}"#) == UpdateDocument(batches: []))
        #expect(try decode(#"{"batches": [{}, {"deleteItems": []}]}"#) == UpdateDocument(batches: [BatchUpdate(), BatchUpdate()]))
        let document = try decode(
            #"""
            {"batches": [{"reloadItems": [{"item": 1, "section": 0, "size": {"height": 2.5, "width": 0}}],
                          "insertSections": [{"section": {"sectionInset": {"left": 8}, "minimumLineSpacing": 4, "itemCount": 2,
                                                          "headerReferenceSize": {"width": 0, "height": 32}},
                                              "index": 1}],
                          "insertItems": [{"section": 3, "item": 7}]}],
             "visibleRect": {"height": 0, "width": 10.5, "y": -1e3, "x": -0.5}}
            """#)
        var batch = BatchUpdate()
        batch.reloadItem(at: FlowIndexPath(item: 1, section: 0), size: Size(width: 0, height: 2.5))
        batch.insertSection(
            FlowSection(
                itemCount: 2, sectionInset: EdgeInsets(top: 1, left: 8, bottom: 3, right: 4), minimumLineSpacing: 4,
                headerReferenceSize: Size(width: 0, height: 32)),
            at: 1)
        batch.insertItem(at: FlowIndexPath(item: 7, section: 3), size: nil)
        #expect(document == UpdateDocument(visibleRect: Rect(x: -0.5, y: -1000, width: 10.5, height: 0), batches: [batch]))
    }

    @Test(
        "problems name the field path",
        arguments: [
            ("[]", "must be an object, not an array"),
            ("null", "must be an object, not null"),
            ("{}", "batches: is required"),
            (#"{"visibleRect": {"x": 0, "y": 0, "width": 1, "height": 1}}"#, "batches: is required"),
            (#"{"batches": [], "viewport": {}}"#, "viewport: unknown field (expected one of: batches, snapshots, visibleRect)"),
            (#"{"batches": {}}"#, "batches: must be an array, not an object"),
            (#"{"batches": [1]}"#, "batches[0]: must be an object, not a number"),
            (#"{"batches": [{}, []]}"#, "batches[1]: must be an object, not an array"),
            (#"{"visibleRect": [], "batches": []}"#, "visibleRect: must be an object, not an array"),
            (#"{"visibleRect": {"y": 0, "width": 1, "height": 1}, "batches": []}"#, "visibleRect.x: is required"),
            (#"{"visibleRect": {"x": 0, "y": 0, "width": 1}, "batches": []}"#, "visibleRect.height: is required"),
            (
                #"{"visibleRect": {"x": "0", "y": 0, "width": 1, "height": 1}, "batches": []}"#,
                "visibleRect.x: must be a finite number, not a string"
            ),
            (#"{"visibleRect": {"x": 0, "y": 1e400, "width": 1, "height": 1}, "batches": []}"#, "visibleRect.y: must be a finite number"),
            (
                #"{"visibleRect": {"x": 0, "y": 0, "width": -1, "height": 1}, "batches": []}"#,
                "visibleRect.width: must be a finite number >= 0"
            ),
            (#"{"visibleRect": {"x": 0, "y": 0, "width": 1, "height": 2e15}, "batches": []}"#, "visibleRect.height: must be at most 1e15"),
            (
                #"{"visibleRect": {"x": 0, "y": 0, "z": 0, "width": 1, "height": 1}, "batches": []}"#,
                "visibleRect.z: unknown field (expected one of: height, width, x, y)"
            ),
            (
                #"{"batches": [{"deleteItem": []}]}"#,
                "batches[0].deleteItem: unknown field (expected one of: deleteItems, deleteSections, insertItems, insertSections, moveItems, moveSections, reloadItems, reloadSections, sizeReports)"
            ),
            (#"{"batches": [{"deleteSections": 3}]}"#, "batches[0].deleteSections: must be an array, not a number"),
            (#"{"batches": [{"deleteSections": [0, -1]}]}"#, "batches[0].deleteSections[1]: must be a whole number from 0 to 2147483647"),
            (#"{"batches": [{"deleteSections": [1.5]}]}"#, "batches[0].deleteSections[0]: must be a whole number from 0 to 2147483647"),
            (#"{"batches": [{"insertSections": [{"section": {"itemCount": 1}}]}]}"#, "batches[0].insertSections[0].index: is required"),
            (#"{"batches": [{"insertSections": [{"index": 0}]}]}"#, "batches[0].insertSections[0].section: is required"),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": {"itemCount": 1}, "items": 1}]}]}"#,
                "batches[0].insertSections[0].items: unknown field (expected one of: index, section)"
            ),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": []}]}]}"#,
                "batches[0].insertSections[0].section: must be an object, not an array"
            ),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": {}}]}]}"#,
                "batches[0].insertSections[0].section: needs itemCount or itemSizes"
            ),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": {"itemSizes": [{"width": 1, "height": 1}, {"width": -1, "height": 1}]}}]}]}"#,
                "batches[0].insertSections[0].section.itemSizes[1].width: must be a finite number >= 0"
            ),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": {"itemCount": 1, "size": 1}}]}]}"#,
                "batches[0].insertSections[0].section.size: unknown field (expected one of: footerReferenceSize, headerReferenceSize, id, itemColumns, itemCount, itemIds, itemSizes, minimumInteritemSpacing, minimumLineSpacing, sectionInset, waterfall)"
            ),
            (
                #"{"batches": [{"insertSections": [{"index": 0, "section": {"itemCount": 2, "itemSizes": []}}]}]}"#,
                "batches[0].insertSections[0].section.itemCount: is 2 but itemSizes holds 0 sizes"
            ),
            (
                #"{"batches": [{"reloadSections": [{"index": "1", "section": {"itemCount": 1}}]}]}"#,
                "batches[0].reloadSections[0].index: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"reloadSections": [{"index": 1, "section": {"itemCount": 1, "sectionInset": {"top": -1}}}]}]}"#,
                "batches[0].reloadSections[0].section.sectionInset.top: must be a finite number >= 0"
            ),
            (
                #"{"batches": [{"reloadSections": [{"index": 1, "section": {"itemCount": 1, "footerReferenceSize": {"width": 1}}}]}]}"#,
                "batches[0].reloadSections[0].section.footerReferenceSize.height: is required"
            ),
            (#"{"batches": [{"moveSections": [[0, 1]]}]}"#, "batches[0].moveSections[0]: must be an object, not an array"),
            (#"{"batches": [{"moveSections": [{"from": 0}]}]}"#, "batches[0].moveSections[0].to: is required"),
            (#"{"batches": [{"moveSections": [{"to": 0}]}]}"#, "batches[0].moveSections[0].from: is required"),
            (
                #"{"batches": [{"moveSections": [{"from": 2.5, "to": 0}]}]}"#,
                "batches[0].moveSections[0].from: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"moveSections": [{"from": 0, "to": 1, "by": 1}]}]}"#,
                "batches[0].moveSections[0].by: unknown field (expected one of: from, to)"
            ),
            (#"{"batches": [{"deleteItems": [{"section": 0}]}]}"#, "batches[0].deleteItems[0].item: is required"),
            (
                #"{"batches": [{"deleteItems": [{"section": -1, "item": 0}]}]}"#,
                "batches[0].deleteItems[0].section: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"deleteItems": [{"section": 0, "item": 0, "size": {"width": 1, "height": 1}}]}]}"#,
                "batches[0].deleteItems[0].size: unknown field (expected one of: item, section)"
            ),
            (#"{"batches": [{"deleteItems": [0]}]}"#, "batches[0].deleteItems[0]: must be an object, not a number"),
            (
                #"{"batches": [{}, {}, {"insertItems": [{"section": 0, "item": 0, "size": {"width": -1, "height": 1}}]}]}"#,
                "batches[2].insertItems[0].size.width: must be a finite number >= 0"
            ),
            (
                #"{"batches": [{"insertItems": [{"section": 0, "item": 0, "size": {"width": 1}}]}]}"#,
                "batches[0].insertItems[0].size.height: is required"
            ),
            (
                #"{"batches": [{"insertItems": [{"section": 0, "item": 0, "size": null}]}]}"#,
                "batches[0].insertItems[0].size: must be an object, not null"
            ),
            (#"{"batches": [{"insertItems": [{"item": 0}]}]}"#, "batches[0].insertItems[0].section: is required"),
            (
                #"{"batches": [{"insertItems": [{"section": 0, "item": 0, "sizes": []}]}]}"#,
                "batches[0].insertItems[0].sizes: unknown field (expected one of: item, section, size)"
            ),
            (
                #"{"batches": [{"reloadItems": [{"section": 0, "item": 1e3}]}]}"#,
                "batches[0].reloadItems[0].item: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"reloadItems": [{"section": 0, "item": 0, "size": {"width": 1, "height": 2e15}}]}]}"#,
                "batches[0].reloadItems[0].size.height: must be at most 1e15"
            ),
            (
                #"{"batches": [{"reloadItems": [{"section": 0, "item": 0, "size": {"width": 1, "height": "tall"}}]}]}"#,
                "batches[0].reloadItems[0].size.height: must be a finite number >= 0, not a string"
            ),
            (#"{"batches": [{"moveItems": [{"to": {"section": 0, "item": 0}}]}]}"#, "batches[0].moveItems[0].from: is required"),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": 0, "item": 1}, "to": {"section": 0, "item": 0}, "size": {"width": -1, "height": 1}}]}]}"#,
                "batches[0].moveItems[0].size.width: must be a finite number >= 0"
            ),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": 0, "item": 1}, "to": {"section": 0, "item": 0}, "sizes": []}]}]}"#,
                "batches[0].moveItems[0].sizes: unknown field (expected one of: from, size, to)"
            ),
            (
                #"{"batches": [{}, {"deleteItems": [], "sizeReports": [], "insertItems": []}]}"#,
                "batches[1].sizeReports: cannot be given with deleteItems (a batch of size reports has no other operation)"
            ),
            (
                #"{"batches": [{"sizeReports": [{"section": 0, "item": 0, "size": {"width": 1, "height": -2}}], "moveItems": []}]}"#,
                "batches[0].sizeReports[0].size.height: must be a finite number >= 0"
            ),
            (#"{"batches": [{"sizeReports": [{"section": 0, "item": 0}]}]}"#, "batches[0].sizeReports[0].size: is required"),
            (
                #"{"batches": [{"sizeReports": [{"section": 0, "size": {"width": 1, "height": 1}}]}]}"#,
                "batches[0].sizeReports[0].item: is required"
            ),
            (#"{"batches": [{"sizeReports": {}}]}"#, "batches[0].sizeReports: must be an array, not an object"),
            (
                #"{"batches": [{"moveItems": [{"from": 3, "to": {"section": 0, "item": 0}}]}]}"#,
                "batches[0].moveItems[0].from: must be an object, not a number"
            ),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": -2, "item": 0}, "to": {"section": 0, "item": 0}}]}]}"#,
                "batches[0].moveItems[0].from.section: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": 0, "item": 0}, "to": {"section": 0}}]}]}"#,
                "batches[0].moveItems[0].to.item: is required"
            ),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": 0, "item": 0}, "to": {"section": 0, "item": 0, "x": 0}}]}]}"#,
                "batches[0].moveItems[0].to.x: unknown field (expected one of: item, section)"
            ),
        ])
    func content(document: String, message: String) {
        expectError(document, message)
    }

    @Test(
        "the JSON is as strict as a description's",
        arguments: [
            ("", "invalid JSON at line 1, column 1: unexpected end of input, expected a value"),
            ("{", "invalid JSON at line 1, column 2: expected a member name in quotes"),
            (
                #"{"batches": [{"deleteItems": [], "deleteItems": []}]}"#,
                #"invalid JSON at line 1, column 47: duplicate member "deleteItems""#
            ),
            (
                #"{"batches": [{"moveItems": [{"from": {"section": 0, "section": 1}}]}]}"#,
                #"invalid JSON at line 1, column 62: duplicate member "section""#
            ),
            (#"{"batches": []} []"#, "invalid JSON at line 1, column 17: unexpected text after the JSON document"),
            (#"{"batches": [{"deleteSections": [01]}]}"#, "invalid JSON at line 1, column 36: leading zero in a number"),
        ])
    func syntax(document: String, message: String) {
        expectError(document, message)
    }

    /// The order of the checks, as a description's: for each object an unknown
    /// field, then the missing required fields, then the values in the order of
    /// the format; for each array its elements in order; a syntax error before
    /// anything.
    @Test(
        "the first problem in the order of the checks is reported, wherever it stands in the file",
        arguments: [
            (
                #"{"batches": [{"deleteItems": [{"section": -1, "item": 0}], "x": 1}]}"#,
                "batches[0].x: unknown field (expected one of: deleteItems, deleteSections, insertItems, insertSections, moveItems, moveSections, reloadItems, reloadSections, sizeReports)"
            ),
            (
                #"{"batches": [1], "visibleRect": {}, "extra": 0}"#,
                "extra: unknown field (expected one of: batches, snapshots, visibleRect)"
            ),
            (#"{"visibleRect": 1}"#, "batches: is required"),
            (#"{"batches": [1], "visibleRect": 1}"#, "visibleRect: must be an object, not a number"),
            (
                #"{"batches": [{"moveItems": [1], "deleteSections": ["a"]}]}"#,
                "batches[0].deleteSections[0]: must be a whole number from 0 to 2147483647"
            ),
            (#"{"batches": [{"moveItems": [1], "reloadItems": [{"item": 0}]}]}"#, "batches[0].reloadItems[0].section: is required"),
            (#"{"batches": [{"deleteItems": [{"section": -1}]}]}"#, "batches[0].deleteItems[0].item: is required"),
            (
                #"{"batches": [{"deleteItems": [{"item": -1, "section": -1}]}]}"#,
                "batches[0].deleteItems[0].section: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"insertItems": [{"size": {"width": -1, "height": 0}, "item": -1, "section": 0}]}]}"#,
                "batches[0].insertItems[0].item: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"insertSections": [{"section": {}, "index": -1}]}]}"#,
                "batches[0].insertSections[0].index: must be a whole number from 0 to 2147483647"
            ),
            (
                #"{"batches": [{"deleteSections": [-1, "x"]}, {"bogus": 1}]}"#,
                "batches[0].deleteSections[0]: must be a whole number from 0 to 2147483647"
            ),
            (#"{"visibleRect": {"height": -1, "x": "a"}, "batches": []}"#, "visibleRect.y: is required"),
            (
                #"{"visibleRect": {"height": -1, "x": "a", "y": 0, "width": 0}, "batches": []}"#,
                "visibleRect.x: must be a finite number, not a string"
            ),
            (#"{"batches": [{"bogus": 1}], "visibleRect": {"x": 01}}"#, "invalid JSON at line 1, column 52: leading zero in a number"),
        ])
    func order(document: String, message: String) {
        expectError(document, message)
    }

    @Test("a file that cannot be read is named; a file is read as the bytes are")
    func files() throws {
        #expect(throws: DescriptionError(path: "", message: "cannot read '/nonexistent/updates.json': No such file or directory")) {
            try UpdateDocument.decode(contentsOfFile: "/nonexistent/updates.json", configuration: Self.configuration)
        }
        let text = #"{"batches": [{"deleteSections": [0]}], "visibleRect": {"x": 0, "y": 5, "width": 10, "height": 20}}"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("updates-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try UpdateDocument.decode(contentsOfFile: path, configuration: Self.configuration, chunkSize: 3)
        #expect(fromFile == (try decode(text)))
    }
}
