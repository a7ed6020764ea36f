import CLibZip
import Glibc

/// One open libzip archive: the only owner of a `zip_t` handle, used by
/// ``ZipArchive`` on the caller's thread and by ``ZipPrefetcher`` on its
/// worker (each with its own handle: libzip handles are not thread-safe).
final class ZipHandle {
    private let archive: OpaquePointer

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

    /// The whole entry, read until libzip reports its end (which checks the
    /// CRC), refusing more data than the `expected` size declared.
    func read(_ index: UInt64, expected: UInt64, path: String) throws(ArchiveError) -> [UInt8] {
        guard let file = zip_fopen_index(archive, index, 0) else {
            throw .corruptEntry(path: path, message: lastError)
        }
        defer { zip_fclose(file) }
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
