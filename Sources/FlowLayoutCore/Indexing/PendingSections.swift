/// The set of sections that must be laid out before their extent or lines are
/// read, with "first member at or after s" in O(words skipped).
struct PendingSections: Hashable, Sendable {
    private var words: [UInt64]
    /// The number of members.
    private(set) var count = 0

    /// Creates an empty set for `sectionCount` sections.
    init(sectionCount: Int) {
        words = [UInt64](repeating: 0, count: (sectionCount + 63) / 64)
    }

    /// Whether `section` is a member.
    func contains(_ section: Int) -> Bool {
        words[section >> 6] & (1 << UInt64(section & 63)) != 0
    }

    /// Adds `section`.
    mutating func insert(_ section: Int) {
        let bit = UInt64(1) << UInt64(section & 63)
        if words[section >> 6] & bit == 0 {
            words[section >> 6] |= bit
            count += 1
        }
    }

    /// Removes `section`.
    mutating func remove(_ section: Int) {
        let bit = UInt64(1) << UInt64(section & 63)
        if words[section >> 6] & bit != 0 {
            words[section >> 6] &= ~bit
            count -= 1
        }
    }

    /// The smallest member at or after `section`, or `nil`.
    func first(atOrAfter section: Int) -> Int? {
        if count == 0 { return nil }
        var w = section >> 6
        guard w < words.count else { return nil }
        var word = words[w] & (~UInt64(0) << UInt64(section & 63))
        while true {
            if word != 0 { return (w << 6) | word.trailingZeroBitCount }
            w += 1
            if w == words.count { return nil }
            word = words[w]
        }
    }
}
