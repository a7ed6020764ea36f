import BookFiles
import BookModel
import Foundation
import Testing

@testable import Importers

/// An EPUB file is read in place: the same pages as from its bytes in memory.
struct EPUBFileTests {
    private func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anEPUBFileStreamsFromTheFileToTheSamePages() throws {
        var epub = TestEPUB()
        for index in 1...6 { epub.add("c\(index).xhtml", "<h1>Part \(index)</h1><p>Words of part \(index).</p>") }
        epub.nav = (1...6).map { ("Part \($0)", "c\($0).xhtml") }
        let path = try temporaryFile(epub.zip, name: "book.epub")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try BookImporter.importBook(bytes: epub.zip, fileName: path)
        let fromFile = try Book(draining: BookImporter.open(FileByteSource(path: path), fileName: path))
        #expect(fromFile.pages.count == 6)
        #expect(fromFile == whole.book)
    }
}
