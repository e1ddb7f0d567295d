/// The distinct metrics of a layout's sections: entry 0 holds the layout's own
/// properties, later entries those of sections with overrides (the delegate's
/// per-section methods), each stored once however many sections share it.
///
/// Sections refer to their entry by index, so inserting, reloading or moving a
/// section with overrides costs one dictionary lookup.
struct MetricsTable: Sendable {
    /// The overrides behind each entry; `nil` for entry 0.
    private(set) var overrides: [MetricOverrides?] = [nil]
    /// Resolved metrics of each entry.
    private(set) var metrics: [SectionMetrics] = []
    /// The line geometry of each entry, for the current default item size, in
    /// a section that is not uniform (lines filled by subtraction, 2.1).
    private(set) var geometry: [LineGeometry] = []
    /// The line geometry of each entry in a uniform section of default-size
    /// items (lines by floor division, 2.1; `flow-layout.md` 3.3).
    private(set) var uniformGeometry: [LineGeometry] = []
    private var lookup: [MetricOverrides: Int32] = [:]

    /// A table resolved for a configuration, viewport and default item size.
    init(configuration: FlowLayoutConfiguration, viewportSize: Size, defaultSize: Size) {
        resolve(configuration: configuration, viewportSize: viewportSize, defaultSize: defaultSize)
    }

    /// The index of the entry for `overrides`, adding one resolved under the
    /// given settings if there is none.
    mutating func index(
        for overrides: MetricOverrides?, configuration: FlowLayoutConfiguration, viewportSize: Size, defaultSize: Size
    ) -> Int32 {
        guard let overrides else { return 0 }
        if let index = lookup[overrides] { return index }
        let index = Int32(self.overrides.count)
        self.overrides.append(overrides)
        lookup[overrides] = index
        let resolved = SectionMetrics(configuration: configuration, overrides: overrides, viewportSize: viewportSize)
        metrics.append(resolved)
        geometry.append(LineGeometry(metrics: resolved, defaultSize: defaultSize, direction: configuration.scrollDirection))
        uniformGeometry.append(
            LineGeometry(metrics: resolved, defaultSize: defaultSize, direction: configuration.scrollDirection, uniform: true))
        return index
    }

    /// Resolves every entry again: after a change of configuration, viewport or
    /// default item size.
    ///
    /// - Complexity: O(entries).
    mutating func resolve(configuration: FlowLayoutConfiguration, viewportSize: Size, defaultSize: Size) {
        metrics = overrides.map { SectionMetrics(configuration: configuration, overrides: $0, viewportSize: viewportSize) }
        geometry = metrics.map {
            LineGeometry(metrics: $0, defaultSize: defaultSize, direction: configuration.scrollDirection)
        }
        uniformGeometry = metrics.map {
            LineGeometry(metrics: $0, defaultSize: defaultSize, direction: configuration.scrollDirection, uniform: true)
        }
    }

    /// Bytes of heap the table holds.
    var allocatedBytes: Int {
        96 + overrides.capacity * MemoryLayout<MetricOverrides?>.stride
            + metrics.capacity * MemoryLayout<SectionMetrics>.stride
            + (geometry.capacity + uniformGeometry.capacity) * MemoryLayout<LineGeometry>.stride
            + lookup.capacity * (MemoryLayout<MetricOverrides>.stride + 4)
    }
}
