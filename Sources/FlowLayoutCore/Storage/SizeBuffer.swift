/// The explicit item sizes of one ``Run``: one heap object holding the sizes and,
/// for a sparse run, the 16-bit offset of each sized item in the run.
///
/// A buffer is written once, when its run is built, and never changed: runs are
/// rebuilt, not edited, so a buffer can be shared by any number of copies of a
/// layout without copy-on-write checks, and it is allocated at exactly its size.
///
/// Two layouts:
/// - *dense*: one size per item of the run; a NaN width marks an item that has
///   no size of its own (it takes the section's default size). Sizes given to
///   the engine are never NaN, so the marker cannot collide with one.
/// - *sparse*: sizes of some items only, in item order, each with its offset from
///   the run's first item (runs holding a sparse buffer span at most 65,536 items).
///
/// A sparse entry costs 18 bytes, a dense item 16; the object adds 24.
final class SizeBuffer: ManagedBuffer<SizeBuffer.Header, Size> {
    /// The number of entries and the layout.
    struct Header {
        var count: Int32
        var isDense: Bool
    }

    /// The number of sizes held.
    @inline(__always)
    var count: Int { Int(header.count) }

    /// Whether every item of the run has an entry.
    @inline(__always)
    var isDense: Bool { header.isDense }

    /// A dense buffer of `sizes`, one per item (NaN width: no size of its own).
    static func dense(_ sizes: UnsafeBufferPointer<Size>) -> SizeBuffer {
        let buffer = SizeBuffer.create(minimumCapacity: sizes.count) { _ in Header(count: Int32(sizes.count), isDense: true) }
        buffer.withUnsafeMutablePointerToElements { elements in
            if let base = sizes.baseAddress { elements.initialize(from: base, count: sizes.count) }
        }
        return unsafeDowncast(buffer, to: SizeBuffer.self)
    }

    /// A sparse buffer of `sizes` at run offsets `offsets` (strictly increasing,
    /// each below 65,536).
    static func sparse(_ sizes: UnsafeBufferPointer<Size>, offsets: UnsafeBufferPointer<UInt16>) -> SizeBuffer {
        precondition(sizes.count == offsets.count, "one offset per size")
        let count = sizes.count
        // The offsets follow the sizes, packed eight to a 16-byte slot.
        let buffer = SizeBuffer.create(minimumCapacity: count + (count + 7) / 8) { _ in
            Header(count: Int32(count), isDense: false)
        }
        buffer.withUnsafeMutablePointerToElements { elements in
            if let base = sizes.baseAddress { elements.initialize(from: base, count: count) }
            let packed = UnsafeMutableRawPointer(elements + count).bindMemory(to: UInt16.self, capacity: count)
            if let base = offsets.baseAddress { packed.initialize(from: base, count: count) }
        }
        return unsafeDowncast(buffer, to: SizeBuffer.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: Int(header.pointee.count))
        }
    }

    /// The sizes, in entry order. Valid while the buffer is alive (a run that
    /// holds it keeps it so); never written.
    @inline(__always)
    var sizes: UnsafePointer<Size> {
        UnsafePointer(withUnsafeMutablePointerToElements { $0 })
    }

    /// The offsets of a sparse buffer's entries, in entry order; valid like ``sizes``.
    @inline(__always)
    var offsets: UnsafePointer<UInt16> {
        withUnsafeMutablePointers { header, elements in
            UnsafePointer(UnsafeMutableRawPointer(elements + Int(header.pointee.count)).assumingMemoryBound(to: UInt16.self))
        }
    }

    /// Entry `index`'s size (a NaN width in a dense buffer: no size of its own).
    @inline(__always)
    func size(at index: Int) -> Size { sizes[index] }

    /// Entry `index`'s offset from the run's first item.
    @inline(__always)
    func offset(at index: Int) -> Int { isDense ? index : Int(offsets[index]) }

    /// The index of the first entry at offset `offset` or after it (`count` if none).
    ///
    /// - Complexity: O(log count).
    func firstEntry(atOrAfter offset: Int) -> Int {
        if isDense { return Swift.min(Swift.max(offset, 0), count) }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self.offset(at: middle) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bytes this buffer occupies: the object, its header, and the entries.
    var allocatedBytes: Int {
        16 + MemoryLayout<Header>.stride + count * MemoryLayout<Size>.stride + (isDense ? 0 : (count + 7) / 8 * 16)
    }
}

extension Size {
    /// The marker of a dense ``SizeBuffer`` slot whose item has no size of its own.
    static let unsized = Size(width: .nan, height: .nan)

    /// Whether this is the ``unsized`` marker.
    @inline(__always)
    var isUnsized: Bool { width.isNaN }
}
