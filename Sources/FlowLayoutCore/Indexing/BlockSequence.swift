/// The line blocks of one section, in item order, indexed so that the block
/// holding an item or an offset is found in O(log B).
///
/// Blocks live in pages of at most ``maximumPageSize``; a ``SummaryTree`` over
/// the pages holds each page's item count and *advance*: the sum over its blocks
/// of `extent + lineSpacing`. The top of block b, relative to the section's first
/// line, is therefore the advance of everything before it. Replacing a range of
/// blocks touches the pages involved and, only when the page count changes,
/// rebuilds the small page tree.
struct BlockSequence: Hashable, Sendable {
    /// The pages, each a non-empty array of blocks.
    private(set) var pages: [[LineBlock]]
    /// Counts and advances of the pages.
    private var tree: SummaryTree
    /// The spacing added after every block: the section's line spacing.
    let lineSpacing: Double

    /// A page holds at most this many blocks; full pages split in two.
    static let maximumPageSize = 64

    /// A position in the sequence with the sums before it.
    struct Cursor: Hashable {
        /// The page.
        var page: Int
        /// The block within the page.
        var index: Int
        /// The section item the block starts with.
        var firstItem: Int
        /// The block's top relative to the section's first line.
        var top: Double
    }

    /// Creates a sequence of the given blocks.
    ///
    /// - Complexity: O(B).
    init(blocks: [LineBlock], lineSpacing: Double) {
        self.lineSpacing = lineSpacing
        self.pages = BlockSequence.paginate(blocks)
        self.tree = SummaryTree()
        rebuildTree()
    }

    /// The number of items covered.
    var itemCount: Int { tree.totalCount }
    /// The sum of `extent + lineSpacing` over all blocks.
    var totalAdvance: Double { tree.totalExtent }
    /// The number of blocks.
    var blockCount: Int { pages.reduce(0) { $0 + $1.count } }

    /// The block under a cursor.
    @inline(__always)
    subscript(cursor: Cursor) -> LineBlock { pages[cursor.page][cursor.index] }

    /// The cursor at the block holding `item`, which must be below `itemCount`.
    ///
    /// - Complexity: O(log P + page size).
    func cursor(containingItem item: Int) -> Cursor {
        let found = tree.leaf(containingCount: item)
        precondition(found.leaf < pages.count, "item beyond the sequence")
        var cursor = Cursor(page: found.leaf, index: 0, firstItem: found.countBefore, top: found.extentBefore)
        let page = pages[found.leaf]
        while cursor.firstItem + page[cursor.index].itemCount <= item {
            cursor.firstItem += page[cursor.index].itemCount
            cursor.top = cursor.top + page[cursor.index].extent + lineSpacing
            cursor.index += 1
        }
        return cursor
    }

    /// The cursor at the first block whose bottom (`top + extent`) reaches
    /// `offset`, or `nil` when every block ends above it.
    ///
    /// - Complexity: O(log P + page size).
    func cursor(reachingOffset offset: Double) -> Cursor? {
        let found = tree.leaf(reachingExtent: offset)
        guard found.leaf < pages.count else { return nil }
        var cursor = Cursor(page: found.leaf, index: 0, firstItem: found.countBefore, top: found.extentBefore)
        let page = pages[found.leaf]
        while cursor.top + page[cursor.index].extent < offset {
            cursor.firstItem += page[cursor.index].itemCount
            cursor.top = cursor.top + page[cursor.index].extent + lineSpacing
            cursor.index += 1
            if cursor.index == page.count { return next(after: cursor.page) }
        }
        return cursor
    }

    /// The cursor at the first block.
    var first: Cursor? {
        pages.isEmpty ? nil : Cursor(page: 0, index: 0, firstItem: 0, top: 0)
    }

    /// The cursor after `cursor`, or `nil` at the end.
    @inline(__always)
    func next(_ cursor: Cursor) -> Cursor? {
        let block = self[cursor]
        if cursor.index + 1 < pages[cursor.page].count {
            return Cursor(
                page: cursor.page, index: cursor.index + 1, firstItem: cursor.firstItem + block.itemCount,
                top: cursor.top + block.extent + lineSpacing)
        }
        return next(after: cursor.page)
    }

    /// The cursor before `cursor`, or `nil` at the start. Its top is computed the
    /// way every other path computes it (from its page's start), never by
    /// subtraction.
    func previous(_ cursor: Cursor) -> Cursor? {
        if cursor.index > 0 {
            var previous = Cursor(page: cursor.page, index: 0, firstItem: 0, top: 0)
            let before = tree.prefix(before: cursor.page)
            previous.firstItem = before.count
            previous.top = before.extent
            let page = pages[cursor.page]
            while previous.index + 1 < cursor.index {
                previous.firstItem += page[previous.index].itemCount
                previous.top = previous.top + page[previous.index].extent + lineSpacing
                previous.index += 1
            }
            return previous
        }
        guard cursor.page > 0 else { return nil }
        let before = tree.prefix(before: cursor.page - 1)
        var previous = Cursor(page: cursor.page - 1, index: 0, firstItem: before.count, top: before.extent)
        let page = pages[cursor.page - 1]
        while previous.index + 1 < page.count {
            previous.firstItem += page[previous.index].itemCount
            previous.top = previous.top + page[previous.index].extent + lineSpacing
            previous.index += 1
        }
        return previous
    }

    /// The cursor at the first block of the page after `page`, with its sums
    /// read from the tree so that every path to a block agrees on its top.
    private func next(after page: Int) -> Cursor? {
        guard page + 1 < pages.count else { return nil }
        let before = tree.prefix(before: page + 1)
        return Cursor(page: page + 1, index: 0, firstItem: before.count, top: before.extent)
    }

    /// Replaces the blocks from `start` up to, not including, `end` (or to the
    /// end of the sequence when `end` is `nil`) with `replacement`, which must
    /// cover the same items.
    ///
    /// - Complexity: O(replaced pages × page size + log P), plus O(P) when the
    ///   number of pages changes.
    mutating func replace(from start: Cursor, upTo end: Cursor?, with replacement: [LineBlock]) {
        let lastPage: Int
        let suffixStart: Int
        if let end {
            lastPage = end.page
            suffixStart = end.index
        } else {
            lastPage = pages.count - 1
            suffixStart = pages[lastPage].count
        }
        var merged = Array(pages[start.page][..<start.index])
        merged.append(contentsOf: replacement)
        merged.append(contentsOf: pages[lastPage][suffixStart...])
        let newPages = BlockSequence.paginate(merged)
        let oldPageCount = pages.count
        pages.replaceSubrange(start.page...lastPage, with: newPages)
        if pages.count == oldPageCount {
            for p in start.page..<(start.page + newPages.count) {
                let sums = pageSums(p)
                tree.update(p, count: sums.count, extent: sums.advance)
            }
        } else {
            rebuildTree()
        }
    }

    /// Item count and advance of page `p`, summed in block order.
    private func pageSums(_ p: Int) -> (count: Int, advance: Double) {
        var count = 0
        var advance = 0.0
        for block in pages[p] {
            count += block.itemCount
            advance = advance + block.extent + lineSpacing
        }
        return (count, advance)
    }

    private mutating func rebuildTree() {
        let sums = (0..<pages.count).map(pageSums)
        tree = SummaryTree(leafCount: sums.count) { (sums[$0].count, sums[$0].advance) }
    }

    /// Splits blocks into pages of at most ``maximumPageSize``, three quarters full.
    private static func paginate(_ blocks: [LineBlock]) -> [[LineBlock]] {
        if blocks.isEmpty { return [] }
        if blocks.count <= maximumPageSize { return [blocks] }
        let target = maximumPageSize * 3 / 4
        let pageCount = (blocks.count + target - 1) / target
        let size = (blocks.count + pageCount - 1) / pageCount
        return stride(from: 0, to: blocks.count, by: size).map { Array(blocks[$0..<min($0 + size, blocks.count)]) }
    }
}

extension BlockSequence {
    /// Bytes of heap the sequence holds: pages (capacity) and the page tree.
    var allocatedBytes: Int {
        var bytes = 32 + pages.capacity * MemoryLayout<[LineBlock]>.stride + tree.allocatedBytes
        for page in pages { bytes += 32 + page.capacity * MemoryLayout<LineBlock>.stride }
        return bytes
    }
}
