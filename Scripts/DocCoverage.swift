// Checks of the documentation that docc does not make, run by Scripts/docs.sh:
//
//   swiftc Scripts/DocCoverage.swift -o doc-coverage
//   ./doc-coverage coverage [--entry-points TYPE,...] [--article FILE] DIR...
//   ./doc-coverage curation ARCHIVE...
//   ./doc-coverage snippets TESTFILE MARKDOWN...
//
// coverage: every public symbol declared in the sources has a doc comment of
//   its own. Each DIR holds one module's `*.symbols.json` files
//   (swift-symbolgraph-extract run with -minimum-access-level public
//   -skip-synthesized-members -skip-inherited-docs, as Scripts/docs.sh does).
//   A symbol counts when the graph gives it a source location: members the
//   compiler synthesizes (an enum's `init(rawValue:)`) have none, and no source
//   can document them. Every member of an entry-point TYPE (and every
//   `decode` function, the readers' entry points) must also state its cost in
//   a `- Complexity:` line, and with --article, FILE (the performance model)
//   must link every member of the first TYPE as ``TYPE/member``. Prints one
//   line per module and the total.
// curation: every module's landing page, and every page a catalog curates by
//   hand (an extension file with a Topics section), lists each of its children
//   in a topic group of its own: no group docc had to generate.
// snippets: every ```swift block of the MARKDOWN files appears in TESTFILE,
//   line by line, ignoring indentation; a block after a line
//   `<!-- not compiled: REASON -->` is exempt.
//
// Each problem is printed as `file:line: warning: ...`; the exit status is 1
// if there is one.
import Foundation

// MARK: - Coverage

struct Coverage {
    var declared = 0
    var documented = 0
    var synthesized = 0
    var problems: [String] = []
    /// The members of the first entry-point type, as `Type/member`.
    var entryPoints: [String] = []
}

func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "100%" : String(format: "%.1f%%", 100 * Double(part) / Double(whole))
}

func jsonObject(atPath path: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
}

/// The symbols of one module's graphs.
func symbols(inDirectory directory: String) throws -> [[String: Any]] {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".symbols.json") }
        .sorted()
    return try files.flatMap { file -> [[String: Any]] in
        guard let graph = try jsonObject(atPath: directory + "/" + file) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file]) }
        return symbols
    }
}

/// Whether a symbol is a member whose cost its comment must state.
func isEntryPoint(_ path: [String], kind: String, entryTypes: [String]) -> Bool {
    guard path.count == 2, !kind.hasSuffix("enum.case"), !kind.hasSuffix(".struct"), !kind.hasSuffix(".enum")
    else { return false }
    return entryTypes.contains(path[0]) || path[1].hasPrefix("decode(")
}

func coverage(ofDirectory directory: String, entryTypes: [String]) throws -> Coverage {
    var result = Coverage()
    for symbol in try symbols(inDirectory: directory) {
        let access = symbol["accessLevel"] as? String
        guard access == "public" || access == "open" else { continue }
        guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String else {
            result.synthesized += 1
            continue
        }
        result.declared += 1
        let path = symbol["pathComponents"] as? [String] ?? []
        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
        let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
        let text = lines.compactMap { $0["text"] as? String }.joined(separator: "\n")
        let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
        let place = "\(URL(string: uri)?.path ?? uri):\(line): warning: public symbol '\(path.joined(separator: "."))'"
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            result.problems.append("\(place) has no doc comment")
            continue
        }
        result.documented += 1
        guard isEntryPoint(path, kind: kind, entryTypes: entryTypes) else { continue }
        if !text.contains("- Complexity:") { result.problems.append("\(place) states no '- Complexity:'") }
        if path[0] == entryTypes.first { result.entryPoints.append(path.joined(separator: "/")) }
    }
    return result
}

/// The entry points `article` does not link.
func unlinked(_ entryPoints: [String], in article: String) throws -> [String] {
    let text = try String(contentsOfFile: article, encoding: .utf8)
    return entryPoints.filter { !text.contains("``\($0)``") }.map {
        "\(article):1: warning: the performance model gives no cost for ``\($0)``"
    }
}

func runCoverage(_ arguments: [String]) throws -> [String] {
    var entryTypes: [String] = []
    var article: String?
    var directories: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--entry-points": entryTypes = (rest.popFirst() ?? "").split(separator: ",").map(String.init)
        case "--article": article = rest.popFirst()
        default: directories.append(argument)
        }
    }
    var total = Coverage()
    for directory in directories {
        let found = try coverage(ofDirectory: directory, entryTypes: entryTypes)
        let module = URL(fileURLWithPath: directory).lastPathComponent
        print(
            "  \(module.padding(toLength: 24, withPad: " ", startingAt: 0)) \(found.documented)/\(found.declared)"
                + " public symbols documented (\(percent(found.documented, found.declared)))"
                + (found.synthesized > 0 ? "; \(found.synthesized) compiler-synthesized, not counted" : ""))
        total.declared += found.declared
        total.documented += found.documented
        total.problems += found.problems
        total.entryPoints += found.entryPoints
    }
    print(
        "  \("total".padding(toLength: 24, withPad: " ", startingAt: 0)) \(total.documented)/\(total.declared)"
            + " public symbols documented (\(percent(total.documented, total.declared)))")
    if let article { total.problems += try unlinked(total.entryPoints, in: article) }
    return total.problems
}

// MARK: - Curation

/// The pages of an archive whose children docc had to group itself.
func uncurated(inArchive archive: String) throws -> [String] {
    let root = archive + "/data/documentation"
    guard let files = FileManager.default.enumerator(atPath: root) else { return ["\(archive):1: warning: no pages"] }
    var problems: [String] = []
    for case let file as String in files where file.hasSuffix(".json") {
        guard let page = try jsonObject(atPath: root + "/" + file) as? [String: Any] else { continue }
        let metadata = page["metadata"] as? [String: Any] ?? [:]
        let sections = page["topicSections"] as? [[String: Any]] ?? []
        let isModule = metadata["role"] as? String == "collection" && !file.contains("/")
        // A page with a hand-written Topics section has at least one group docc did not generate.
        let isCurated = sections.contains { $0["generated"] as? Bool != true }
        guard isModule || isCurated else { continue }
        for section in sections where section["generated"] as? Bool == true {
            let title = section["title"] as? String ?? "?"
            let children = (section["identifiers"] as? [String] ?? []).map { $0.components(separatedBy: "/").last ?? $0 }
            problems.append(
                "\(archive)/\(file):1: warning: not curated, docc grouped them under '\(title)': "
                    + children.joined(separator: ", "))
        }
    }
    return problems.sorted()
}

// MARK: - Snippets

/// The ```swift blocks of a markdown file: their first line, their lines
/// trimmed, without blank lines, and whether they are exempt.
func swiftBlocks(inMarkdown path: String) throws -> [(line: Int, lines: [String], exempt: Bool)] {
    let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
    var blocks: [(line: Int, lines: [String], exempt: Bool)] = []
    var current: [String]?
    var start = 0
    var exempt = false
    for (index, raw) in lines.enumerated() {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if var block = current {
            if line == "```" {
                blocks.append((start, block, exempt))
                current = nil
                exempt = false
            } else if !line.isEmpty {
                block.append(line)
                current = block
            }
        } else if line == "```swift" {
            current = []
            start = index + 1
        } else if line.hasPrefix("<!-- not compiled:") {
            exempt = true
        } else if !line.isEmpty {
            exempt = false
        }
    }
    return blocks
}

func runSnippets(_ arguments: [String]) throws -> [String] {
    guard let testFile = arguments.first else { return ["doc-coverage: snippets needs TESTFILE"] }
    let test = try String(contentsOfFile: testFile, encoding: .utf8).components(separatedBy: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .joined(separator: "\n")
    var problems: [String] = []
    var count = 0
    var exempt = 0
    for markdown in arguments.dropFirst() {
        for block in try swiftBlocks(inMarkdown: markdown) {
            if block.exempt {
                exempt += 1
                continue
            }
            count += 1
            if !test.contains(block.lines.joined(separator: "\n")) {
                problems.append("\(markdown):\(block.line): warning: this snippet is not in \(testFile), so nothing compiles it")
            }
        }
    }
    print(
        "  \(count - problems.count)/\(count) snippets compiled and run by \(URL(fileURLWithPath: testFile).lastPathComponent)"
            + (exempt > 0 ? "; \(exempt) marked not compiled" : ""))
    return problems
}

// MARK: - Main

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let problems: [String] =
        switch arguments.first {
        case "coverage": try runCoverage(Array(arguments.dropFirst()))
        case "curation": try arguments.dropFirst().flatMap(uncurated(inArchive:))
        case "snippets": try runSnippets(Array(arguments.dropFirst()))
        default: ["usage: doc-coverage coverage|curation|snippets ARGUMENTS..."]
        }
    for problem in problems { print(problem) }
    exit(problems.isEmpty ? 0 : 1)
} catch {
    print("doc-coverage: \(error)")
    exit(2)
}
