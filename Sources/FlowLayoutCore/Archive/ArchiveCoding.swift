/// The byte-level pieces of a layout archive (`flow-layout.md` 11.5): a
/// writer and a reader of little-endian integers, LEB128 variable-length
/// integers and doubles, and the checksum.
///
/// Sizes are written compactly without a table: a length that is a multiple of
/// 1/6 point below 2⁴⁰ (every pixel edge at scale 1, 2 or 3) is written as a
/// variable-length count of sixths, usually 2 bytes; any other length as its 8
/// bytes.
struct ArchiveWriter {
    /// Where the next byte goes; the caller sized the buffer for everything.
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    /// The most bytes one item takes: its identifier (10), flags (1), width (8) and height (8).
    static let maximumItemBytes = 27

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        base[count] = value
        count += 1
    }

    mutating func bytes(_ values: [UInt8]) { for value in values { byte(value) } }

    mutating func fixed(_ value: UInt64, count: Int = 8) {
        for k in 0..<count { byte(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    /// Writes `value` over the 8 bytes at `offset`.
    mutating func patch(_ value: UInt64, at offset: Int) {
        for k in 0..<8 { base[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))) }
    }

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            byte(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        byte(UInt8(value))
    }

    mutating func double(_ value: Double) { fixed(value.bitPattern) }

    /// The count of sixths of a point `length` is, if it is one exactly.
    @inline(__always)
    static func sixths(_ length: Double) -> UInt64? {
        let scaled = length * 6
        guard scaled >= 0, scaled < 0x1p40, scaled == scaled.rounded(), scaled / 6 == length else { return nil }
        return UInt64(scaled)
    }
}

/// Reads what ``ArchiveWriter`` wrote; every read past the end is `truncated`.
struct ArchiveReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(_ bytes: [UInt8], from position: Int, to end: Int) {
        self.bytes = bytes
        self.position = position
        self.end = end
    }

    @inline(__always)
    mutating func byte() throws(FlowLayoutError) -> UInt8 {
        guard position < end else { throw .invalidArchive(.truncated) }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func fixed(count: Int = 8) throws(FlowLayoutError) -> UInt64 {
        guard end - position >= count else { throw .invalidArchive(.truncated) }
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(bytes[position + k]) << (8 * UInt64(k)) }
        position += count
        return value
    }

    @inline(__always)
    mutating func varint() throws(FlowLayoutError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64 else { throw .invalidArchive(.malformed("a number longer than 64 bits")) }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A count, at most `limit`.
    mutating func count(limit: Int, _ what: String) throws(FlowLayoutError) -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw .invalidArchive(.malformed("\(what) \(value) is more than there can be")) }
        return Int(value)
    }

    mutating func double() throws(FlowLayoutError) -> Double { Double(bitPattern: try fixed()) }
}

/// The archive's checksum: 64-bit words mixed in order, each step a bijection
/// of the running value for a fixed word and of the word for a fixed value,
/// so any change of one word (every single-bit flip) is always detected.
enum ArchiveChecksum {
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = mix(hash ^ word)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = mix(hash ^ tail ^ (shift << 56))
        return mix(hash ^ (hash >> 29))
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9E37_79B9_7F4A_7C15
        return (product << 27) | (product >> 37)
    }
}
