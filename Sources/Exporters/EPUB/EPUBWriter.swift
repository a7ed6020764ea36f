import BookFiles

/// Writes an ``EPUBPublication`` to a file as an EPUB zip (`mimetype`
/// first and stored, the rest deflated), through ``EPUBZip``.
public enum EPUBWriter {
    /// Writes `publication` to `path`, replacing what is there once complete.
    /// - Throws: ``ArchiveError/cannotWrite(path:message:)``.
    public static func write(_ publication: EPUBPublication, to path: String) throws {
        let files: [EPUBZip.File] = publication.entries().map { entry in (entry.path, { entry.bytes }) }
        try EPUBZip.write(to: path, files: files)
    }
}
