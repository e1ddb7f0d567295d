/// The bytes of a JSON document as the parser sees them: a window over the input
/// that slides forward one chunk at a time, so that a document of any size is
/// read in constant memory.
///
/// The window is either borrowed (a whole document already in memory, which is
/// never refilled) or owned (a buffer refilled from a ``ByteSource``). A token
/// that must be seen whole (a number's text, a run of a string) sets ``mark``
/// at its start: a refill keeps every byte from the mark on, moving it to the
/// front and growing the buffer when the token is longer than the buffer.
///
/// Line and column are counted as the old whole-document parser counted them
/// (lines by `\n`, columns by UTF-8 lead bytes), for the bytes a refill drops
/// when it drops them, and for the bytes still in the window only when an error
/// asks for a position.
struct ByteInput {
    /// Hands over the next bytes of the input: fills a prefix of the buffer and
    /// returns its length, 0 at the end of the input.
    typealias ByteSource = (UnsafeMutableRawBufferPointer) throws(DescriptionError) -> Int

    /// The first byte of the window.
    private(set) var base: UnsafePointer<UInt8>
    /// The index of the next byte to read.
    var position = 0
    /// The index just past the last byte of the window.
    private(set) var end: Int
    /// The start of the token that a refill must keep whole, or `-1`.
    var mark = -1

    /// The buffer this input owns (`nil` when borrowing a whole document).
    private var storage: UnsafeMutableRawBufferPointer?
    /// How many bytes a read asks the source for at most.
    private let readSize: Int
    private let source: ByteSource?
    /// Whether the source has reported the end of the input.
    private var sourceIsExhausted: Bool
    /// The line and column of the window's first byte.
    private var baseLine = 1
    private var baseColumn = 1

    /// An input over a whole document already in memory; `bytes` must outlive it.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = bytes.count
        storage = nil
        readSize = 0
        source = nil
        sourceIsExhausted = true
    }

    /// An input that reads `source` into a buffer of `chunkSize` bytes (at least 1),
    /// asking for at most `chunkSize` bytes at a time.
    init(chunkSize: Int, source: @escaping ByteSource) {
        let size = max(1, chunkSize)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        storage = buffer
        base = UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        end = 0
        readSize = size
        self.source = source
        sourceIsExhausted = false
    }

    /// Frees the buffer this input owns. The input must not be used afterwards.
    mutating func release() {
        storage?.deallocate()
        storage = nil
    }

    /// The byte at `index` of the window, which must be below ``end``.
    @inline(__always)
    subscript(index: Int) -> UInt8 { base[index] }

    /// The bytes from `start` to `stop` of the window, which must lie within it.
    @inline(__always)
    func bytes(_ start: Int, _ stop: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: stop - start)
    }

    /// The next byte, reading more input when the window is used up; `nil` at the
    /// end of the input.
    @inline(__always)
    mutating func peek() throws(DescriptionError) -> UInt8? {
        if position < end { return base[position] }
        return try refill() ? base[position] : nil
    }

    /// Makes at least `count` bytes from ``position`` on available when the input
    /// holds them; returns whether it does. Keeps the bytes from ``position`` on
    /// (and from ``mark``, when set).
    mutating func ensure(_ count: Int) throws(DescriptionError) -> Bool {
        let hadMark = mark >= 0
        if !hadMark { mark = position }
        defer { if !hadMark { mark = -1 } }
        while end - position < count {
            guard try refill() else { return false }
        }
        return true
    }

    /// Reads more of the input into the window, keeping the bytes from ``mark``
    /// on, or none when it is unset. Returns `false`, changing nothing, at the end
    /// of the input.
    ///
    /// - Complexity: O(chunk size), plus O(k) for a kept token of k bytes.
    mutating func refill() throws(DescriptionError) -> Bool {
        guard !sourceIsExhausted, let source, var buffer = storage else { return false }
        // 1. Drop what nobody needs any more, counting its lines and columns.
        let keepFrom = mark >= 0 ? min(mark, end) : end
        count(through: keepFrom)
        let kept = end - keepFrom
        if keepFrom > 0 && kept > 0 {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + keepFrom, byteCount: kept)
        }
        position -= keepFrom
        if mark >= 0 { mark -= keepFrom }
        end = kept
        // 2. A token longer than the buffer: grow it.
        if kept == buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: kept)
            buffer.deallocate()
            buffer = grown
            storage = grown
            base = UnsafePointer(grown.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        // 3. Read.
        let room = min(readSize, buffer.count - kept)
        let count = try source(UnsafeMutableRawBufferPointer(rebasing: buffer[kept..<(kept + room)]))
        guard count > 0 else {
            sourceIsExhausted = true
            return false
        }
        end += min(count, room)
        return true
    }

    /// Advances the line and column of the window's start past its first `count`
    /// bytes. It runs once over every byte of the input, so it counts eight bytes
    /// at a time (``ByteCounts``).
    private mutating func count(through count: Int) {
        guard count > 0 else { return }
        let newlines = ByteCounts.newlines(in: bytes(0, count))
        var lineStart = 0
        if newlines > 0 {
            lineStart = count
            while base[lineStart - 1] != 0x0A { lineStart -= 1 }
            baseLine += newlines
            baseColumn = 1
        }
        baseColumn += ByteCounts.leadBytes(in: bytes(lineStart, count))
    }

    /// The line and column of the byte at `index` of the window (or of the end of
    /// the input just past it).
    func lineAndColumn(at index: Int) -> (line: Int, column: Int) {
        var line = baseLine
        var column = baseColumn
        for byte in bytes(0, min(index, end)) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Counting bytes of a kind eight at a time, in the bits of a 64-bit word.
enum ByteCounts {
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The number of line feeds in `bytes`.
    static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        count(in: bytes, scalar: { $0 == 0x0A }) { word in
            // A byte of `x` is zero where the byte of `word` is a line feed; the
            // sum sets each byte's high bit exactly when its low seven bits are
            // not all zero, without carries between bytes.
            let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
            return (~(((x & low7) &+ low7) | x | low7)).nonzeroBitCount
        }
    }

    /// The number of bytes in `bytes` that start a UTF-8 sequence (any byte but
    /// the continuation bytes `10xxxxxx`).
    static func leadBytes(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count
            - count(in: bytes, scalar: { $0 & 0xC0 == 0x80 }) { word in
                // Bit 7 set and bit 6 clear: shift bit 6 under bit 7 of its own byte.
                (word & ~(word << 1) & high).nonzeroBitCount
            }
    }

    @inline(__always)
    private static func count(
        in bytes: UnsafeBufferPointer<UInt8>, scalar: (UInt8) -> Bool, word: (UInt64) -> Int
    ) -> Int {
        guard let start = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(start)
        var total = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            total &+= word(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        while offset < bytes.count {
            if scalar(bytes[offset]) { total &+= 1 }
            offset += 1
        }
        return total
    }
}
