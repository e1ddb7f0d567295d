import FlowLayoutCore

/// Decoding an update document from a file or a file descriptor, a chunk at a
/// time, as a description is (`LayoutDescription+Reading.swift`).
extension UpdateDocument {
    /// Decodes and validates the update document in the file at `path`, reading
    /// it a chunk at a time.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - configuration: the configuration of the layout the batches apply to
    ///     (see ``decode(_:configuration:)``).
    ///   - chunkSize: how many bytes to read at a time.
    /// - Throws: ``DescriptionError``: `cannot read 'PATH': REASON` when the file
    ///   cannot be opened or read; else as ``decode(_:configuration:)``.
    /// - Complexity: O(n) for n bytes; memory for the document itself plus one
    ///   chunk.
    public static func decode(
        contentsOfFile path: String, configuration: FlowLayoutConfiguration,
        chunkSize: Int = LayoutDescription.defaultChunkSize
    ) throws(DescriptionError) -> UpdateDocument {
        try FileInput.withFile(path) { (descriptor) throws(DescriptionError) in
            try decode(fileDescriptor: descriptor, name: path, configuration: configuration, chunkSize: chunkSize)
        }
    }

    /// Decodes and validates the update document read from an open file
    /// descriptor (standard input is 0) to its end, a chunk at a time. The
    /// descriptor stays open.
    ///
    /// - Parameters:
    ///   - descriptor: a descriptor open for reading.
    ///   - name: how messages name the input.
    ///   - configuration: the configuration of the layout the batches apply to
    ///     (see ``decode(_:configuration:)``).
    ///   - chunkSize: how many bytes to read at a time.
    /// - Throws: ``DescriptionError``: `cannot read 'NAME': REASON` when a read
    ///   fails; else as ``decode(_:configuration:)``.
    /// - Complexity: O(n) for n bytes; memory for the document itself plus one
    ///   chunk.
    public static func decode(
        fileDescriptor descriptor: Int32, name: String = "-", configuration: FlowLayoutConfiguration,
        chunkSize: Int = LayoutDescription.defaultChunkSize
    ) throws(DescriptionError) -> UpdateDocument {
        try decode(chunkSize: chunkSize, configuration: configuration, source: FileInput.source(descriptor, name: name))
    }
}
