import BookFiles

/// Writes an EPUB's zip: `mimetype` first and stored, then the files in
/// the order given, deflated, then the audio files, stored (they are
/// compressed already).
enum PackageZip {
    /// A file of the book: its archive path and how to get its bytes.
    typealias File = (path: String, bytes: () throws -> [UInt8])

    static func write(to output: String, files: [File], audio: [(path: String, file: String)]) throws(ReadAlongError) {
        do {
            let writer = try ZipWriter(path: output)
            try writer.add("mimetype", bytes: Array("application/epub+zip".utf8), compressed: false)
            for file in files where file.path != "mimetype" { try writer.add(file.path, bytes: try file.bytes(), compressed: true) }
            for file in audio { try writer.add(file.path, file: file.file, compressed: false) }
            try writer.close()
        } catch let error as ReadAlongError {
            throw error
        } catch {
            throw .archive("\(error)")
        }
    }
}
