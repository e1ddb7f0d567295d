#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and file descriptors as byte sources for ``ByteInput``: what the
/// streaming entry points of ``LayoutDescription`` and ``UpdateDocument`` share.
enum FileInput {
    /// Opens the file at `path` for reading, calls `body` with its descriptor,
    /// and closes it.
    ///
    /// - Throws: ``DescriptionError``: `cannot read 'PATH': REASON` when the file
    ///   cannot be opened; else what `body` throws.
    static func withFile<Result>(
        _ path: String, _ body: (Int32) throws(DescriptionError) -> Result
    ) throws(DescriptionError) -> Result {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw readError(path) }
        defer { close(descriptor) }
        return try body(descriptor)
    }

    /// A source that reads `descriptor` to its end, retrying reads that a
    /// signal interrupts.
    ///
    /// - Parameter name: how messages name the input.
    static func source(_ descriptor: Int32, name: String) -> ByteInput.ByteSource {
        { (buffer) throws(DescriptionError) -> Int in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 { return count }
                if errno != EINTR { throw readError(name) }
            }
        }
    }

    /// The error for an input that cannot be read, with the system's reason.
    private static func readError(_ name: String) -> DescriptionError {
        let reason = String(cString: strerror(errno))
        return DescriptionError(path: "", message: "cannot read '\(name)': \(reason)")
    }
}
