/// Decoding a description from a file or a file descriptor, a chunk at a time:
/// the file is never in memory as a whole.
extension LayoutDescription {
    /// How many bytes the streaming entry points read at a time: 64 KiB.
    public static let defaultChunkSize = 65_536

    /// Decodes and validates the description in the file at `path`, reading it a
    /// chunk at a time.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - chunkSize: how many bytes to read at a time.
    /// - Throws: ``DescriptionError``: `cannot read 'PATH': REASON` when the file
    ///   cannot be opened or read; else as ``decode(_:)``.
    /// - Complexity: O(n) for n bytes; memory for the description itself plus one
    ///   chunk (more only for a single string or number longer than a chunk).
    public static func decode(contentsOfFile path: String, chunkSize: Int = defaultChunkSize) throws(DescriptionError) -> LayoutDescription
    {
        try FileInput.withFile(path) { (descriptor) throws(DescriptionError) in
            try decode(fileDescriptor: descriptor, name: path, chunkSize: chunkSize)
        }
    }

    /// Decodes and validates the description read from an open file descriptor
    /// (standard input is 0) to its end, a chunk at a time. The descriptor stays
    /// open.
    ///
    /// - Parameters:
    ///   - descriptor: a descriptor open for reading.
    ///   - name: how messages name the input.
    ///   - chunkSize: how many bytes to read at a time.
    /// - Throws: ``DescriptionError``: `cannot read 'NAME': REASON` when a read
    ///   fails; else as ``decode(_:)``.
    /// - Complexity: O(n) for n bytes; memory for the description itself plus one
    ///   chunk (more only for a single string or number longer than a chunk).
    public static func decode(
        fileDescriptor descriptor: Int32, name: String = "-", chunkSize: Int = defaultChunkSize
    ) throws(DescriptionError) -> LayoutDescription {
        try decode(chunkSize: chunkSize, source: FileInput.source(descriptor, name: name))
    }
}
