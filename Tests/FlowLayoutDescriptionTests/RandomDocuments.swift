import FlowLayoutCore
import FlowLayoutReference

/// Seeded random description documents, mostly well formed and meaningful,
/// with mistakes of every kind mixed in at a chosen rate: wrong types, values
/// out of range, missing, unknown and repeated fields, members in any order,
/// names written with escapes, white space anywhere; and byte-level damage.
struct RandomDocuments {
    var random: SeededRandom
    /// The chance of a deliberate mistake at each choice that can go wrong.
    var mistakes: Double

    init(seed: UInt64, mistakes: Double) {
        random = SeededRandom(seed: seed)
        self.mistakes = mistakes
    }

    private mutating func wrong() -> Bool { random.chance(mistakes) }

    /// White space: usually none.
    mutating func space() -> String {
        random.chance(0.7) ? "" : random.pick([" ", "  ", "\n", "\t", "\r\n    ", "\n\n"])
    }

    /// A member name, sometimes with a letter escaped or misspelt.
    mutating func name(_ name: String) -> String {
        if wrong() { return "\"" + name.uppercased() + "\"" }
        guard random.chance(0.05), let letter = name.unicodeScalars.first else { return "\"" + name + "\"" }
        let hex = String(letter.value, radix: 16)
        return "\"\\u" + String(repeating: "0", count: 4 - hex.count) + hex + name.dropFirst() + "\""
    }

    /// An object of `members`, shuffled sometimes, with a member repeated or an
    /// unknown one added when a mistake is made.
    mutating func object(_ members: [(String, String)]) -> String {
        var members = members
        if random.chance(0.3) { members.shuffle(using: &random) }
        if wrong(), let member = members.first { members.insert(member, at: random.int(0...members.count)) }
        if wrong() { members.insert(("extra", value()), at: random.int(0...members.count)) }
        let body = members.map { space() + name($0.0) + space() + ":" + space() + $0.1 + space() }
        return "{" + body.joined(separator: ",") + "}"
    }

    /// A JSON array of `elements`.
    mutating func array(_ elements: [String]) -> String {
        "[" + elements.map { space() + $0 + space() }.joined(separator: ",") + "]"
    }

    /// Any JSON value, nested a little.
    mutating func value(depth: Int = 0) -> String {
        switch random.int(0..<(depth > 2 ? 5 : 7)) {
        case 0: return "null"
        case 1: return random.pick(["true", "false"])
        case 2: return length()
        case 3: return random.pick([#""x""#, #""vertical""#, #""\u00e9\n""#, #""😀""#, #""""#])
        case 4: return count()
        case 5: return array((0..<random.int(0...3)).map { _ in value(depth: depth + 1) })
        default: return object((0..<random.int(0...3)).map { ("k\($0)", value(depth: depth + 1)) })
        }
    }

    /// A length: usually a measured size, at times a number at an edge or a mistake.
    mutating func length() -> String {
        if wrong() {
            return random.pick([
                "-1", "-0.5", "2e15", "1.0000000000000002e15", "1e400", "-1e400", #""12""#, "null", "{}", "[]", "true",
                "1e999999", "01", "1.", "-",
            ])
        }
        switch random.int(0..<8) {
        case 0: return String(random.int(0...2000))
        case 1: return random.pick(["0", "-0", "1e15", "1e-400", "4.9e-324", "0.1", "1E2", "2500e-2", "999999999999999.9", "-0.0"])
        case 2: return String(random.double(0...1e15))
        case 3: return "\(random.int(0...99))e\(random.int(-30...14))"
        default: return "\(random.int(0...2000)).\(random.int(0...99))"
        }
    }

    /// A count: usually small, at times at an edge or a mistake.
    mutating func count() -> String {
        if wrong() {
            return random.pick(["-1", "2.5", "1e3", "2147483648", "99999999999999999999999", #""3""#, "null", "3.0"])
        }
        return random.chance(0.1) ? random.pick(["0", "-0", "2147483647"]) : String(random.int(0...4))
    }

    /// One of an option's names, or a mistake: a name in the wrong case, or
    /// another value.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) -> String where Value.RawValue == String {
        let name = random.pick(Value.allCases.map(\.rawValue))
        guard wrong() else { return "\"" + name + "\"" }
        return random.chance(0.5) ? "\"" + name.uppercased() + "\"" : value()
    }

    /// A boolean, or a mistake: a number, a string, null.
    mutating func boolean() -> String {
        guard wrong() else { return random.pick(["true", "false"]) }
        return random.pick(["0", "1", #""true""#, "null", "[]"])
    }

    /// A coordinate: any finite number, negative ones too, or a mistake.
    mutating func coordinate() -> String {
        if wrong() { return random.pick(["1e400", "-1e400", #""0""#, "null", "{}"]) }
        let magnitude = length()
        return random.chance(0.3) && !magnitude.hasPrefix("-") ? "-" + magnitude : magnitude
    }

    /// A rect: all four members, or a mistake (one missing, or another value).
    mutating func rect() -> String {
        var members = [("x", coordinate()), ("y", coordinate()), ("width", length()), ("height", length())]
        if wrong() { members.remove(at: random.int(0..<4)) }
        return wrong() ? value() : object(members)
    }

    /// A size: both lengths, or a mistake.
    mutating func size() -> String {
        var members = [("width", length()), ("height", length())]
        if wrong() { members.remove(at: random.int(0..<2)) }
        return wrong() ? value() : object(members)
    }

    /// Insets: any of the edges.
    mutating func insets() -> String {
        let edges = ["top", "left", "bottom", "right"].filter { _ in random.chance(0.5) }
        return wrong() ? value() : object(edges.map { ($0, length()) })
    }

    /// A section: a count or sizes (or both), and some overrides.
    mutating func section() -> String {
        var members: [(String, String)] = []
        let sizeCount = random.int(0...4)
        switch random.int(0..<4) {
        case 0: members.append(("itemCount", count()))
        case 1, 2: members.append(("itemSizes", array((0..<sizeCount).map { _ in size() })))
        default:
            if !wrong() {
                members.append(("itemCount", random.chance(0.7) ? String(sizeCount) : count()))
                members.append(("itemSizes", array((0..<sizeCount).map { _ in size() })))
            }
        }
        if wrong(), let index = members.indices.randomElement(using: &random) { members[index].1 = value() }
        if random.chance(0.3) { members.append(("sectionInset", insets())) }
        if random.chance(0.2) { members.append(("minimumLineSpacing", length())) }
        if random.chance(0.2) { members.append(("minimumInteritemSpacing", length())) }
        if random.chance(0.2) { members.append(("headerReferenceSize", size())) }
        if random.chance(0.2) { members.append(("footerReferenceSize", size())) }
        return object(members)
    }

    /// A whole description.
    mutating func document() -> String {
        var members: [(String, String)] = []
        if random.chance(0.3) {
            members.append(("scrollDirection", wrong() ? value() : random.pick([#""vertical""#, #""horizontal""#, #""horizont\u0061l""#])))
        }
        if !wrong() { members.append(("viewport", size())) }
        if random.chance(0.5) {
            let fields = [
                ("itemSize", size()), ("estimatedItemSize", size()), ("minimumLineSpacing", length()),
                ("minimumInteritemSpacing", length()), ("sectionInset", insets()), ("headerReferenceSize", size()),
                ("footerReferenceSize", size()), ("lineAlignment", choice(LineAlignment.self)),
                ("lastLineAlignment", choice(LastLineAlignment.self)), ("crossAlignment", choice(CrossAlignment.self)),
                ("layoutDirection", choice(FlowLayoutOptions.LayoutDirection.self)),
                ("sectionHeadersPinToVisibleBounds", boolean()), ("sectionFootersPinToVisibleBounds", boolean()),
                ("displayScale", length()), ("followsEnd", boolean()),
                ("contentAlignment", choice(FlowLayoutOptions.ContentAlignment.self)),
            ]
            members.append(("layout", wrong() ? value() : object(fields.filter { _ in random.chance(0.4) })))
        }
        if !wrong() { members.append(("sections", wrong() ? value() : array((0..<random.int(0...4)).map { _ in section() }))) }
        if random.chance(0.3) { members.append(("visibleRect", rect())) }
        return space() + object(members) + space()
    }

    /// `document` damaged at a few random bytes: deleted, replaced, inserted,
    /// repeated, or cut short.
    mutating func damage(_ document: [UInt8]) -> [UInt8] {
        var bytes = document
        let interesting = Array("{}[],:\"\\-+0123456789.eEtfnu x\n\t\u{01}".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        for _ in 0..<random.int(1...3) where !bytes.isEmpty {
            let index = random.int(0..<bytes.count)
            switch random.int(0..<5) {
            case 0: bytes.remove(at: index)
            case 1: bytes[index] = random.pick(interesting)
            case 2: bytes.insert(random.pick(interesting), at: index)
            case 3: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + random.int(1...12))], at: index)
            default: bytes.removeSubrange(index...)
            }
        }
        return bytes
    }
}
