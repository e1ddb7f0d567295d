/// The byte-level pieces of a layout archive (`flow-layout.md` 11.5): a
/// writer and a reader of little-endian integers, LEB128 variable-length
/// integers, doubles and item sizes, and the checksum.
///
/// Sizes are written compactly without a table: a flags byte
/// (``ArchiveSizeFlag``), then each length that is a multiple of 1/6 point
/// below 2⁴⁰ (every pixel edge at scale 1, 2 or 3) as a variable-length count
/// of sixths, usually 2 bytes, and any other length as its 8 bytes; a width
/// equal to the previous size's is not written again.
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
        if value < 0x80 {
            byte(UInt8(truncatingIfNeeded: value))
            return
        }
        var value = value
        while value >= 0x80 {
            byte(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        byte(UInt8(value))
    }

    mutating func double(_ value: Double) { fixed(value.bitPattern) }

    /// Writes an item's own size: its flags, then its width unless it equals
    /// `previousWidth` (which it then becomes), then its height.
    @inline(__always)
    mutating func size(_ size: Size, previousWidth: inout Double) {
        let height = Self.sixths(size.height)
        var flags = ArchiveSizeFlag.present
        if height == nil { flags |= ArchiveSizeFlag.rawHeight }
        if size.width == previousWidth {
            byte(flags | ArchiveSizeFlag.sameWidth)
        } else if let width = Self.sixths(size.width) {
            byte(flags)
            varint(width)
        } else {
            byte(flags | ArchiveSizeFlag.rawWidth)
            double(size.width)
        }
        if let height { varint(height) } else { double(size.height) }
        previousWidth = size.width
    }

    /// The count of sixths of a point `length` is, if it is one exactly.
    @inline(__always)
    static func sixths(_ length: Double) -> UInt64? {
        let scaled = length * 6
        // In range, the conversion truncates: it is exact when `scaled` is whole.
        guard scaled >= 0, scaled < 0x1p40 else { return nil }
        let count = UInt64(scaled)
        guard Double(count) == scaled, scaled / 6 == length else { return nil }
        return count
    }
}

/// The flags byte of an item's size in an archive; 0 is an item without a size of its own.
enum ArchiveSizeFlag {
    static let present: UInt8 = 1
    /// The width is the previous size's, not written.
    static let sameWidth: UInt8 = 2
    /// The width is written as its 8 bytes, not in sixths.
    static let rawWidth: UInt8 = 4
    /// The height is written as its 8 bytes, not in sixths.
    static let rawHeight: UInt8 = 8
}

/// Reads what ``ArchiveWriter`` wrote, from bytes the caller keeps alive;
/// every read past the end is `truncated`.
struct ArchiveReader {
    private let base: UnsafePointer<UInt8>
    private(set) var position: Int
    let end: Int

    /// A reader of `bytes[position ..< end]` (`bytes` not empty).
    init(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, to end: Int) {
        base = bytes.baseAddress!
        self.position = position
        self.end = end
    }

    @inline(__always)
    mutating func byte() throws(FlowLayoutError) -> UInt8 {
        guard position < end else { throw .invalidArchive(.truncated) }
        defer { position += 1 }
        return base[position]
    }

    mutating func fixed(count: Int = 8) throws(FlowLayoutError) -> UInt64 {
        guard end - position >= count else { throw .invalidArchive(.truncated) }
        var value: UInt64 = 0
        for k in 0..<count { value |= UInt64(base[position + k]) << (8 * UInt64(k)) }
        position += count
        return value
    }

    /// A variable-length integer: one and two bytes read inline, longer ones
    /// by ``longVarint()``.
    @inline(__always)
    mutating func varint() throws(FlowLayoutError) -> UInt64 {
        if end - position >= 2 {
            let first = base[position]
            if first < 0x80 {
                position += 1
                return UInt64(first)
            }
            let second = base[position + 1]
            if second < 0x80 {
                position += 2
                return UInt64(first & 0x7F) | UInt64(second) << 7
            }
        }
        return try longVarint()
    }

    @inline(never)
    private mutating func longVarint() throws(FlowLayoutError) -> UInt64 {
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

    /// Reads items while they are of the most common kind, at most `count`:
    /// an identifier difference of one byte, the flags of a size whose width
    /// is the one before (``ArchiveSizeFlag/sameWidth``), `width`, and a
    /// height in sixths of one or two bytes. Writes their identifiers (each
    /// after `previous`, which becomes the last) and sizes; returns how many
    /// were read. Stops, having read nothing of it, at any other item.
    @inline(__always)
    mutating func commonItems(
        upTo count: Int, previous: inout UInt64, width: Double, into identifiers: UnsafeMutablePointer<FlowIdentifier>,
        _ sizes: UnsafeMutablePointer<Size>
    ) -> Int {
        var at = position
        let last = end - 4
        var identifier = previous
        var k = 0
        while k < count && at <= last {
            let word = UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self))
            // Byte 0 below 0x80, byte 1 the flags, byte 2 (and then byte 3 below 0x80) the height.
            guard word & 0xFF80 == UInt32(ArchiveSizeFlag.present | ArchiveSizeFlag.sameWidth) << 8 else { break }
            let zigzag = UInt64(word & 0x7F)
            var sixths = word >> 16 & 0xFF
            if sixths < 0x80 {
                at += 3
            } else {
                let high = word >> 24
                guard high < 0x80 else { break }
                sixths = sixths & 0x7F | high << 7
                at += 4
            }
            identifier = identifier &+ ((zigzag >> 1) ^ (0 &- (zigzag & 1)))
            (identifiers + k).initialize(to: FlowIdentifier(identifier))
            (sizes + k).initialize(to: Size(width: width, height: Double(sixths) / 6))
            k += 1
        }
        position = at
        previous = identifier
        return k
    }

    /// A count, at most `limit`.
    mutating func count(limit: Int, _ what: String) throws(FlowLayoutError) -> Int {
        let value = try varint()
        guard value <= UInt64(limit) else { throw .invalidArchive(.malformed("\(what) \(value) is more than there can be")) }
        return Int(value)
    }

    mutating func double() throws(FlowLayoutError) -> Double { Double(bitPattern: try fixed()) }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) throws(FlowLayoutError) -> [UInt8] {
        guard end - position >= count else { throw .invalidArchive(.truncated) }
        defer { position += count }
        return Array(UnsafeBufferPointer(start: base + position, count: count))
    }

    /// An item's size after its `flags` (not 0); `previousWidth` becomes its width.
    @inline(__always)
    mutating func size(_ flags: UInt8, previousWidth: inout Double) throws(FlowLayoutError) -> Size {
        // The common case, a width as before and a height in sixths: always finite and not negative.
        if flags == ArchiveSizeFlag.present | ArchiveSizeFlag.sameWidth, !previousWidth.isNaN {
            return Size(width: previousWidth, height: Double(try varint()) / 6)
        }
        return try anySize(flags, previousWidth: &previousWidth)
    }

    @inline(never)
    private mutating func anySize(_ flags: UInt8, previousWidth: inout Double) throws(FlowLayoutError) -> Size {
        guard flags & ~0x0F == 0, !(flags & ArchiveSizeFlag.sameWidth != 0 && flags & ArchiveSizeFlag.rawWidth != 0) else {
            throw .invalidArchive(.malformed("unknown size flags \(flags)"))
        }
        let width: Double
        if flags & ArchiveSizeFlag.sameWidth != 0 {
            guard !previousWidth.isNaN else { throw .invalidArchive(.malformed("a width repeated before any")) }
            width = previousWidth
        } else if flags & ArchiveSizeFlag.rawWidth != 0 {
            width = try double()
        } else {
            width = Double(try varint()) / 6
        }
        let height = flags & ArchiveSizeFlag.rawHeight != 0 ? try double() : Double(try varint()) / 6
        guard width.isFinite, width >= 0, height.isFinite, height >= 0 else {
            throw .invalidArchive(.malformed("a size that is not finite and >= 0"))
        }
        previousWidth = width
        return Size(width: width, height: height)
    }
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
