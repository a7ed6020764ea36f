import BookFiles
import Foundation
import Testing

/// Writing zips: entries in the order added, stored or deflated, from bytes
/// or files, read back alike by the zip reader.
struct ZipWriterTests {
    @Test func writesEntriesInOrderStoredOrDeflatedFromBytesAndFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zipwriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("audio.bin").path
        let audio = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        _ = FileManager.default.createFile(atPath: file, contents: Data(audio))
        let text = Array(String(repeating: "read along ", count: 500).utf8)
        let output = directory.appendingPathComponent("out.zip").path
        let writer = try ZipWriter(path: output)
        try writer.add("mimetype", bytes: Array("application/epub+zip".utf8), compressed: false)
        try writer.add("OEBPS/text é.xhtml", bytes: text, compressed: true)
        try writer.add("OEBPS/audio.mp3", file: file, compressed: false)
        try writer.close()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(bytes[8] == 0 && String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(bytes.count < text.count + audio.count, "the text is deflated")
        let archive = try ZipArchive(bytes: bytes)
        #expect(archive.entryPaths == ["mimetype", "OEBPS/text é.xhtml", "OEBPS/audio.mp3"])
        #expect(try archive.read("OEBPS/text é.xhtml") == text)
        #expect(try archive.read("OEBPS/audio.mp3") == audio)
    }

    @Test func reportsAFolderItCannotWriteIn() {
        #expect(throws: ArchiveError.self) {
            let writer = try ZipWriter(path: "/nonexistent-folder/out.zip")
            try writer.add("a", bytes: [1], compressed: true)
            try writer.close()
        }
    }
}
