/// The explicit item sizes of one ``Run``, as the run hands them out: its
/// entries in a ``SizeStorage``, the heap object that holds them.
///
/// A storage is written once, when its runs are built, and never changed: runs
/// are rebuilt, not edited, so a storage can be shared by any number of copies
/// of a layout without copy-on-write checks, and it is allocated at exactly its
/// size.
///
/// Two layouts:
/// - *dense*: one size per item of the run; a NaN width marks an item that has
///   no size of its own (it takes the section's default size). Sizes given to
///   the engine are never NaN, so the marker cannot collide with one.
/// - *sparse*: sizes of some items only, in item order, each with its offset from
///   the run's first item (runs holding a sparse buffer span at most 65,536 items).
///
/// A sparse storage belongs to one run. A dense storage may hold the sizes of
/// several consecutive runs one after the other (``SizeStorage/shared(_:)``):
/// the sizes a host gave for a section are copied into storages of about
/// ``SizeStorage/sharedItems`` items each, so that a run of a few dozen sizes
/// does not pay an object of its own. Each run reads its own stretch
/// (``start``, ``count``) of the storage. The price: a run rebuilt by an edit
/// gets a buffer of its own, and its old sizes stay in the shared storage until
/// every run sharing it is rebuilt too, so a section edited everywhere holds
/// at most twice the sizes it was given (3,000 single-item edits spread over
/// 1,000,000 given sizes hold about 1 to 2 MB more).
struct SizeBuffer {
    /// The object holding the entries (kept alive by the buffer).
    let storage: SizeStorage
    /// The index of the run's first entry in the storage.
    let start: Int
    /// The number of entries the run has.
    let count: Int

    /// The entries `start..<start + count` of `storage`.
    @inline(__always)
    init(_ storage: SizeStorage, start: Int, count: Int) {
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// Whether every item of the run has an entry.
    @inline(__always)
    var isDense: Bool { storage.isDense }

    /// A dense buffer of `sizes`, one per item (NaN width: no size of its own),
    /// in a storage of its own.
    static func dense(_ sizes: UnsafeBufferPointer<Size>) -> SizeBuffer {
        SizeBuffer(.dense(sizes), start: 0, count: sizes.count)
    }

    /// A sparse buffer of `sizes` at run offsets `offsets` (strictly increasing,
    /// each below 65,536).
    static func sparse(_ sizes: UnsafeBufferPointer<Size>, offsets: UnsafeBufferPointer<UInt16>) -> SizeBuffer {
        SizeBuffer(.sparse(sizes, offsets: offsets), start: 0, count: sizes.count)
    }

    /// The sizes, in entry order. Valid while the storage is alive (a run that
    /// holds it keeps it so); never written.
    @inline(__always)
    var sizes: UnsafePointer<Size> { storage.elements + start }

    /// The offsets of a sparse buffer's entries, in entry order; valid like ``sizes``.
    @inline(__always)
    var offsets: UnsafePointer<UInt16> { storage.offsets }

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
        return partitionPoint(in: 0..<count) { self.offset(at: $0) >= offset }
    }

    /// The run's share of its storage's bytes: its entries, and the object with
    /// its header for the run whose entries come first. Over every run sharing
    /// a storage, the shares add up to the storage's bytes.
    var allocatedBytes: Int {
        (start == 0 ? SizeStorage.objectBytes : 0) + count * MemoryLayout<Size>.stride
            + (isDense ? 0 : (count + 7) / 8 * 16)
    }
}

/// Whether two buffers are the same stretch of the same storage (and `nil`
/// only with `nil`): the identity a run's sizes keep when the run is copied or
/// kept verbatim.
func === (lhs: SizeBuffer?, rhs: SizeBuffer?) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    return lhs.storage === rhs.storage && lhs.start == rhs.start && lhs.count == rhs.count
}

/// The heap object holding explicit sizes for one or more runs (``SizeBuffer``):
/// a header, the sizes, and for a sparse storage the 16-bit offsets after them.
///
/// A sparse entry costs 18 bytes, a dense item 16; the object adds 24.
final class SizeStorage: ManagedBuffer<SizeStorage.Header, Size> {
    /// The number of entries and the layout.
    struct Header {
        var count: Int32
        var isDense: Bool
    }

    /// About how many sizes a shared storage holds (16 KiB of sizes): enough
    /// that its object is a small part of it, few enough that one run rebuilt
    /// elsewhere never keeps much alive.
    static let sharedItems = 1_024

    /// The bytes of the object and its header, before the entries.
    static let objectBytes = 16 + MemoryLayout<Header>.stride

    /// The number of sizes held.
    @inline(__always)
    var count: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.count) } }

    /// Whether the entries are dense (one per item of their runs).
    ///
    /// The header is read through its pointer: `header`, a class's stored
    /// property, would check exclusivity at run time (about 80 instructions a
    /// read, on every run a query or a re-break opens), and nothing writes it
    /// once the storage is built.
    @inline(__always)
    var isDense: Bool { withUnsafeMutablePointerToHeader { $0.pointee.isDense } }

    /// A dense storage of `sizes`, one per item (NaN width: no size of its own).
    static func dense(_ sizes: UnsafeBufferPointer<Size>) -> SizeStorage {
        shared(sizes.count) { elements in
            if let base = sizes.baseAddress { elements.initialize(from: base, count: sizes.count) }
        }
    }

    /// A dense storage of `count` sizes that `initialize` writes, all of them:
    /// the sizes of consecutive runs, each of which reads its own stretch.
    static func shared(_ count: Int, initialize: (UnsafeMutablePointer<Size>) -> Void) -> SizeStorage {
        let storage = SizeStorage.create(minimumCapacity: count) { _ in Header(count: Int32(count), isDense: true) }
        storage.withUnsafeMutablePointerToElements { initialize($0) }
        return unsafeDowncast(storage, to: SizeStorage.self)
    }

    /// A sparse storage of `sizes` at run offsets `offsets` (strictly increasing,
    /// each below 65,536).
    static func sparse(_ sizes: UnsafeBufferPointer<Size>, offsets: UnsafeBufferPointer<UInt16>) -> SizeStorage {
        precondition(sizes.count == offsets.count, "one offset per size")
        let count = sizes.count
        // The offsets follow the sizes, packed eight to a 16-byte slot.
        let storage = SizeStorage.create(minimumCapacity: count + (count + 7) / 8) { _ in
            Header(count: Int32(count), isDense: false)
        }
        storage.withUnsafeMutablePointerToElements { elements in
            if let base = sizes.baseAddress { elements.initialize(from: base, count: count) }
            let packed = UnsafeMutableRawPointer(elements + count).bindMemory(to: UInt16.self, capacity: count)
            if let base = offsets.baseAddress { packed.initialize(from: base, count: count) }
        }
        return unsafeDowncast(storage, to: SizeStorage.self)
    }

    /// A storage of `count` sizes (dense), or entries (sparse), not yet
    /// written: its one writer (``RunWriter``) writes every one of them, and
    /// the offsets of a sparse one, through ``writableElements`` and
    /// ``writableOffsets``, before any run reads it.
    static func unwritten(count: Int, isDense: Bool) -> SizeStorage {
        let storage = SizeStorage.create(minimumCapacity: isDense ? count : count + (count + 7) / 8) { _ in
            Header(count: Int32(count), isDense: isDense)
        }
        return unsafeDowncast(storage, to: SizeStorage.self)
    }

    /// The sizes, for the one writer of an ``unwritten(count:isDense:)`` storage.
    var writableElements: UnsafeMutablePointer<Size> { withUnsafeMutablePointerToElements { $0 } }

    /// The offsets of a sparse storage, for its one writer.
    var writableOffsets: UnsafeMutablePointer<UInt16> { UnsafeMutablePointer(mutating: offsets) }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: Int(header.pointee.count))
        }
    }

    /// The sizes, in entry order; never written after the storage is built.
    @inline(__always)
    var elements: UnsafePointer<Size> {
        UnsafePointer(withUnsafeMutablePointerToElements { $0 })
    }

    /// The offsets of a sparse storage's entries, in entry order.
    @inline(__always)
    var offsets: UnsafePointer<UInt16> {
        withUnsafeMutablePointers { header, elements in
            UnsafePointer(UnsafeMutableRawPointer(elements + Int(header.pointee.count)).assumingMemoryBound(to: UInt16.self))
        }
    }
}

extension Size {
    /// The marker of a dense ``SizeBuffer`` slot whose item has no size of its own.
    static let unsized = Size(width: .nan, height: .nan)

    /// Whether this is the ``unsized`` marker.
    @inline(__always)
    var isUnsized: Bool { width.isNaN }
}
