import FlowLayoutCore
import FlowLayoutReference

/// Compares what the engine answers with what the eager reference computes, and
/// describes every difference.
package enum LayoutComparison {
    /// The tolerance for a coordinate along the scroll axis: where summation order
    /// legitimately differs, within 1e-9 of the content extent.
    package static func tolerance(contentSize: Size) -> Double {
        1e-9 * max(1, contentSize.width, contentSize.height)
    }

    /// Differences between two element lists that must hold the same elements in
    /// the same order; frames compared exactly when `tolerance` is 0.
    package static func differences(
        engine: [LayoutAttributes], reference: [LayoutAttributes], tolerance: Double, limit: Int = 5
    ) -> [String] {
        var result: [String] = []
        if engine.count != reference.count {
            result.append("engine returned \(engine.count) elements, reference \(reference.count)")
        }
        for (a, b) in zip(engine, reference) where !same(a, b, tolerance: tolerance) {
            result.append("engine \(a) ≠ reference \(b)")
            if result.count >= limit { break }
        }
        if result.count < limit, engine.count != reference.count {
            let engineIDs = Set(engine.map(\.identifier))
            let referenceIDs = Set(reference.map(\.identifier))
            for missing in reference where !engineIDs.contains(missing.identifier) {
                result.append("engine lacks \(missing)")
                if result.count >= limit { break }
            }
            for extra in engine where !referenceIDs.contains(extra.identifier) {
                result.append("engine adds \(extra)")
                if result.count >= limit { break }
            }
        }
        return result
    }

    /// Differences between rect-query answers, allowing an element to be missing
    /// from one side only when it lies within `tolerance` of the rect's edge.
    package static func rectQueryDifferences(
        engine: [LayoutAttributes], reference: [LayoutAttributes], rect: Rect, tolerance: Double
    ) -> [String] {
        if tolerance == 0 { return differences(engine: engine, reference: reference, tolerance: 0) }
        var result: [String] = []
        let engineByID = Dictionary(engine.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        let referenceByID = Dictionary(reference.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, element) in referenceByID {
            if let other = engineByID[id] {
                if !same(element, other, tolerance: tolerance) { result.append("engine \(other) ≠ reference \(element)") }
            } else if !nearEdge(element.frame, of: rect, tolerance: tolerance) {
                result.append("engine lacks \(element) in \(rect)")
            }
        }
        for (id, element) in engineByID where referenceByID[id] == nil {
            if !nearEdge(element.frame, of: rect, tolerance: tolerance) {
                result.append("engine adds \(element) in \(rect)")
            }
        }
        let engineOrder = engine.map(\.identifier)
        if engineOrder != engineOrder.sorted(by: precedes) { result.append("engine's elements are out of order") }
        return result
    }

    /// Whether `a` comes before `b` in "elements in rect" order: by section, then
    /// header, cells by index, footer.
    package static func precedes(_ a: ElementIdentifier, _ b: ElementIdentifier) -> Bool {
        func rank(_ category: ElementCategory) -> Int {
            switch category {
            case .header: 0
            case .cell: 1
            case .footer: 2
            }
        }
        return (a.indexPath.section, rank(a.category), a.indexPath.item)
            < (b.indexPath.section, rank(b.category), b.indexPath.item)
    }

    /// Whether two attributes describe the same element at the same frame.
    package static func same(_ a: LayoutAttributes, _ b: LayoutAttributes, tolerance: Double) -> Bool {
        a.identifier == b.identifier && a.zIndex == b.zIndex
            && close(a.frame.minX, b.frame.minX, tolerance) && close(a.frame.minY, b.frame.minY, tolerance)
            && close(a.frame.width, b.frame.width, tolerance) && close(a.frame.height, b.frame.height, tolerance)
    }

    /// Whether two coordinates agree within `tolerance`.
    package static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        a == b || abs(a - b) <= tolerance
    }

    package static func nearEdge(_ frame: Rect, of rect: Rect, tolerance: Double) -> Bool {
        let grown = Rect(
            x: rect.minX - tolerance, y: rect.minY - tolerance, width: rect.width + 2 * tolerance,
            height: rect.height + 2 * tolerance)
        let shrunk = Rect(
            x: rect.minX + tolerance, y: rect.minY + tolerance, width: max(0, rect.width - 2 * tolerance),
            height: max(0, rect.height - 2 * tolerance))
        return frame.touches(grown) && !frame.touches(shrunk)
            || abs(frame.maxX - rect.minX) <= tolerance || abs(frame.minX - rect.maxX) <= tolerance
            || abs(frame.maxY - rect.minY) <= tolerance || abs(frame.minY - rect.maxY) <= tolerance
    }
}
