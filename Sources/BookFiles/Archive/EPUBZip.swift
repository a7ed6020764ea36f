/// Writes an EPUB's zip: `mimetype` first and stored, as the OCF
/// container requires, then the files in the order given, deflated, then
/// files on disk (audio), stored since they are compressed already. The
/// one way narrate writes an EPUB, read-along or converted.
public enum EPUBZip {
    /// A file of the book: its archive path and how to get its bytes.
    public typealias File = (path: String, bytes: () throws -> [UInt8])

    /// Writes the archive to `output` (libzip writes a temporary file
    /// beside it and renames it when complete).
    /// - Parameters:
    ///   - files: entries made in memory; a `mimetype` among them is left out.
    ///   - stored: entries read from files on disk, written uncompressed.
    /// - Throws: ``ArchiveError/cannotWrite(path:message:)``, or what a
    ///   file's `bytes` throws.
    public static func write(to output: String, files: [File], stored: [(path: String, file: String)] = []) throws {
        let writer = try ZipWriter(path: output)
        try writer.add("mimetype", bytes: Array("application/epub+zip".utf8), compressed: false)
        for file in files where file.path != "mimetype" { try writer.add(file.path, bytes: try file.bytes(), compressed: true) }
        for file in stored { try writer.add(file.path, file: file.file, compressed: false) }
        try writer.close()
    }
}
