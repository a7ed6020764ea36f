/// Why an archive or one of its entries could not be read. The text names the
/// entry and the limit or expectation; the caller adds the archive's name.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a zip archive (empty or another format), or one
    /// libzip cannot read; the message is libzip's.
    case notAnArchive(String)
    /// The file starts as a zip but ends before its central directory (the
    /// list of entries every zip ends with): it was cut short. `size` is the
    /// file's length in bytes.
    case truncated(size: Int)
    /// No entry has this (normalised) path.
    case missingEntry(String)
    /// An entry is larger than the per-entry limit, in bytes.
    case entryTooLarge(path: String, size: UInt64, limit: UInt64)
    /// Reading this entry would take the archive past its total limit, in bytes.
    case totalSizeExceeded(path: String, limit: UInt64)
    /// The archive has more entries than the limit.
    case tooManyEntries(count: UInt64, limit: UInt64)
    /// The entry is encrypted with a zip password.
    case encryptedEntry(String)
    /// The entry's data is damaged (bad CRC, bad deflate stream, short read,
    /// more data than declared).
    case corruptEntry(path: String, message: String)
    /// A zip could not be written; the message is libzip's.
    case cannotWrite(path: String, message: String)

    public var description: String {
        switch self {
        case .notAnArchive(let message): "not a zip archive: \(message)"
        case .truncated(let size):
            "truncated: the file ends after \(size) bytes, before the list of files every zip ends with; "
                + "copy or download it again"
        case .missingEntry(let path): "\(path): no such entry in the archive"
        case .entryTooLarge(let path, let size, let limit):
            "\(path): entry expands to \(Self.megabytes(size)), more than the limit of \(Self.megabytes(limit)) (zip bomb?)"
        case .totalSizeExceeded(let path, let limit):
            "\(path): archive expands to more than the limit of \(Self.megabytes(limit)) in total (zip bomb?)"
        case .tooManyEntries(let count, let limit):
            "archive has \(count) entries, more than the limit of \(limit)"
        case .encryptedEntry(let path): "\(path): entry is password-encrypted and cannot be read"
        case .corruptEntry(let path, let message): "\(path): damaged entry: \(message)"
        case .cannotWrite(let path, let message): "\(path): cannot write the zip: \(message)"
        }
    }

    /// Whether the error is one of the size limits (which `--zip-limit` raises).
    public var isSizeLimit: Bool {
        switch self {
        case .entryTooLarge, .totalSizeExceeded: true
        default: false
        }
    }

    /// `12 MB`, `512 MB`; bytes below 1 MiB as bytes.
    private static func megabytes(_ bytes: UInt64) -> String {
        bytes < 1 << 20 ? "\(bytes) bytes" : "\(bytes >> 20) MB"
    }
}
