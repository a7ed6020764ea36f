/// Why an archive or one of its entries could not be read. The text names the
/// entry and the limit or expectation; the caller adds the archive's name.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a zip archive (truncated, empty or another format).
    case notAnArchive(String)
    /// No entry has this (normalised) path.
    case missingEntry(String)
    /// An entry is larger than the per-entry limit, in bytes.
    case entryTooLarge(path: String, size: UInt64, limit: UInt64)
    /// An entry expands far more than real documents do (a zip bomb).
    case suspiciousCompression(path: String, ratio: UInt64, limit: UInt64)
    /// Reading this entry would take the archive past its total limit, in bytes.
    case totalSizeExceeded(path: String, limit: UInt64)
    /// The archive has more entries than the limit.
    case tooManyEntries(count: UInt64, limit: UInt64)
    /// The entry is encrypted with a zip password.
    case encryptedEntry(String)
    /// The entry's data is damaged (bad CRC, bad deflate stream, short read).
    case corruptEntry(path: String, message: String)

    public var description: String {
        switch self {
        case .notAnArchive(let message): "not a zip archive: \(message)"
        case .missingEntry(let path): "\(path): no such entry in the archive"
        case .entryTooLarge(let path, let size, let limit):
            "\(path): entry expands to \(size) bytes, more than the limit of \(limit) (zip bomb?)"
        case .suspiciousCompression(let path, let ratio, let limit):
            "\(path): entry is compressed \(ratio):1, more than the limit of \(limit):1 (zip bomb?)"
        case .totalSizeExceeded(let path, let limit):
            "\(path): archive expands to more than the limit of \(limit) bytes in total (zip bomb?)"
        case .tooManyEntries(let count, let limit):
            "archive has \(count) entries, more than the limit of \(limit)"
        case .encryptedEntry(let path): "\(path): entry is password-encrypted and cannot be read"
        case .corruptEntry(let path, let message): "\(path): damaged entry: \(message)"
        }
    }
}
