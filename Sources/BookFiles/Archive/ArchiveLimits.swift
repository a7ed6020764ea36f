/// Limits that keep a hostile archive (a zip bomb) from exhausting memory:
/// absolute sizes, checked against each entry's declared size before it is
/// inflated and against the bytes actually inflated while it is read. The
/// compression ratio alone refuses nothing (a chapter of repetitive text
/// compresses 700:1 and is a real book). The defaults are far above any
/// real e-book.
public struct ArchiveLimits: Hashable, Sendable, Codable {
    /// Largest uncompressed size of one entry, in bytes; default 64 MiB.
    public var maxEntrySize: UInt64 = 64 << 20
    /// Largest uncompressed size read from one archive in total, in bytes;
    /// default 512 MiB.
    public var maxTotalSize: UInt64 = 512 << 20
    /// Most entries an archive may list; default 100,000.
    public var maxEntries: UInt64 = 100_000

    public init() {}

    /// The defaults, with both size limits raised (never lowered) to
    /// `megabytes` MiB: the one knob a user gets (`--zip-limit`).
    public init(megabytes: UInt64) {
        let bytes = megabytes.multipliedReportingOverflow(by: 1 << 20)
        let limit = bytes.overflow ? UInt64.max : bytes.partialValue
        maxEntrySize = max(maxEntrySize, limit)
        maxTotalSize = max(maxTotalSize, limit)
    }
}
