import BookFiles
import BookModel
import Foundation
import TestSupport
import Testing

@testable import Importers

/// Kindle books (MOBI 6, AZW3) as calibre's ebook-convert writes them, read
/// through libmobi: the fixtures are calibre's conversions of the FB2
/// fixtures of the same names.
struct MobiImportTests {
    static let formats = ["mobi", "azw3"]

    @Test(arguments: formats)
    func readsTheMetadataOfTheEXTHRecords(fileExtension: String) throws {
        let path = "mobi/metadata-and-cover.\(fileExtension)"
        let metadata = try FixtureBooks.book(path).metadata
        let published = try MobiContainer(bytes: PackageFixtures.bytes(path)).texts(106)
        #expect(metadata.title == "Seven Acorns")
        #expect(metadata.authors == ["Hazel N. Squirrel", "Chip"])
        #expect(metadata.language == "en")
        #expect(metadata.identifier == "urn:isbn:978-0-00-000000-2")
        #expect(metadata.isbn == "9780000000002")
        #expect(metadata.publisher == "Oak Press")
        #expect(published.count == 1 && metadata.date == published.first, "the date is EXTH 106's (calibre's time of conversion)")
        #expect(metadata.summary?.contains("A squirrel counts") == true)
        #expect(metadata.sourceFile == "metadata-and-cover.\(fileExtension)")
    }

    @Test(arguments: formats)
    func readsTheCoverTheBookNames(fileExtension: String) throws {
        let path = "mobi/metadata-and-cover.\(fileExtension)"
        let stream = try BookImporter.open(MemoryByteSource(PackageFixtures.bytes(path)), fileName: path)
        let name = try #require(stream.metadata.coverImage)
        let cover = try #require(try stream.resource(at: name))
        let isImage = cover.starts(with: [0x89, 0x50, 0x4E, 0x47]) || cover.starts(with: [0xFF, 0xD8, 0xFF])
        #expect(isImage, "\(name) is a PNG or JPEG image")
    }

    @Test(arguments: formats)
    func chaptersAreTitledFromTheBooksTableOfContents(fileExtension: String) throws {
        let book = try FixtureBooks.book("mobi/sections-and-titles.\(fileExtension)")
        let titles = book.pages.compactMap(\.title)
        #expect(Array(titles.suffix(3)) == ["Chapter 1 The Nut", "Chapter 2", "A Dream"])
        let nut = try #require(book.pages.first { $0.title == "Chapter 1 The Nut" })
        #expect(nut.displayText.contains("The squirrel found a nut."))
        #expect(!nut.displayText.contains("Winter came."), "each chapter is its own page")
    }

    @Test(arguments: formats)
    func theFormatIsRecognisedByContentWhateverTheName(fileExtension: String) throws {
        let bytes = try PackageFixtures.bytes("mobi/sections-and-titles.\(fileExtension)")
        #expect(try BookImporter.recognise(MemoryByteSource(bytes), fileName: "book.txt") == .mobi)
        let renamed = try BookImporter.importBook(bytes: bytes, fileName: "book.txt").book
        #expect(renamed.metadata.title == "The Hoard")
        #expect {
            try BookImporter.importBook(bytes: bytes, fileName: "book.epub")
        } throws: { error in
            "\(error)".hasSuffix("it looks like a Kindle book (MOBI, AZW3 or PRC) (rename it .mobi to read it)")
        }
    }

    @Test(.enabled(if: ConvertedBooks.hasCorpus && ConvertedBooks.hasCalibre, "needs ../shared/corpus and calibre"))
    func calibresAZW3CarriesTheEPUBsCoverAndMetadata() throws {
        let book = "idpf_childrens-literature.epub"
        let epub = try BookImporter.open(MemoryByteSource(Corpus.bytes(book)), fileName: book)
        let (name, bytes) = try ConvertedBooks.converted(book, by: .calibre, to: "azw3")
        let azw3 = try BookImporter.open(MemoryByteSource(bytes), fileName: name)
        let cover = try #require(try azw3.metadata.coverImage.flatMap { try azw3.resource(at: $0) })
        #expect(cover == (try epub.metadata.coverImage.flatMap { try epub.resource(at: $0) }))
        #expect(azw3.metadata.authors == epub.metadata.authors)
        #expect(azw3.metadata.language == epub.metadata.language)
    }

    @Test func theHandMadePalmDatabaseWithOneUncompressedRecordReads() throws {
        let book = try FixtureBooks.book("mobi/squirrel.mobi")
        #expect(book.metadata.title == "Squirrel")
        #expect(book.pages.first?.displayText.contains("The squirrel counted her acorns.") == true)
    }
}

/// The table of contents calibre appends to an old MOBI's one document.
struct MobiContentsTests {
    @Test func theContentsAppendedToAnOldMOBIAreReadOnlyWithContents() throws {
        let path = "mobi/sections-and-titles.mobi"
        let last = try #require(FixtureBooks.book(path).pages.last)
        #expect(last.title == "A Dream")
        #expect(!last.displayText.contains("Table of Contents"))
        var options = ImportOptions()
        options.readsContents = true
        #expect(try FixtureBooks.book(path, options: options).pages.last?.displayText.contains("Table of Contents") == true)
    }

    @Test(arguments: [
        ("<html><head><guide><reference type=\"toc\" href=\"#9\" /></guide></head><body><p>Text.</p><a id=\"9\"></a><p>Contents</p><mbp:pagebreak/><p>After.</p></body></html>",
            "<html><head><guide><reference type=\"toc\" href=\"#9\" /></guide></head><body><p>Text.</p><mbp:pagebreak/><p>After.</p></body></html>"),
        ("<html><head><guide><reference type=\"text\" href=\"#9\" /><reference type=\"toc\" href=\"#7\" /></guide></head><body><a id=\"7\"></a><p>Contents</p></body></html>",
            "<html><head><guide><reference type=\"text\" href=\"#9\" /><reference type=\"toc\" href=\"#7\" /></guide></head><body></body></html>"),
    ])
    func cutsFromTheGuidesContentsAnchorToTheNextPageBreak(markup: String, expected: String) {
        #expect(MobiContentsCut.cut(Array(markup.utf8)).map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test(arguments: [
        "<html><head></head><body><a id=\"9\"></a><p>No guide.</p></body></html>",
        "<html><head><guide><reference type=\"toc\" href=\"#9\" /></guide></head><body><p>No anchor.</p></body></html>",
        "<html><head><guide><reference type=\"toc\" href=\"#9\" /></guide></head><body><a id=\"9\"></a><p>x</p><a id=\"10\"></a><p>A chapter inside.</p></body></html>",
        "<html><head><guide><reference type=\"toc\" href=\"#",
    ])
    func cutsNothingWhenTheGuideOrItsAnchorIsMissingOrAChapterStartsInside(markup: String) {
        #expect(MobiContentsCut.cut(Array(markup.utf8)) == nil)
    }
}
