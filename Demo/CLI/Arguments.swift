/// The demo's own argument parsing: `--name value`, `--name=value`, flags and
/// positional arguments, with usage errors that name the offending argument.
struct Arguments {
    /// Positional arguments, in order.
    private(set) var positional: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []
    private var consumed: Set<String> = []

    /// Splits `arguments`: names in `valued` take a value, names in `flags` do not.
    init(_ arguments: [String], valued: Set<String>, flags flagNames: Set<String>) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagNames.contains(name) {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                guard options[name] == nil else { throw UsageError("--\(name) given twice") }
                options[name] = value
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The raw value of an option.
    func string(_ name: String) -> String? { options[name] }

    /// An integer option within `range`, or `defaultValue`.
    func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let raw = options[name] else { return defaultValue }
        let cleaned = raw.replacingUnderscores()
        guard let value = Int(cleaned), range.contains(value) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'")
        }
        return value
    }

    /// A number option within `range`, or `defaultValue`.
    func double(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let raw = options[name] else { return defaultValue }
        guard let value = Double(raw), value.isFinite, range.contains(value) else {
            throw UsageError("--\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(raw)'")
        }
        return value
    }

    /// A comma-separated list of `count` numbers, or `nil` when absent.
    func numbers(_ name: String, count: Int) throws(UsageError) -> [Double]? {
        guard let raw = options[name] else { return nil }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingSpaces()) }
        guard parts.count == count, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw UsageError("--\(name) must be \(count) comma-separated numbers, not '\(raw)'")
        }
        return parts.map { $0! }
    }

    /// Throws unless at most `maximum` positional arguments were given.
    func expectPositional(atMost maximum: Int, command: String) throws(UsageError) {
        if positional.count > maximum {
            throw UsageError("unexpected argument '\(positional[maximum])' for '\(command)'")
        }
    }
}

/// A mistake in how the demo was called: reported with exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}

extension Substring {
    func trimmingSpaces() -> String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
