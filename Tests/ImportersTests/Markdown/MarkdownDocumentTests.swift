import BookModel
import TestSupport
import Testing

@testable import Importers

/// Markdown read through cmark-gfm and the HTML page reader: headings
/// `#`–`###` start pages, front matter is metadata, footnotes are notes.
struct MarkdownDocumentTests {
    @Test func atxAndSetextHeadingsOneToThreeStartPages() throws {
        let book = try FixtureBooks.book("markdown/headings.md")
        #expect(book.pages.map(\.title) == [nil, "The Hoard", "Chapter 2"])
        #expect(FixtureBooks.texts(book) == [
            "A foreword before any heading.",
            "The Hoard\nChapter 1\nThe Nut\nThe squirrel found a nut.\nA smaller heading\nIt stays on the chapter's page.",
            "Chapter 2\nWinter came.",
        ])
    }

    @Test func utterancesPointAtTheirMarkdownLines() throws {
        let book = try FixtureBooks.book("markdown/headings.md")
        let lines = book.pages.flatMap(\.utterances).map { $0.source?.line }
        #expect(lines == [1, 3, 6, 9, 11, 13, 15, 17, 19])
        let afterFrontMatter = try FixtureBooks.book("markdown/front-matter.md")
        #expect(afterFrontMatter.pages.flatMap(\.utterances).map { $0.source?.line } == [15, 17])
    }

    @Test func frontMatterIsTheMetadata() throws {
        let metadata = try FixtureBooks.book("markdown/front-matter.md").metadata
        #expect(metadata.title == "Seven Acorns: a \"Hoard\"")
        #expect(metadata.authors == ["Hazel Squirrel", "Chip"])
        #expect(metadata.language == "en-GB")
        #expect(metadata.date == "2026-01-01")
        #expect(metadata.summary == "A squirrel counts her hoard.")
    }

    @Test func theLanguageOptionWinsOverTheFrontMatter() throws {
        var options = ImportOptions()
        options.language = "fr"
        #expect(try FixtureBooks.book("markdown/front-matter.md", options: options).metadata.language == "fr")
    }

    @Test func aThematicBreakFirstIsNotFrontMatter() throws {
        let book = try FixtureBooks.book("markdown/thematic-break.md")
        #expect(book.metadata.title == nil)
        #expect(FixtureBooks.texts(book) == ["Not front matter, but a paragraph.\nThe end."])
    }

    @Test func footnotesAreNotesAndTablesAreReadCellByCell() throws {
        let book = try FixtureBooks.book("markdown/notes-and-tables.md")
        #expect(FixtureBooks.texts(book) == ["Notes\nSeven acorns were counted. Some were eaten kept.\nTree\nAcorns\nOak\n5\nBeech\n2"])
        var options = ImportOptions()
        options.readsNotes = true
        let withNotes = try FixtureBooks.book("markdown/notes-and-tables.md", options: options)
        #expect(FixtureBooks.texts(withNotes).last?.hasSuffix("2\n1. Some say eight.") == true)
    }

    @Test func textInAnotherEncodingIsDecodedAsPlainTextIs() throws {
        let result = try FixtureBooks.result("markdown/windows-1252.md")
        #expect(FixtureBooks.texts(result.book) == ["Un café crème."])
        #expect(result.warnings.map(\.message) == ["not UTF-8 and no byte-order mark: read as Windows-1252 (Latin-1)"])
    }

    @Test(arguments: [("book.md", InputFormat.markdown), ("BOOK.MARKDOWN", .markdown), ("book.txt", .plainText), ("book", .plainText)])
    func textIsMarkdownWhenItsNameSaysSo(name: String, format: InputFormat) throws {
        let text = Array("# Title\n\nSome *text*.\n".utf8)
        #expect(try InputFormat.recognise(text, size: text.count, fileName: name) == format)
    }

    @Test func anHTMLPageNamedMarkdownIsReadAsHTML() throws {
        let page = Array("<html><head><title>T</title></head><body><p>x</p></body></html>".utf8)
        #expect(try InputFormat.recognise(page, size: page.count, fileName: "page.md") == .html)
    }
}
