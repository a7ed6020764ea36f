/// Read access to the files of a container — a zip (`ZipArchive`), an
/// exploded folder (`DirectoryArchive`) or entries in memory
/// (`MemoryArchive`) — by normalised path (see ``ArchivePath``).
public protocol Archive {
    /// Normalised paths of all readable entries, in archive order.
    var entryPaths: [String] { get }
    /// Whether an entry with this normalised path exists.
    func contains(_ path: String) -> Bool
    /// The entry's whole content, CRC-checked where the container has one.
    /// - Throws: ``ArchiveError`` when it is missing, too large or damaged.
    func read(_ path: String) throws(ArchiveError) -> [UInt8]
}

/// An archive held in memory, for tests and for building books in code.
public struct MemoryArchive: Archive {
    private var entries: [String: [UInt8]]
    public private(set) var entryPaths: [String]

    /// Entries by name, in order; names are normalised and those that would
    /// leave the archive are dropped, as a zip's would be.
    public init(_ entries: KeyValuePairs<String, [UInt8]>) {
        self.init(entries.map { ($0.key, $0.value) })
    }

    public init(_ list: [(String, [UInt8])]) {
        entries = [:]
        entryPaths = []
        for (name, bytes) in list {
            guard let path = ArchivePath.normalise(entryName: name), entries[path] == nil else { continue }
            entries[path] = bytes
            entryPaths.append(path)
        }
    }

    public func contains(_ path: String) -> Bool { entries[path] != nil }

    public func read(_ path: String) throws(ArchiveError) -> [UInt8] {
        guard let bytes = entries[path] else { throw .missingEntry(path) }
        return bytes
    }
}
