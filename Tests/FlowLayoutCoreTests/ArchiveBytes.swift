@testable import FlowLayoutCore

/// Archives rewritten byte by byte, for the tests of older versions and of
/// damaged content (`flow-layout.md` 11.5).
enum ArchiveBytes {
    /// `body` (header and body, no checksum) as an archive of `version`: the
    /// version, the body's length and the checksum written again.
    static func resealed(_ body: [UInt8], version: Int) -> [UInt8] {
        var bytes = body
        bytes[4] = UInt8(version)
        bytes[5] = 0
        let length = UInt64(bytes.count - 16)
        for k in 0..<8 { bytes[8 + k] = UInt8(truncatingIfNeeded: length >> (8 * UInt64(k))) }
        let checksum = bytes.withUnsafeBufferPointer { ArchiveChecksum.of($0) }
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(k)))) }
        return bytes
    }
}
