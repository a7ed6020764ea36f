import BookFiles
import BookModel
import Foundation
import Testing

@testable import Importers

/// The acceptance checks of issue 26 for the formats narrate reads beside
/// EPUB: a corpus book converted by pandoc and by calibre's ebook-convert
/// reads with the same chapters (titles matching) and the same words as the
/// EPUB it came from, recall and precision at least 0.98. Each conversion
/// is skipped when its tool is not installed.
struct ConvertedCorpusTests {
    static let book = "se_jane-austen_pride-and-prejudice.epub"

    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasPandoc, "needs ../shared/corpus and pandoc"),
        arguments: ["fb2", "html", "docx", "odt", "md"])
    func aBookConvertedByPandocReadsLikeItsEPUB(fileExtension: String) throws {
        try expectReadsLikeItsEPUB(by: .pandoc, to: fileExtension)
    }

    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasCalibre, "needs ../shared/corpus and calibre"),
        arguments: ["fb2", "docx", "htmlz", "mobi", "azw3"])
    func aBookConvertedByCalibreReadsLikeItsEPUB(fileExtension: String) throws {
        try expectReadsLikeItsEPUB(by: .calibre, to: fileExtension)
    }

    /// A book in one XHTML file whose chapters are places inside it: in the
    /// KF8 (AZW3) calibre makes, libmobi's table of contents keeps only the
    /// file, so the chapters are found at the headings that read as their
    /// titles. Old MOBI keeps the places.
    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasCalibre, "needs ../shared/corpus and calibre"),
        arguments: ["azw3", "mobi"])
    func chaptersInsideOneFileSurviveAKindleConversion(fileExtension: String) throws {
        let book = "idpf_wasteland.epub"
        var options = ImportOptions()
        options.readsNotes = true
        let (name, bytes) = try ConvertedBooks.converted(book, by: .calibre, to: fileExtension)
        let converted = try BookImporter.importBook(bytes: bytes, fileName: name, options: options).book
        let epub = try BookImporter.importBook(bytes: Corpus.bytes(book), fileName: book, options: options).book
        let sections = ["I. THE BURIAL OF THE DEAD", "II. A GAME OF CHESS", "III. THE FIRE SERMON", "IV. DEATH BY WATER",
            "V. WHAT THE THUNDER SAID"]
        #expect(Array(epub.pages.compactMap(\.title).filter(sections.contains)) == sections)
        #expect(Array(converted.pages.compactMap(\.title).filter(sections.contains)) == sections)
        #expect(converted.pages.count >= sections.count + 1)
    }

    private func expectReadsLikeItsEPUB(by tool: ConvertedBooks.Tool, to fileExtension: String) throws {
        let (name, bytes) = try ConvertedBooks.converted(Self.book, by: tool, to: fileExtension)
        let (epub, converted, overlap) = try ConvertedBooks.compared(name, bytes, with: Self.book)
        #expect(overlap.recall >= 0.98, "\(overlap)")
        #expect(overlap.precision >= 0.98, "\(overlap)")
        expectSameChapters(converted, as: epub)
        #expect(converted.metadata.title == epub.metadata.title)
        #expect(converted.metadata.authors == epub.metadata.authors)
        if fileExtension == "md" { #expect(converted.metadata.language == epub.metadata.language) }
        if tool == .pandoc, ["docx", "odt"].contains(fileExtension) { try expectSameCover(bytes, name: name, as: epub) }
    }

    /// pandoc keeps the cover as the document's first image in DOCX and
    /// ODT (in FB2 it writes no `<coverpage>`; HTML links it as a file).
    private func expectSameCover(_ bytes: [UInt8], name: String, as epub: Book) throws {
        let stream = try BookImporter.open(MemoryByteSource(bytes), fileName: name)
        let cover = try #require(stream.metadata.coverImage.flatMap { try stream.resource(at: $0) })
        let epubCover = try ZipArchive(bytes: Corpus.bytes(Self.book)).read(try #require(epub.metadata.coverImage))
        #expect(cover == epubCover)
    }

    /// The converted book's titled pages are the EPUB's, in order (the
    /// book's own title may stand for the title page); only the front and
    /// back matter whose headings converters drop (pandoc's FB2 keeps no
    /// heading for the imprint and colophon; calibre's DOCX has its title
    /// page's heading) may go untitled: every chapter is there, titled as
    /// in the EPUB.
    private func expectSameChapters(_ converted: Book, as epub: Book) {
        let expected = epub.pages.compactMap(\.title)
        let titles = converted.pages.compactMap(\.title).filter { $0 != epub.metadata.title }
        #expect(titles == expected.filter(titles.contains), "titles in the EPUB's order")
        let missing = expected.filter { !titles.contains($0) }
        #expect(Set(missing).isSubset(of: ["Titlepage", "Imprint", "Colophon"]), "EPUB chapters without a page: \(missing)")
        #expect(abs(converted.pages.count - epub.pages.count) <= 1)
    }
}
