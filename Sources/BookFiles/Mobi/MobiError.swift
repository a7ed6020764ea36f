/// Why a MOBI, AZW3 or PRC book could not be read. The text says what is
/// wrong; the caller adds the file's name.
public enum MobiError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a Palm database holding a book, or its headers
    /// contradict themselves (records outside the file, an impossible
    /// text length); the message says which.
    case malformed(String)
    /// The book's text is encrypted: a DRM-protected Kindle book. `scheme`
    /// is the record 0 encryption type (1 old Mobipocket, 2 Mobipocket).
    case drmProtected(scheme: Int)
    /// The book uses something narrate does not read (an unknown compression,
    /// a Kindle Print Replica).
    case unsupported(String)
    /// The book's text or a part rebuilt from it would pass `limit` bytes.
    case tooLarge(size: UInt64, limit: UInt64)
    /// libmobi refused the book; the message is its status, by name.
    case library(String)

    public var description: String {
        switch self {
        case .malformed(let message): message
        case .drmProtected:
            "the book is DRM-protected (its text is encrypted): narrate reads only books without DRM"
        case .unsupported(let message): message
        case .tooLarge(let size, let limit):
            "the book's text is \(Self.megabytes(size)), more than the limit of \(Self.megabytes(limit))"
        case .library(let message): "libmobi cannot read the book: \(message)"
        }
    }

    /// `12 MB`, rounded up; bytes below a megabyte.
    static func megabytes(_ bytes: UInt64) -> String {
        bytes >= 1 << 20 ? "\((bytes + (1 << 20) - 1) >> 20) MB" : "\(bytes) bytes"
    }
}
