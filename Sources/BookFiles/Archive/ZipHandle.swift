import CLibZip
import Glibc

/// One open libzip archive: the only owner of a `zip_t` handle, used by
/// ``ZipArchive`` on the caller's thread and by ``ZipPrefetcher`` on its
/// worker (each with its own handle: libzip handles are not thread-safe).
final class ZipHandle {
    private let archive: OpaquePointer
    private lazy var decoder = DeflateDecoder()

    /// Opens the zip in `bytes`, which the handle keeps (``ZipArraySource``).
    init(reading bytes: [UInt8]) throws(ArchiveError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = ZipArraySource.make(bytes, error: &error) else {
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        archive = try Self.open(source, error: &error)
    }

    /// Opens the zip in `buffer`, which must outlive the handle.
    init(borrowing buffer: UnsafeRawBufferPointer) throws(ArchiveError) {
        archive = try Self.open(buffer)
    }

    /// Opens the zip in an open file, reading it as entries are asked for;
    /// the caller's descriptor stays open and its own.
    init(descriptor: Int32) throws(ArchiveError) {
        let own = dup(descriptor)
        guard own >= 0 else { throw .notAnArchive(String(cString: strerror(errno))) }
        var code: Int32 = 0
        guard let archive = zip_fdopen(own, ZIP_RDONLY, &code) else {
            close(own)
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        self.archive = archive
    }

    deinit { zip_discard(archive) }

    /// The number of entries, directories included.
    var entryCount: Int64 { zip_get_num_entries(archive, 0) }

    /// The raw name of the entry at `index`, as stored (encoding guessed).
    func name(at index: UInt64) -> String? {
        zip_get_name(archive, index, ZIP_FL_ENC_GUESS).map { String(cString: $0) }
    }

    /// The entry's sizes and encryption, or nil with libzip's message.
    func stat(at index: UInt64) -> Result<zip_stat_t, ArchiveError> {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, index, 0, &stat) == 0 else {
            return .failure(.corruptEntry(path: "", message: lastError))
        }
        return .success(stat)
    }

    /// The whole entry, `stat.size` bytes and no more, its CRC checked. A
    /// deflated entry is read compressed and inflated by ``DeflateDecoder``
    /// (libdeflate, faster than libzip's zlib); any other is read through
    /// libzip to its end, which checks the CRC.
    func read(_ index: UInt64, stat: zip_stat_t, path: String) throws(ArchiveError) -> [UInt8] {
        if let compressedSize = Self.deflatedSize(stat) {
            return try readDeflated(index, compressedSize: compressedSize, stat: stat, path: path)
        }
        guard let file = zip_fopen_index(archive, index, 0) else {
            throw .corruptEntry(path: path, message: lastError)
        }
        defer { zip_fclose(file) }
        let bytes = try contents(of: file, atMost: Int(stat.size), path: path)
        guard bytes.count == Int(stat.size) else {
            throw .corruptEntry(path: path, message: "\(bytes.count) bytes instead of the \(stat.size) declared")
        }
        return bytes
    }

    /// The compressed size of a deflated entry whose sizes and CRC the
    /// directory gives, when it is no more than DEFLATE makes of that much
    /// data (stored blocks add 5 bytes in 65,535); nil for any other entry,
    /// which libzip then reads in bounded steps. (Callers have refused
    /// sizes past their limits already; past 4 GB, libzip reads it too.)
    private static func deflatedSize(_ stat: zip_stat_t) -> Int? {
        let needed = UInt64(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC)
        guard stat.valid & needed == needed, stat.comp_method == UInt16(ZIP_CM_DEFLATE), stat.size <= UInt32.max,
            stat.comp_size <= stat.size + stat.size / 8 + 1024
        else { return nil }
        return Int(stat.comp_size)
    }

    private func readDeflated(_ index: UInt64, compressedSize: Int, stat: zip_stat_t, path: String)
        throws(ArchiveError) -> [UInt8]
    {
        guard let file = zip_fopen_index(archive, index, zip_flags_t(ZIP_FL_COMPRESSED)) else {
            throw .corruptEntry(path: path, message: lastError)
        }
        defer { zip_fclose(file) }
        let compressed = try contents(of: file, atMost: compressedSize, path: path)
        guard compressed.count == compressedSize else {
            throw .corruptEntry(
                path: path, message: "\(compressed.count) compressed bytes instead of the \(compressedSize) declared")
        }
        let expected = Int(stat.size)
        let bytes: [UInt8]
        do {
            bytes = try decoder.inflate(compressed, count: expected)
        } catch {
            let message = switch error {
            case .invalidData: "the compressed data is invalid"
            case .short(let count): "\(count) bytes instead of the \(expected) declared"
            case .tooLong: "more data than the \(expected) bytes declared"
            case .noMemory: "no memory to inflate it"
            }
            throw .corruptEntry(path: path, message: message)
        }
        guard DeflateDecoder.crc32(bytes) == stat.crc else { throw .corruptEntry(path: path, message: "CRC error") }
        return bytes
    }

    /// What `file` gives until its end, refusing more than `limit` bytes.
    private func contents(of file: OpaquePointer, atMost limit: Int, path: String) throws(ArchiveError) -> [UInt8] {
        var failure: ArchiveError?
        // Uninitialised: zip_fread fills it, and only the bytes it wrote are kept.
        let bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while true {
                let read = zip_fread(file, base + count, UInt64(buffer.count - count))
                if read < 0 {
                    failure = .corruptEntry(path: path, message: String(cString: zip_file_strerror(file)))
                    return
                }
                if read == 0 { break }
                count += Int(read)
                if count > limit {
                    failure = .corruptEntry(path: path, message: "more data than the \(limit) bytes declared")
                    return
                }
            }
        }
        if let failure { throw failure }
        return bytes
    }

    private var lastError: String { String(cString: zip_error_strerror(zip_get_error(archive))) }

    private static func open(_ buffer: UnsafeRawBufferPointer) throws(ArchiveError) -> OpaquePointer {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        let base = buffer.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }
        guard let source = zip_source_buffer_create(base, UInt64(buffer.count), 0, &error) else {
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        return try open(source, error: &error)
    }

    /// The archive read from `source`, which it then owns; the source is
    /// freed when it cannot be opened.
    private static func open(_ source: OpaquePointer, error: inout zip_error_t) throws(ArchiveError) -> OpaquePointer {
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw .notAnArchive(String(cString: zip_error_strerror(&error)))
        }
        return archive
    }
}
