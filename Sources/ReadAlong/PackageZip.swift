import BookFiles

/// Writes a read-along EPUB's zip through ``EPUBZip``: the files in the
/// order given, then the audio files, stored.
enum PackageZip {
    static func write(to output: String, files: [EPUBZip.File], audio: [(path: String, file: String)]) throws(ReadAlongError) {
        do {
            try EPUBZip.write(to: output, files: files, stored: audio)
        } catch let error as ReadAlongError {
            throw error
        } catch {
            throw .archive("\(error)")
        }
    }
}
