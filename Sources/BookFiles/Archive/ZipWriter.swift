import CLibZip
import Glibc

/// Writes a new zip archive: entries in the order they are added, each
/// stored or deflated, from bytes or from a file; nothing is on disk at
/// `path` until ``close()`` (libzip writes a temporary file beside it and
/// renames it). The EPUB rule that `mimetype` comes first, stored, is the
/// caller's: add it first with `compressed: false`.
public final class ZipWriter {
    private var archive: OpaquePointer?
    public let path: String

    /// Starts an archive that will replace whatever is at `path`.
    /// - Throws: ``ArchiveError/cannotWrite(path:message:)``.
    public init(path: String) throws(ArchiveError) {
        self.path = path
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw .cannotWrite(path: path, message: Self.message(code: code))
        }
        self.archive = archive
    }

    deinit { if let archive { zip_discard(archive) } }

    /// Adds an entry holding `bytes`.
    /// - Parameter compressed: deflate it (true) or store it as is.
    public func add(_ name: String, bytes: [UInt8], compressed: Bool) throws(ArchiveError) {
        guard let archive else { throw .cannotWrite(path: path, message: "already closed") }
        guard let copy = malloc(max(bytes.count, 1)) else { throw .cannotWrite(path: path, message: "out of memory") }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { _ = memcpy(copy, base, bytes.count) } }
        guard let source = zip_source_buffer(archive, copy, UInt64(bytes.count), 1) else {
            free(copy)
            throw .cannotWrite(path: path, message: lastError)
        }
        try add(name, source: source, compressed: compressed)
    }

    /// Adds an entry holding the file at `file`, read when the archive is closed.
    public func add(_ name: String, file: String, compressed: Bool) throws(ArchiveError) {
        guard let archive else { throw .cannotWrite(path: path, message: "already closed") }
        guard let source = zip_source_file(archive, file, 0, -1) else { throw .cannotWrite(path: path, message: lastError) }
        try add(name, source: source, compressed: compressed)
    }

    /// Writes the archive to ``path``.
    public func close() throws(ArchiveError) {
        guard let archive else { return }
        guard zip_close(archive) == 0 else { throw .cannotWrite(path: path, message: lastError) }
        self.archive = nil
    }

    private func add(_ name: String, source: OpaquePointer, compressed: Bool) throws(ArchiveError) {
        guard let archive else { return }
        let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw .cannotWrite(path: path, message: "\(name): \(lastError)")
        }
        let method = compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE
        guard zip_set_file_compression(archive, UInt64(index), method, 0) == 0 else {
            throw .cannotWrite(path: path, message: "\(name): \(lastError)")
        }
    }

    private var lastError: String {
        guard let archive, let text = zip_strerror(archive) else { return "unknown error" }
        return String(cString: text)
    }

    private static func message(code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}
