import BookModel
import Foundation
import Testing

@testable import Importers

/// Files read piece by piece, and books streamed from files.
struct FileByteSourceTests {
    private func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID())-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsAnyPieceAndLessAtTheEnd() throws {
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        let path = try temporaryFile(bytes, name: "bytes.bin")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try FileByteSource(path: path)
        #expect(source.size == 1000)
        #expect(try source.read(at: 10, count: 5) == Array(bytes[10..<15]))
        #expect(try source.read(at: 990, count: 50) == Array(bytes[990...]))
        #expect(try source.read(at: 2000, count: 5).isEmpty)
    }

    @Test func refusesWhatIsNotARegularFile() {
        #expect(throws: ImportError.unsupported("not a regular file")) { try FileByteSource(path: "/") }
        #expect(throws: ImportError.self) { try FileByteSource(path: "/no/such/file.txt") }
    }

    @Test func anEPUBFileStreamsFromTheFileToTheSamePages() throws {
        var epub = TestEPUB()
        for index in 1...6 { epub.add("c\(index).xhtml", "<h1>Part \(index)</h1><p>Words of part \(index).</p>") }
        epub.nav = (1...6).map { ("Part \($0)", "c\($0).xhtml") }
        let path = try temporaryFile(epub.zip, name: "book.epub")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try BookImporter.importBook(bytes: epub.zip, fileName: path)
        let stream = try BookImporter.pageStream(source: FileByteSource(path: path), fileName: path)
        #expect(stream is EPUBPageStream)
        var pages: [Page] = []
        while let page = try stream.nextPage() { pages.append(page) }
        #expect(pages == whole.book.pages)
        #expect(stream.metadata == whole.book.metadata)
    }
}
