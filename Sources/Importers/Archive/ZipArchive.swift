import CLibZip
import Glibc

/// A zip archive read in place with libzip, from bytes in memory or from its
/// file; nothing is extracted to disk. The only code that knows libzip exists
/// (with ``ZipPrefetcher``, which inflates ahead on another core).
///
/// Entry names are normalised with ``ArchivePath/normalise(entryName:)``;
/// names that would leave the archive are not listed. Reads are checked
/// against ``ArchiveLimits`` before and while inflating, and each entry is
/// read to its end so that libzip checks its CRC.
public final class ZipArchive: Archive {
    private let handle: OpaquePointer
    private let limits: ArchiveLimits
    private var indexByPath: [String: UInt64] = [:]
    private var totalRead: UInt64 = 0
    public private(set) var entryPaths: [String] = []
    /// Entry names that were refused because they point outside the archive.
    public private(set) var refusedNames: [String] = []
    /// Inflates the (X)HTML entries on another core ahead of ``read(_:)``.
    private var prefetcher: ZipPrefetcher?

    /// Opens the zip held in `bytes` (copied; the caller may drop them).
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` for empty, truncated or
    ///   foreign input; ``ArchiveError/tooManyEntries(count:limit:)``.
    public init(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        guard !bytes.isEmpty else { throw .notAnArchive("the input is empty") }
        handle = try Self.open(bytes)
        self.limits = limits
        try indexEntries()
        prefetcher = Self.prefetcher(for: bytes, entries: indexByPath)
    }

    /// Opens the zip file at `path`; entries are read from the file as they
    /// are asked for, so the archive is never held in memory whole.
    /// - Throws: ``ArchiveError/notAnArchive(_:)`` for what libzip cannot
    ///   open; ``ArchiveError/tooManyEntries(count:limit:)``.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        var code: Int32 = 0
        guard let handle = zip_open(path, ZIP_RDONLY, &code) else {
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        self.handle = handle
        self.limits = limits
        try indexEntries()
    }

    deinit {
        prefetcher?.cancel()
        zip_discard(handle)
    }

    /// The version of the libzip loaded at run time: `1.7.3`.
    public static var libraryVersion: String { String(cString: zip_libzip_version()) }

    public func contains(_ path: String) -> Bool { indexByPath[path] != nil }

    public func read(_ path: String) throws(ArchiveError) -> [UInt8] {
        guard let index = indexByPath[path] else { throw .missingEntry(path) }
        let size = try checkedSize(of: index, path: path)
        if let bytes = prefetcher?.take(index) {
            totalRead += UInt64(bytes.count)
            return bytes
        }
        guard let file = zip_fopen_index(handle, index, 0) else {
            throw .corruptEntry(path: path, message: String(cString: zip_error_strerror(zip_get_error(handle))))
        }
        defer { zip_fclose(file) }
        let bytes = try Self.readToEnd(file, expected: size, path: path)
        totalRead += UInt64(bytes.count)
        return bytes
    }

    private static func open(_ bytes: [UInt8]) throws(ArchiveError) -> OpaquePointer {
        guard let copy = malloc(bytes.count) else { throw .notAnArchive("out of memory") }
        bytes.withUnsafeBytes { buffer in
            if let base = buffer.baseAddress { _ = memcpy(copy, base, bytes.count) }
        }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(copy, UInt64(bytes.count), 1, &error) else {
            free(copy)
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        return archive
    }

    private func indexEntries() throws(ArchiveError) {
        let count = zip_get_num_entries(handle, 0)
        guard count <= limits.maxEntries else {
            throw .tooManyEntries(count: UInt64(max(count, 0)), limit: limits.maxEntries)
        }
        for index in 0..<UInt64(max(count, 0)) {
            guard let cName = zip_get_name(handle, index, ZIP_FL_ENC_GUESS) else { continue }
            let name = String(cString: cName)
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

    /// The declared size, after the zip-bomb and encryption checks.
    private func checkedSize(of index: UInt64, path: String) throws(ArchiveError) -> UInt64 {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(handle, index, 0, &stat) == 0 else {
            throw .corruptEntry(path: path, message: String(cString: zip_error_strerror(zip_get_error(handle))))
        }
        if stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD) != 0, stat.encryption_method != UInt16(ZIP_EM_NONE) {
            throw .encryptedEntry(path)
        }
        let size = stat.size
        guard size <= limits.maxEntrySize else { throw .entryTooLarge(path: path, size: size, limit: limits.maxEntrySize) }
        if size > limits.ratioThreshold {
            let ratio = size / max(stat.comp_size, 1)
            guard ratio <= limits.maxCompressionRatio else {
                throw .suspiciousCompression(path: path, ratio: ratio, limit: limits.maxCompressionRatio)
            }
        }
        guard totalRead + size <= limits.maxTotalSize else {
            throw .totalSizeExceeded(path: path, limit: limits.maxTotalSize)
        }
        return size
    }

    /// Reads until libzip reports the end (which checks the CRC), refusing
    /// more data than the entry declared.
    static func readToEnd(_ file: OpaquePointer, expected: UInt64, path: String) throws(ArchiveError) -> [UInt8] {
        var failure: ArchiveError?
        // Uninitialised: zip_fread fills it, and only the bytes it wrote are kept.
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(expected) + 1) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while true {
                let read = zip_fread(file, base + count, UInt64(buffer.count - count))
                if read < 0 {
                    failure = .corruptEntry(path: path, message: String(cString: zip_file_strerror(file)))
                    return
                }
                if read == 0 { break }
                count += Int(read)
                if count > Int(expected) {
                    failure = .corruptEntry(path: path, message: "more data than the \(expected) bytes declared")
                    return
                }
            }
        }
        if let failure { throw failure }
        guard bytes.count == Int(expected) else {
            throw .corruptEntry(path: path, message: "\(bytes.count) bytes instead of the \(expected) declared")
        }
        return bytes
    }
}
