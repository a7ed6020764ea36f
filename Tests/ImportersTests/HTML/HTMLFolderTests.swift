import BookFiles
import BookModel
import Foundation
import TestSupport
import Testing

@testable import Importers

/// A folder read as a book: its HTML pages in the order an index links
/// them, else in natural order; an exploded EPUB as the EPUB.
struct HTMLFolderTests {
    /// A new folder holding `files` (path, text), removed by the caller.
    static func folder(_ files: [(String, String)]) throws -> String {
        let root = NSTemporaryDirectory() + "narrate-folder-\(UUID().uuidString)"
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func page(_ title: String) -> String { "<html><head><title>\(title)</title></head><body><h1>\(title)</h1><p>Text of \(title).</p></body></html>" }

    static func titles(_ root: String) throws -> [String?] {
        try BookImporter.drain(BookImporter.openFolder(root)).pages.map(\.title)
    }

    @Test func pagesAreReadInNaturalOrderWithoutAnIndex() throws {
        let root = try Self.folder([("ch10.html", Self.page("Ten")), ("ch2.xhtml", Self.page("Two")), ("ch1.htm", Self.page("One")),
            ("style.css", "p {}")])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Self.titles(root) == ["One", "Two", "Ten"])
        #expect(BookImporter.recogniseFolder(root) == .html)
    }

    @Test func anIndexOrdersThePagesItLinksAndTheRestFollow() throws {
        let index = "<html><head><title>Book</title></head><body><h1>Contents</h1><p><a href='parts/b.html#top'>B</a> <a href='a.html'>A</a> <a href='http://example.org/'>web</a></p></body></html>"
        let root = try Self.folder([("index.html", index), ("a.html", Self.page("A")), ("parts/b.html", Self.page("B")),
            ("c.html", Self.page("C"))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Self.titles(root) == ["Contents", "B", "A", "C"])
        #expect(try BookImporter.drain(BookImporter.openFolder(root)).metadata.title == "Book")
    }

    @Test func anExplodedEPUBReadsAsTheEPUB() throws {
        let root = PackageFixtures.url("epub/everything").path
        let folder = try BookImporter.drain(BookImporter.openFolder(root))
        let epub = try Importing.epub(DirectoryArchive(root: root)).book
        #expect(folder.pages == epub.pages)
        #expect(BookImporter.recogniseFolder(root) == .epub)
    }

    @Test func aFolderWithoutPagesIsRefusedWithWhatItIs() throws {
        let root = try Self.folder([("notes.txt", "text")])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: ImportError.notABook(HTMLFolder.noPages)) { try BookImporter.openFolder(root) }
    }

    /// Pride and Prejudice's XHTML files in a folder, its navigation page as
    /// the index: the EPUB's chapters, titled alike, and its words.
    @Test(.enabled(if: ConvertedBooks.hasCorpus, "needs ../shared/corpus"))
    func theCorpusNovelsPagesInAFolderReadLikeItsEPUB() throws {
        let bytes = try Corpus.bytes(ConvertedCorpusTests.book)
        let zip = try ZipArchive(bytes: bytes)
        var files: [(String, String)] = []
        for path in zip.entryPaths where path.hasPrefix("epub/") && !path.hasSuffix(".opf") {
            let name = path == "epub/toc.xhtml" ? "index.html" : String(path.dropFirst("epub/".count))
            guard name.hasSuffix("html") || name.hasSuffix(".css") else { continue }
            files.append((name, String(decoding: try zip.read(path), as: UTF8.self)))
        }
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = try BookImporter.drain(BookImporter.openFolder(root))
        let epub = try Importing.epub(bytes: bytes).book
        let overlap = WordOverlap(reference: epub, candidate: folder)
        #expect(overlap.recall >= 0.98 && overlap.precision >= 0.98, "\(overlap)")
        #expect(folder.pages.compactMap(\.title).dropFirst() == epub.pages.compactMap(\.title).dropFirst(), "the title page's heading is an image's alt text in the folder")
    }
}
