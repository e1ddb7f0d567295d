/// A small map from section indexes to values, kept as two parallel arrays
/// sorted by section: what a batch plan keeps per section it touches.
///
/// A batch usually touches one section (a chat's new message, fifty older ones
/// prepended), and the plan is asked about it once per element in view: a
/// search of a few sorted integers answers without hashing, and the table
/// allocates only its two arrays. Iteration is in increasing section order.
struct SectionTable<Value>: Sequence {
    /// The sections, sorted, unique.
    private(set) var keys: [Int] = []
    /// The value of each section, in the order of `keys`.
    private(set) var values: [Value] = []

    /// An empty table.
    init() {}

    /// The table of one section's value: its two one-element lists made
    /// directly (an insertion into empty lists costs a one-item batch more
    /// than all of its other planning).
    init(section: Int, value: Value) {
        keys = [section]
        values = [value]
    }

    /// Whether no section has a value.
    var isEmpty: Bool { keys.isEmpty }
    /// The number of sections with a value.
    var count: Int { keys.count }

    /// The position in `keys` of `section`, or where it would be inserted.
    ///
    /// - Complexity: O(log k) for k sections.
    private func position(of section: Int) -> Int {
        partitionPoint(in: keys.indices) { keys[$0] >= section }
    }

    /// The value of `section`, or `nil`.
    ///
    /// - Complexity: O(log k).
    subscript(section: Int) -> Value? {
        slot(of: section).map { values[$0] }
    }

    /// The slot of `section`'s value, or `nil` when it has none: its value
    /// is then read in place through ``subscript(slot:)``, without a copy.
    ///
    /// - Complexity: O(log k).
    func slot(of section: Int) -> Int? {
        let index = position(of: section)
        return index < keys.count && keys[index] == section ? index : nil
    }

    /// The slot of `section`'s value, inserted as `initial` when it has none:
    /// valid for ``subscript(slot:)`` until another section is added.
    ///
    /// - Complexity: O(log k), plus O(k) when the section is added.
    mutating func slot(of section: Int, adding initial: @autoclosure () -> Value) -> Int {
        let index = position(of: section)
        if index == keys.count {
            keys.append(section)
            values.append(initial())
        } else if keys[index] != section {
            keys.insert(section, at: index)
            values.insert(initial(), at: index)
        }
        return index
    }

    /// The value in a slot given by ``slot(of:adding:)``, changed in place.
    subscript(slot slot: Int) -> Value {
        _read { yield values[slot] }
        _modify { yield &values[slot] }
    }

    /// The table with every value transformed, the sections kept.
    func mapValues<T>(_ transform: (_ section: Int, _ value: Value) throws -> T) rethrows -> SectionTable<T> {
        var table = SectionTable<T>()
        table.keys = keys
        table.values.reserveCapacity(values.count)
        for index in keys.indices { table.values.append(try transform(keys[index], values[index])) }
        return table
    }

    /// The sections and their values, in increasing section order.
    func makeIterator() -> Iterator { Iterator(table: self) }

    /// Reads the sections and their values in increasing section order.
    struct Iterator: IteratorProtocol {
        let table: SectionTable
        var index = 0

        mutating func next() -> (key: Int, value: Value)? {
            guard index < table.keys.count else { return nil }
            defer { index += 1 }
            return (table.keys[index], table.values[index])
        }
    }
}
