/// The first index in `range` at which `isPast` holds, or `range.upperBound`
/// when it holds nowhere.
///
/// `isPast` must partition the range: false up to some index, true from there
/// on. Every sorted lookup in the engine (a position among sorted keys, the
/// chunk holding an item, the first item of a line reaching a rect) is this
/// one search with its own test.
///
/// - Complexity: O(log n) calls of `isPast` for n indexes.
@inline(__always)
func partitionPoint(in range: Range<Int>, where isPast: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
