import FlowLayoutCore
import FlowLayoutReference

/// Compares what the engine presents (`flow-layout.md` 8) with the eager
/// reference's presentation for the same visible rect: frames of every kind of
/// query, the content size, scroll-to-item offsets and resting offsets.
package enum PresentationComparison {
    /// Everything the engine answers for the visible rect it holds, against
    /// `reference` (presented for that same rect). `queries` random rect, item,
    /// scroll-to-item and resting-offset queries are made.
    ///
    /// With `offsets`, resting-offset and scroll-to-item queries too; the latter
    /// leave the engine holding the last item asked for (8.4), so callers that
    /// track the hold pass `false`.
    package static func differences(
        _ state: inout FlowLayoutState, reference: ReferencePresentation, tolerance: Double, exact: Bool,
        queries: Int, everything: Bool, offsets: Bool = true, random: inout SeededRandom
    ) throws -> [String] {
        var issues: [String] = []
        let content = reference.contentSize
        // Rect queries: V itself, and random rects.
        var rects = [reference.visibleRect]
        for _ in 0..<queries {
            rects.append(randomRect(&random, contentSize: content))
        }
        for rect in rects {
            issues += LayoutComparison.rectQueryDifferences(
                engine: try state.layoutAttributesForElements(in: rect), reference: reference.elements(in: rect),
                rect: rect, tolerance: tolerance
            ).map { "rect \(rect): \($0)" }
        }
        let cells = reference.attributes.filter { $0.category == .cell }
        for _ in 0..<min(cells.count, queries) {
            let expected = cells[random.int(0..<cells.count)]
            let actual = try state.layoutAttributesForItem(at: expected.indexPath)
            if !LayoutComparison.same(actual, expected, tolerance: tolerance) {
                issues.append("item query: engine \(actual) ≠ reference \(expected)")
            }
        }
        for element in reference.attributes where element.category != .cell {
            let actual = try state.layoutAttributesForSupplementaryElement(
                ofKind: element.category == .header ? .header : .footer, at: element.indexPath)
            if actual.map({ !LayoutComparison.same($0, element, tolerance: tolerance) }) ?? true {
                issues.append("supplementary query: engine \(String(describing: actual)) ≠ reference \(element)")
            }
        }
        if everything {
            let size = state.exactContentSize()
            if !LayoutComparison.close(size.width, content.width, tolerance)
                || !LayoutComparison.close(size.height, content.height, tolerance)
            {
                issues.append("content size: engine \(size) ≠ reference \(content)")
            }
            issues += LayoutComparison.differences(
                engine: try state.layoutAttributesForElements(in: .infinite), reference: reference.attributes,
                tolerance: tolerance)
        }
        guard offsets else { return issues }
        issues += try offsetDifferences(
            &state, reference: reference, tolerance: tolerance, exact: exact, queries: queries, random: &random)
        return issues
    }

    /// Resting offsets for random proposals and velocities, then scroll-to-item
    /// offsets for random items and positions; both clamped to the content size
    /// the engine gives its host, which counts sections not laid out yet at
    /// their estimates.
    package static func offsetDifferences(
        _ state: inout FlowLayoutState, reference: ReferencePresentation, tolerance: Double, exact: Bool,
        queries: Int, random: inout SeededRandom
    ) throws -> [String] {
        var issues: [String] = []
        let direction = reference.configuration.scrollDirection
        for _ in 0..<queries {
            let along = RandomPresentation.proposal(reference, random: &random, exact: exact)
            let across = random.double(-5...5)
            let proposed = direction == .vertical ? Point(x: across, y: along) : Point(x: along, y: across)
            let velocity = RandomPresentation.velocity(direction: direction, random: &random)
            let actual = try state.targetContentOffset(forProposedContentOffset: proposed, velocity: velocity)
            let expected = reference.targetContentOffset(
                forProposedContentOffset: proposed, velocity: velocity, hostContentSize: state.contentSize)
            if !close(actual, expected, tolerance) {
                issues.append(
                    "\(reference.options.snapping) target for \(proposed) at \(velocity): engine \(actual) ≠ reference \(expected)")
            }
        }
        let cells = reference.attributes.filter { $0.category == .cell }
        for _ in 0..<min(cells.count, queries) {
            let indexPath = cells[random.int(0..<cells.count)].indexPath
            let position = random.pick(ScrollPosition.allCases)
            let actual = try state.contentOffset(forItemAt: indexPath, position: position)
            let expected = reference.contentOffset(
                forItemAt: indexPath, position: position, hostContentSize: state.contentSize
            ).offset
            if !close(actual, expected, tolerance) {
                issues.append("offset for \(indexPath) at \(position): engine \(actual) ≠ reference \(expected)")
            }
        }
        return issues
    }

    /// Whether two points agree within `tolerance`.
    package static func close(_ a: Point, _ b: Point, _ tolerance: Double) -> Bool {
        LayoutComparison.close(a.x, b.x, tolerance) && LayoutComparison.close(a.y, b.y, tolerance)
    }

    /// A random query rect over (and a little beyond) the content; sometimes a
    /// point, a strip across the content, or the whole content.
    package static func randomRect(_ random: inout SeededRandom, contentSize: Size) -> Rect {
        let x = random.double(-20...(contentSize.width + 20))
        let y = random.double(-20...(contentSize.height + 20))
        switch random.int(0...3) {
        case 0: return Rect(x: x, y: y, width: 0, height: 0)
        case 1: return Rect(x: -10, y: y, width: contentSize.width + 20, height: random.double(0...200))
        case 2: return Rect(x: x, y: y, width: random.double(0...400), height: random.double(0...400))
        default: return Rect(x: -5, y: -5, width: contentSize.width + 10, height: contentSize.height + 10)
        }
    }
}
