// Documentation coverage of the public API, from symbol graphs: every public
// symbol declared in the sources must have a doc comment of its own.
//
//   swiftc Scripts/DocCoverage.swift -o doc-coverage && ./doc-coverage DIR...
//
// Each DIR holds one module's `*.symbols.json` files (swift-symbolgraph-extract
// run with -minimum-access-level public -skip-synthesized-members
// -skip-inherited-docs, as Scripts/docs.sh does). A symbol counts when the
// graph gives it a source location: members the compiler synthesizes (an
// enum's `init(rawValue:)`) have none, and no source can document them. Prints
// one line per module and the total, then every undocumented symbol as
// `file:line: warning: ...`; exits 1 if there is one.
import Foundation

struct Coverage {
    var declared = 0
    var documented = 0
    var synthesized = 0
    var missing: [String] = []
}

func percent(_ part: Int, _ whole: Int) -> String {
    whole == 0 ? "100%" : String(format: "%.1f%%", 100 * Double(part) / Double(whole))
}

func coverage(ofDirectory directory: String) throws -> Coverage {
    var result = Coverage()
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        .filter { $0.hasSuffix(".symbols.json") }
        .sorted()
    for file in files {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
        guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: file]) }
        for symbol in symbols {
            let access = symbol["accessLevel"] as? String
            guard access == "public" || access == "open" else { continue }
            guard let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String else {
                result.synthesized += 1
                continue
            }
            result.declared += 1
            let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
            let text = lines.compactMap { $0["text"] as? String }.joined()
            if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                result.documented += 1
                continue
            }
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
            let file = URL(string: uri)?.path ?? uri
            result.missing.append("\(file):\(line): warning: public symbol '\(path)' has no doc comment")
        }
    }
    return result
}

var total = Coverage()
for directory in CommandLine.arguments.dropFirst() {
    let module = URL(fileURLWithPath: directory).lastPathComponent
    do {
        let found = try coverage(ofDirectory: directory)
        print(
            "  \(module.padding(toLength: 24, withPad: " ", startingAt: 0)) \(found.documented)/\(found.declared)"
                + " public symbols documented (\(percent(found.documented, found.declared)))"
                + (found.synthesized > 0 ? "; \(found.synthesized) compiler-synthesized, not counted" : ""))
        total.declared += found.declared
        total.documented += found.documented
        total.missing += found.missing
    } catch {
        print("doc-coverage: cannot read the symbol graphs in \(directory): \(error)")
        exit(2)
    }
}
print(
    "  \("total".padding(toLength: 24, withPad: " ", startingAt: 0)) \(total.documented)/\(total.declared)"
        + " public symbols documented (\(percent(total.documented, total.declared)))")
for line in total.missing { print(line) }
exit(total.missing.isEmpty ? 0 : 1)
