/// Limits that keep a hostile archive (a zip bomb) from exhausting memory.
/// The defaults are far above any real e-book.
public struct ArchiveLimits: Hashable, Sendable {
    /// Largest uncompressed size of one entry, in bytes; default 64 MiB.
    public var maxEntrySize: UInt64 = 64 << 20
    /// Largest uncompressed size read from one archive in total, in bytes;
    /// default 512 MiB.
    public var maxTotalSize: UInt64 = 512 << 20
    /// Largest uncompressed : compressed ratio, checked for entries larger
    /// than ``ratioThreshold``; default 200 (text compresses about 3–10:1).
    public var maxCompressionRatio: UInt64 = 200
    /// Entries at most this size (bytes) are not ratio-checked; default 1 MiB.
    public var ratioThreshold: UInt64 = 1 << 20
    /// Most entries an archive may list; default 100,000.
    public var maxEntries: UInt64 = 100_000

    public init() {}
}
