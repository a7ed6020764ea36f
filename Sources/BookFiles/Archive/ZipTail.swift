/// Tells a truncated zip from other bytes libzip cannot open, from the end
/// of the file: every zip ends with an end-of-central-directory record
/// (`PK 05 06`) in its last 65,557 bytes, so a file that begins like a zip
/// (`PK 03 04`) and has none was cut short.
enum ZipTail {
    /// The longest end record: 22 bytes and a comment of up to 65,535.
    static let searchLength = 22 + 0xFFFF

    /// ``ArchiveError/truncated(size:)`` when the bytes begin like a zip
    /// but have no whole end record; nil otherwise.
    /// - Parameters:
    ///   - head: the first bytes (at least 4 to decide).
    ///   - tail: the last ``searchLength`` bytes (all of a shorter file).
    ///   - size: the whole length in bytes.
    static func truncation(head: some Collection<UInt8>, tail: [UInt8], size: Int) -> ArchiveError? {
        guard head.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { return nil }
        let marker: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
        guard tail.count >= marker.count else { return .truncated(size: size) }
        for start in stride(from: tail.count - marker.count, through: 0, by: -1) where tail[start] == 0x50 {
            // A record cut short is a truncation too.
            if tail[start..<start + marker.count].elementsEqual(marker) { return start + 22 > tail.count ? .truncated(size: size) : nil }
        }
        return .truncated(size: size)
    }
}
