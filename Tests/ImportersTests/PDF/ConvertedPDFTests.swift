import BookModel
import Foundation
import Testing

@testable import Importers

/// The acceptance checks of issue 26 for PDF: Pride and Prejudice printed
/// to PDF by calibre's ebook-convert (with a running header that names the
/// book and the section, and page numbers in the footer) and by
/// LibreOffice (from pandoc's ODT, page numbers in its footer) reads with
/// the EPUB's chapters, titled alike, and its words, recall and precision
/// at least 0.97, with no header or page number left; metadata carried.
/// Each conversion is skipped when its tool is not installed.
struct ConvertedPDFTests {
    static let book = "se_jane-austen_pride-and-prejudice.epub"
    static let header = "<p style=\"text-align:center; font-size:9pt\">_TITLE_ — _SECTION_</p>"
    static let footer = "<p style=\"text-align:center; font-size:9pt\">_PAGENUM_</p>"

    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasCalibre, "needs ../shared/corpus and calibre"))
    func aBookPrintedByCalibreWithHeadersAndPageNumbersReadsLikeItsEPUB() throws {
        let (name, bytes) = try ConvertedBooks.converted(Self.book, by: .calibre, to: "pdf",
            options: ["--pdf-header-template", Self.header, "--pdf-footer-template", Self.footer], variant: "-running")
        let (epub, pdf) = try expectReadsLikeItsEPUB(name, bytes)
        #expect(!WordOverlap.text(of: pdf).contains("Pride and Prejudice —"), "a running header is left")
        #expect(pdf.metadata.summary == epub.metadata.summary)
        #expect(pdf.metadata.subjects.contains("Love stories"))
    }

    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasPandoc && ConvertedBooks.hasLibreOffice,
        "needs ../shared/corpus, pandoc and LibreOffice"))
    func aBookPrintedByLibreOfficeReadsLikeItsEPUB() throws {
        let (name, bytes) = try ConvertedBooks.converted(Self.book, by: .libreOffice, to: "pdf")
        _ = try expectReadsLikeItsEPUB(name, bytes)
    }

    private func expectReadsLikeItsEPUB(_ name: String, _ bytes: [UInt8]) throws -> (epub: Book, pdf: Book) {
        let (epub, pdf, overlap) = try ConvertedBooks.compared(name, bytes, with: Self.book)
        #expect(overlap.recall >= 0.97, "\(overlap)")
        #expect(overlap.precision >= 0.97, "\(overlap)")
        expectSameChapters(pdf, as: epub)
        expectNoPageNumbers(pdf, as: epub)
        #expect(pdf.metadata.title == epub.metadata.title)
        #expect(pdf.metadata.authors == epub.metadata.authors)
        #expect(epub.metadata.language?.hasPrefix(pdf.metadata.language ?? "?") == true)
        return (epub, pdf)
    }

    /// The PDF's titled pages are the EPUB's, in order; only the title
    /// page, which both converters print as an image or a title block, may
    /// be missing or untitled.
    private func expectSameChapters(_ pdf: Book, as epub: Book) {
        let expected = epub.pages.compactMap(\.title)
        let titles = pdf.pages.compactMap(\.title)
        #expect(titles == expected.filter { $0 != "Titlepage" }, "titles in the EPUB's order")
        #expect(abs(pdf.pages.count - epub.pages.count) <= 1)
    }

    /// Page numbers left in the text would be numbers the EPUB does not
    /// have: the PDF has no more of any number a page can have (1 to 999,
    /// written without leading zeros) than the EPUB.
    private func expectNoPageNumbers(_ pdf: Book, as epub: Book) {
        let isPageNumber = { (word: Substring) in Int(word).map { (1..<1000).contains($0) && "\($0)" == word } ?? false }
        let numbers = { (book: Book) in WordOverlap.counts(WordOverlap.text(of: book)).filter { isPageNumber($0.key) } }
        let inEPUB = numbers(epub)
        let extra = numbers(pdf).filter { $0.value > inEPUB[$0.key, default: 0] }
        #expect(extra.isEmpty, "numbers the EPUB does not have: \(extra.keys.sorted().prefix(20))")
    }
}
