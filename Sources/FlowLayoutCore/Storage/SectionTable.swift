/// A small map from section indexes to values, kept as one array of entries
/// sorted by section: what a batch plan keeps per section it touches.
///
/// A batch usually touches one section (a chat's new message, fifty older ones
/// prepended), and the plan is asked about it once per element in view: a
/// search of a few sorted integers answers without hashing, and the table
/// allocates only its one array. Iteration is in increasing section order.
struct SectionTable<Value>: Sequence {
    /// The sections and their values, sorted by section, sections unique:
    /// one array, not two (a one-item batch's plan then allocates and
    /// releases one array less).
    private var entries: [Entry] = []

    /// One section and its value.
    private struct Entry {
        var section: Int
        var value: Value
    }

    /// The sections, sorted, unique.
    var keys: Keys { Keys(table: self) }

    /// The sections of a table, in increasing order.
    struct Keys: RandomAccessCollection {
        let table: SectionTable
        var startIndex: Int { 0 }
        var endIndex: Int { table.entries.count }
        subscript(position: Int) -> Int { table.entries[position].section }
    }

    /// An empty table.
    init() {}

    /// The table of one section's value, made directly (an insertion into an
    /// empty array costs a one-item batch more than all its other planning).
    init(section: Int, value: Value) {
        entries = [Entry(section: section, value: value)]
    }

    /// Whether no section has a value.
    var isEmpty: Bool { entries.isEmpty }
    /// The number of sections with a value.
    var count: Int { entries.count }

    /// The position in `entries` of `section`, or where it would be inserted.
    ///
    /// - Complexity: O(log k) for k sections.
    private func position(of section: Int) -> Int {
        partitionPoint(in: entries.indices) { entries[$0].section >= section }
    }

    /// The value of `section`, or `nil`.
    ///
    /// - Complexity: O(log k).
    subscript(section: Int) -> Value? {
        slot(of: section).map { entries[$0].value }
    }

    /// The slot of `section`'s value, or `nil` when it has none: its value
    /// is then read in place through ``subscript(slot:)``, without a copy.
    ///
    /// - Complexity: O(log k).
    func slot(of section: Int) -> Int? {
        let index = position(of: section)
        return index < entries.count && entries[index].section == section ? index : nil
    }

    /// The slot of `section`'s value, inserted as `initial` when it has none:
    /// valid for ``subscript(slot:)`` until another section is added.
    ///
    /// - Complexity: O(log k), plus O(k) when the section is added.
    mutating func slot(of section: Int, adding initial: @autoclosure () -> Value) -> Int {
        let index = position(of: section)
        if index == entries.count {
            entries.append(Entry(section: section, value: initial()))
        } else if entries[index].section != section {
            entries.insert(Entry(section: section, value: initial()), at: index)
        }
        return index
    }

    /// The value in a slot given by ``slot(of:adding:)``, changed in place.
    subscript(slot slot: Int) -> Value {
        _read { yield entries[slot].value }
        _modify { yield &entries[slot].value }
    }

    /// The table with every value transformed, the sections kept.
    func mapValues<T>(_ transform: (_ section: Int, _ value: Value) throws -> T) rethrows -> SectionTable<T> {
        var table = SectionTable<T>()
        table.entries.reserveCapacity(entries.count)
        for entry in entries {
            table.entries.append(SectionTable<T>.Entry(section: entry.section, value: try transform(entry.section, entry.value)))
        }
        return table
    }

    /// The sections and their values, in increasing section order.
    func makeIterator() -> Iterator { Iterator(table: self) }

    /// Reads the sections and their values in increasing section order.
    struct Iterator: IteratorProtocol {
        let table: SectionTable
        var index = 0

        mutating func next() -> (key: Int, value: Value)? {
            guard index < table.entries.count else { return nil }
            defer { index += 1 }
            return (table.entries[index].section, table.entries[index].value)
        }
    }
}
