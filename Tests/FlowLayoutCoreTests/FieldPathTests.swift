import FlowLayoutCore
import FlowLayoutReference
import Testing

/// `FieldPath`: the value errors carry, its text (written only at the edge,
/// byte for byte the messages of `flow-layout.md` 9 and 10.6), and the
/// literal notation tests and constants use.
@Suite("Field paths")
struct FieldPathTests {
    @Test("a path renders fields joined by dots and subscripts in brackets")
    func rendering() {
        let path = FieldPath("sections", 3).appending("itemSizes").appending(index: 17).appending("width")
        #expect(path.description == "sections[3].itemSizes[17].width")
        #expect(FieldPath().description == "")
        #expect(FieldPath().isEmpty)
        #expect(FieldPath([.index(3), .field("width")]).description == "[3].width")
        #expect(FieldPath([.field("a"), .index(-1), .index(2)]).description == "a[-1][2]")
        #expect(FieldPath(.insertItems, 0).appending("item").description == "insertItems[0].item")
    }

    @Test("a literal is read as the path it writes")
    func literals() {
        let written: FieldPath = "sections[3].itemSizes[17].width"
        #expect(
            written.components == [.field("sections"), .index(3), .field("itemSizes"), .index(17), .field("width")])
        #expect(("" as FieldPath).isEmpty)
        #expect(("batches[2]." as FieldPath) == FieldPath("batches", 2))
        #expect(("[3].width" as FieldPath).components == [.index(3), .field("width")])
        #expect(("a..b" as FieldPath).components == [.field("a"), .field("b")])
        // A subscript that is not a whole number stays part of the name.
        #expect(("a[x].b" as FieldPath).components == [.field("a[x]"), .field("b")])
    }

    @Test("reading a path's text gives the path back, over seeded random paths")
    func roundTrip() {
        var random = SeededRandom(seed: 18)
        let names = ["sections", "itemSizes", "width", "insertItems", "from", "to", "a"]
        for _ in 0..<500 {
            var path = FieldPath()
            for _ in 0..<random.int(0...6) {
                path =
                    random.int(0...1) == 0
                    ? path.appending(names[random.int(0..<names.count)])
                    : path.appending(index: random.int(-3...1_000_000))
            }
            let text = path.description
            #expect(FieldPath(stringLiteral: text) == path, "\(text)")
        }
    }

    @Test("appending and prefixes")
    func appending() {
        let batch = FieldPath("batches", 2)
        let operation: FieldPath = "insertItems[0].item"
        let joined = batch.appending(operation)
        #expect(joined.description == "batches[2].insertItems[0].item")
        #expect(joined.hasPrefix(batch))
        #expect(joined.hasPrefix(FieldPath()))
        #expect(!batch.hasPrefix(joined))
        #expect(!joined.hasPrefix("batches[3]"))
        #expect(FieldPath().appending(operation) == operation)
        #expect(operation.appending(FieldPath()) == operation)
    }

    @Test("mapping an error's paths maps every path it names, and nothing else")
    func mappingPaths() {
        let rename = { (path: FieldPath) in FieldPath("outer").appending(path) }
        let twice = FlowLayoutError.invalidBatch(path: "moveItems[1].to", problem: .namedTwice(otherPath: "insertItems[0]"))
        #expect(
            twice.mappingPaths(rename)
                == .invalidBatch(path: "outer.moveItems[1].to", problem: .namedTwice(otherPath: "outer.insertItems[0]")))
        let value = FlowLayoutError.invalidValue(path: "rect.width", value: -2)
        #expect(value.mappingPaths(rename) == .invalidValue(path: "outer.rect.width", value: -2))
        #expect(value.mappingPaths { $0 } == value)
        let past = FlowLayoutError.invalidBatch(
            path: "insertItems[0].item", problem: .itemPastEnd(FlowIndexPath(item: 7, section: 0), itemCountAfter: 5))
        #expect(
            past.mappingPaths(rename).description == "outer.insertItems[0].item: 7 is past the end of section 0 (5 items after the batch)")
    }

    @Test("errors built by the engine read exactly as the spec's messages")
    func messages() throws {
        var sizes = Array(repeating: Size(width: 10, height: 10), count: 20)
        sizes[17] = Size(width: -1, height: 10)
        let sections = (0..<4).map { $0 == 3 ? FlowSection(itemSizes: sizes) : FlowSection(itemCount: 1) }
        do {
            _ = try FlowLayoutState(
                configuration: FlowLayoutConfiguration(), sections: sections, viewportSize: Size(width: 320, height: 480))
            Issue.record("a negative width was accepted")
        } catch {
            #expect(error.path == FieldPath("sections", 3).appending("itemSizes").appending(index: 17).appending("width"))
            #expect(error.description == "sections[3].itemSizes[17].width: must be a finite number >= 0 (got -1.0)")
        }
        var state = try FlowLayoutState(
            configuration: FlowLayoutConfiguration(), sections: [FlowSection(itemCount: 5)],
            viewportSize: Size(width: 320, height: 480))
        var batch = BatchUpdate()
        batch.insertItems(at: [FlowIndexPath(item: 7, section: 0)])
        do {
            _ = try state.performBatchUpdates(batch)
            Issue.record("an insertion past the end was accepted")
        } catch {
            #expect(error.path == FieldPath(.insertItems, 0).appending("item"))
            #expect(error.description == "insertItems[0].item: 7 is past the end of section 0 (6 items after the batch)")
        }
        var twice = BatchUpdate()
        twice.deleteItems(at: [FlowIndexPath(item: 1, section: 0), FlowIndexPath(item: 1, section: 0)])
        do {
            _ = try state.performBatchUpdates(twice)
            Issue.record("an item deleted twice was accepted")
        } catch {
            #expect(error == .invalidBatch(path: FieldPath(.deleteItems, 1), problem: .namedTwice(otherPath: FieldPath(.deleteItems, 0))))
            #expect(error.description == "deleteItems[1]: names the same position as deleteItems[0]")
        }
    }
}
