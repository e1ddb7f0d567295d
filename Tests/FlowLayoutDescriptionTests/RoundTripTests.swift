import FlowLayoutCore
import FlowLayoutReference
import Testing

@testable import FlowLayoutDescription

/// Seeded random descriptions written out as JSON (numbers by the output
/// document's formatter, members in any order) and read back: the same
/// description, every number to the bit.
@Suite("round trip")
struct RoundTripTests {
    /// A random description and the document that describes it.
    struct Case {
        var description: LayoutDescription
        var document: String
    }

    /// A random length, in the forms lengths take: whole, measured to a few
    /// decimals, any double, tiny.
    static func length(_ random: inout SeededRandom) -> Double {
        switch random.int(0..<6) {
        case 0: Double(random.int(0...5_000))
        case 1: Double(random.int(0...500_000)) / 100
        case 2: random.double(0...1e15)
        case 3: random.double(0...1) * 1e-300
        case 4: random.pick([0, 1e15, 0x1p-1074, 0.1, 1e-7, 123.45, 77.25])
        default: random.double(0...400)
        }
    }

    static func size(_ random: inout SeededRandom) -> Size {
        Size(width: length(&random), height: length(&random))
    }

    /// `members` as a JSON object, in a random order.
    static func object(_ members: [(String, String)], _ random: inout SeededRandom) -> String {
        "{" + members.shuffled(using: &random).map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func json(_ size: Size, _ random: inout SeededRandom) -> String {
        object([("width", LayoutOutput.number(size.width)), ("height", LayoutOutput.number(size.height))], &random)
    }

    static func json(_ insets: EdgeInsets, _ random: inout SeededRandom) -> String {
        object(
            [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)]
                .map { ($0.0, LayoutOutput.number($0.1)) }, &random)
    }

    /// A random description, every field given, and its document.
    static func randomCase(seed: UInt64) -> Case {
        var random = SeededRandom(seed: seed)
        var configuration = FlowLayoutConfiguration()
        configuration.scrollDirection = random.pick(ScrollDirection.allCases)
        configuration.itemSize = size(&random)
        configuration.estimatedItemSize = random.chance(0.5) ? .zero : size(&random)
        configuration.minimumLineSpacing = length(&random)
        configuration.minimumInteritemSpacing = length(&random)
        configuration.sectionInset = EdgeInsets(
            top: length(&random), left: length(&random), bottom: length(&random), right: length(&random))
        configuration.headerReferenceSize = size(&random)
        configuration.footerReferenceSize = size(&random)
        let viewport = size(&random)
        var sections: [FlowSection] = []
        var sectionTexts: [String] = []
        for _ in 0..<random.int(0...6) {
            var members: [(String, String)] = []
            var section: FlowSection
            if random.chance(0.5) {
                section = FlowSection(itemCount: random.int(0...1_000))
                members.append(("itemCount", String(section.itemCount)))
            } else {
                let sizes = (0..<random.int(0...40)).map { _ in size(&random) }
                section = FlowSection(itemSizes: sizes)
                members.append(("itemSizes", "[" + sizes.map { json($0, &random) }.joined(separator: ", ") + "]"))
                if random.chance(0.3) { members.append(("itemCount", String(sizes.count))) }
            }
            if random.chance(0.3) {
                // Only some edges: the others come from the layout's inset.
                var insets = configuration.sectionInset
                var edges: [(String, String)] = []
                if random.chance(0.5) { insets.top = length(&random); edges.append(("top", LayoutOutput.number(insets.top))) }
                if random.chance(0.5) { insets.left = length(&random); edges.append(("left", LayoutOutput.number(insets.left))) }
                if random.chance(0.5) { insets.bottom = length(&random); edges.append(("bottom", LayoutOutput.number(insets.bottom))) }
                if random.chance(0.5) { insets.right = length(&random); edges.append(("right", LayoutOutput.number(insets.right))) }
                section.sectionInset = insets
                members.append(("sectionInset", object(edges, &random)))
            }
            if random.chance(0.3) {
                section.minimumLineSpacing = length(&random)
                members.append(("minimumLineSpacing", LayoutOutput.number(section.minimumLineSpacing!)))
            }
            if random.chance(0.3) {
                section.minimumInteritemSpacing = length(&random)
                members.append(("minimumInteritemSpacing", LayoutOutput.number(section.minimumInteritemSpacing!)))
            }
            if random.chance(0.3) {
                section.headerReferenceSize = size(&random)
                members.append(("headerReferenceSize", json(section.headerReferenceSize!, &random)))
            }
            if random.chance(0.3) {
                section.footerReferenceSize = size(&random)
                members.append(("footerReferenceSize", json(section.footerReferenceSize!, &random)))
            }
            sections.append(section)
            sectionTexts.append(object(members, &random))
        }
        // The options, each given or not: absent means UIKit's behaviour.
        var options = FlowLayoutOptions()
        var optionMembers: [(String, String)] = []
        if random.chance(0.5) {
            options.lineAlignment = random.pick(LineAlignment.allCases)
            optionMembers.append(("lineAlignment", "\"\(options.lineAlignment.rawValue)\""))
        }
        if random.chance(0.5) {
            options.lastLineAlignment = random.pick(LastLineAlignment.allCases)
            optionMembers.append(("lastLineAlignment", "\"\(options.lastLineAlignment.rawValue)\""))
        }
        if random.chance(0.5) {
            options.crossAlignment = random.pick(CrossAlignment.allCases)
            optionMembers.append(("crossAlignment", "\"\(options.crossAlignment.rawValue)\""))
        }
        if random.chance(0.5) {
            options.layoutDirection = random.pick(FlowLayoutOptions.LayoutDirection.allCases)
            optionMembers.append(("layoutDirection", "\"\(options.layoutDirection.rawValue)\""))
        }
        if random.chance(0.5) {
            configuration.sectionHeadersPinToVisibleBounds = random.chance(0.5)
            optionMembers.append(("sectionHeadersPinToVisibleBounds", "\(configuration.sectionHeadersPinToVisibleBounds)"))
        }
        if random.chance(0.5) {
            configuration.sectionFootersPinToVisibleBounds = random.chance(0.5)
            optionMembers.append(("sectionFootersPinToVisibleBounds", "\(configuration.sectionFootersPinToVisibleBounds)"))
        }
        if random.chance(0.5) {
            options.displayScale = random.chance(0.5) ? Double(random.int(0...3)) : length(&random)
            optionMembers.append(("displayScale", LayoutOutput.number(options.displayScale)))
        }
        // V, given or not: absent means the viewport at the origin.
        var visibleRect: Rect?
        var rootMembers: [(String, String)] = []
        if random.chance(0.5) {
            // Negative x too (never -0, which is written 0).
            let x = length(&random)
            let rect = Rect(x: random.chance(0.3) && x != 0 ? -x : x, y: length(&random), width: length(&random), height: length(&random))
            visibleRect = rect
            let members = [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)]
            rootMembers.append(("visibleRect", object(members.map { ($0.0, LayoutOutput.number($0.1)) }, &random)))
        }
        let layout = object(
            optionMembers + [
                ("itemSize", json(configuration.itemSize, &random)),
                ("estimatedItemSize", json(configuration.estimatedItemSize, &random)),
                ("minimumLineSpacing", LayoutOutput.number(configuration.minimumLineSpacing)),
                ("minimumInteritemSpacing", LayoutOutput.number(configuration.minimumInteritemSpacing)),
                ("sectionInset", json(configuration.sectionInset, &random)),
                ("headerReferenceSize", json(configuration.headerReferenceSize, &random)),
                ("footerReferenceSize", json(configuration.footerReferenceSize, &random)),
            ], &random)
        let document = object(
            rootMembers + [
                ("scrollDirection", "\"\(configuration.scrollDirection.rawValue)\""), ("viewport", json(viewport, &random)),
                ("layout", layout), ("sections", "[\n  " + sectionTexts.joined(separator: ",\n  ") + "\n]"),
            ], &random)
        return Case(
            description: LayoutDescription(
                configuration: configuration, viewportSize: viewport, sections: sections, options: options,
                visibleRect: visibleRect),
            document: document)
    }

    @Test("random descriptions read back to the bit", arguments: 0..<8)
    func roundTrip(batch: Int) throws {
        for index in 0..<60 {
            let seed = UInt64(batch * 1_000 + index)
            let sample = Self.randomCase(seed: seed)
            let expected = "ok " + DecodingHarness.dump(sample.description)
            let chunks = index % 6 == 0 ? DecodingHarness.chunkSizes : [5]
            #expect(DecodingHarness.expectAgreement(sample.document, chunks: chunks) == expected, "seed \(seed)")
        }
    }

    @Test("random numbers in every form read to the same double as the standard library's parser")
    func numbers() throws {
        var random = SeededRandom(seed: 77)
        for _ in 0..<20_000 {
            let digits = String((0..<random.int(1...20)).map { _ in Character(String(random.int(0...9))) })
            let integer = digits.drop { $0 == "0" }.isEmpty ? "0" : String(digits.drop { $0 == "0" })
            var text = integer
            if random.chance(0.7) { text += "." + String((0..<random.int(1...20)).map { _ in Character(String(random.int(0...9))) }) }
            if random.chance(0.4) { text += random.pick(["e", "E", "e+", "e-", "E-"]) + String(random.int(0...340)) }
            let document = #"{"viewport": {"width": "# + text + #", "height": 1}, "sections": []}"#
            let expected = Double(text)!
            let outcome = DecodingHarness.streamed(Array(document.utf8))
            if expected <= 1e15 {
                #expect(outcome.contains("viewport \(String(expected.bitPattern, radix: 16))x"), "\(text)")
            } else {
                #expect(outcome.hasPrefix("error viewport.width"), "\(text)")
            }
        }
    }
}
