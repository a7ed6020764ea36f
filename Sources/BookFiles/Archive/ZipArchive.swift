import CLibZip
import Glibc

/// A zip archive read in place, from bytes in memory or from its open file;
/// nothing is extracted to disk. libzip itself is behind ``ZipHandle``.
///
/// Entry names are normalised with ``ArchivePath/normalise(entryName:)``;
/// names that would leave the archive are not listed. Reads are checked
/// against ``ArchiveLimits`` before and while inflating, and each entry is
/// read to its end so that libzip checks its CRC.
public final class ZipArchive: Archive {
    private let handle: ZipHandle
    private let limits: ArchiveLimits
    private var indexByPath: [String: UInt64] = [:]
    private var totalRead: UInt64 = 0
    public private(set) var entryPaths: [String] = []
    /// Entry names that were refused because they point outside the archive.
    public private(set) var refusedNames: [String] = []
    /// Inflates the (X)HTML entries on another core ahead of ``read(_:)``.
    private var prefetcher: ZipPrefetcher?

    /// Opens the zip held in `bytes` (kept, not copied).
    /// - Throws: ``ArchiveError/truncated(size:)`` for a zip cut short,
    ///   ``ArchiveError/notAnArchive(_:)`` for empty or foreign input;
    ///   ``ArchiveError/tooManyEntries(count:limit:)``.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        guard !bytes.isEmpty else { throw .notAnArchive("the input is empty") }
        do { handle = try ZipHandle(reading: bytes) } catch {
            throw ZipTail.truncation(head: bytes.prefix(4), tail: Array(bytes.suffix(ZipTail.searchLength)),
                size: bytes.count) ?? error
        }
        self.limits = limits
        try indexEntries()
        prefetcher = Self.prefetcher(for: bytes, entries: indexByPath)
    }

    /// Opens the zip in an open file; entries are read from the file as
    /// they are asked for, so the archive is never held in memory whole.
    /// - Throws: ``ArchiveError/truncated(size:)`` for a zip cut short,
    ///   ``ArchiveError/notAnArchive(_:)`` for what libzip cannot open;
    ///   ``ArchiveError/tooManyEntries(count:limit:)``.
    public init(file: FileByteSource, limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        do { handle = try ZipHandle(descriptor: file.descriptor) } catch {
            let head = (try? file.read(at: 0, count: 4)) ?? []
            let tailStart = max(0, file.size - ZipTail.searchLength)
            let tail = (try? file.read(at: tailStart, count: file.size - tailStart)) ?? []
            throw ZipTail.truncation(head: head, tail: tail, size: file.size) ?? error
        }
        self.limits = limits
        try indexEntries()
    }

    deinit {
        prefetcher?.cancel()
    }

    /// The version of the libzip loaded at run time: `1.7.3`.
    public static var libraryVersion: String { String(cString: zip_libzip_version()) }

    public func contains(_ path: String) -> Bool { indexByPath[path] != nil }

    public func read(_ path: String) throws(ArchiveError) -> [UInt8] {
        guard let index = indexByPath[path] else { throw .missingEntry(path) }
        let stat = try checkedStat(of: index, path: path)
        if let bytes = prefetcher?.take(index) {
            totalRead += UInt64(bytes.count)
            return bytes
        }
        let bytes = try handle.read(index, stat: stat, path: path)
        totalRead += UInt64(bytes.count)
        return bytes
    }

    private func indexEntries() throws(ArchiveError) {
        let count = handle.entryCount
        guard count <= limits.maxEntries else {
            throw .tooManyEntries(count: UInt64(max(count, 0)), limit: limits.maxEntries)
        }
        for index in 0..<UInt64(max(count, 0)) {
            guard let name = handle.name(at: index) else { continue }
            if name.hasSuffix("/") { continue }  // a directory
            guard let path = ArchivePath.normalise(entryName: name) else {
                refusedNames.append(name)
                continue
            }
            if indexByPath[path] == nil {
                indexByPath[path] = index
                entryPaths.append(path)
            }
        }
    }

    /// A prefetcher for the content documents (`.xhtml`, `.html`, `.htm`),
    /// when there are several and another core to inflate them on.
    private static func prefetcher(for bytes: [UInt8], entries: [String: UInt64]) -> ZipPrefetcher? {
        guard sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 else { return nil }
        let documents = entries.filter { path, _ in
            let lower = path.lowercased()
            return lower.hasSuffix(".xhtml") || lower.hasSuffix(".html") || lower.hasSuffix(".htm")
        }
        guard documents.count > 1 else { return nil }
        return ZipPrefetcher(bytes: bytes, indices: documents.values.sorted())
    }

    /// The entry's sizes and CRC, after the size-limit and encryption checks (the
    /// inflated bytes are held to it while they are read).
    private func checkedStat(of index: UInt64, path: String) throws(ArchiveError) -> zip_stat_t {
        let stat: zip_stat_t
        switch handle.stat(at: index) {
        case .success(let found): stat = found
        case .failure(.corruptEntry(_, let message)): throw .corruptEntry(path: path, message: message)
        case .failure(let error): throw error
        }
        if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != UInt16(ZIP_EM_NONE) {
            throw .encryptedEntry(path)
        }
        let size = stat.size
        guard size <= limits.maxEntrySize else { throw .entryTooLarge(path: path, size: size, limit: limits.maxEntrySize) }
        guard totalRead + size <= limits.maxTotalSize else {
            throw .totalSizeExceeded(path: path, limit: limits.maxTotalSize)
        }
        return stat
    }
}
