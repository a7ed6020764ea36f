import Foundation
import BookModel
import TestSupport
import Testing

@testable import Importers

@Test func headingsOneToThreeStartPagesAndARunOfHeadingsIsOnePage() throws {
    let book = try FixtureBooks.book("html/headings.html")
    #expect(book.pages.map(\.title) == [nil, "The Hoard", "Chapter 2", "A Dream"])
    #expect(FixtureBooks.texts(book) == [
        "A foreword before any heading.",
        "The Hoard\nChapter 1\nThe Nut\nThe squirrel found a nut.\nA smaller heading\nIt stays on the chapter's page.",
        "Chapter 2\nWinter came.",
        "A Dream\nShe dreamt of acorns.",
    ])
}

@Test func notesPageNumbersHiddenTextAndRubyFollowTheEPUBRules() throws {
    let book = try FixtureBooks.book("html/content-rules.html")
    #expect(FixtureBooks.texts(book) == ["Rules\nSeven acorns were counted.\nRead 漢 here."])
    var options = ImportOptions()
    options.readsNotes = true
    let withNotes = try FixtureBooks.book("html/content-rules.html", options: options)
    #expect(FixtureBooks.texts(withNotes) == ["Rules\nSeven acorns were counted.\nRead 漢 here.\n1. Some say eight."])
}

@Test func anXHTMLPageIsReadAsXMLWithItsEPUBNotes() throws {
    let result = try FixtureBooks.result("html/page.xhtml")
    #expect(result.warnings.isEmpty)
    #expect(FixtureBooks.texts(result.book) == ["Strict\nA well-formed page."])
    #expect(result.book.metadata.language == "en")
}

@Test func readsTheHeadAsMetadata() throws {
    let metadata = try FixtureBooks.book("html/metadata.html").metadata
    #expect(metadata.title == "Seven Acorns")
    #expect(metadata.authors == ["Hazel Squirrel", "Chip"])
    #expect(metadata.language == "en-GB")
    #expect(metadata.date == "2026-01-01")
    #expect(metadata.summary == "A squirrel counts her hoard.")
    #expect(metadata.identifier == "hoard-0001")
}

@Test func tagSoupIsReadAsABrowserWould() throws {
    let book = try FixtureBooks.book("html/tag-soup.html")
    #expect(book.pages.map(\.title) == ["First Part"])
    #expect(FixtureBooks.texts(book) == ["First\u{A0}Part\nOne unclosed paragraph\nand another & more\nbold"])
}

@Test func aPageInWindows1252IsDecodedByItsCharset() throws {
    let book = try FixtureBooks.book("html/windows-1252.html")
    #expect(book.metadata.title == "Café")
    #expect(FixtureBooks.texts(book) == ["Un café crème, “quoted”."])
}

@Test func aZippedPageTakesItsMetadataFromTheOPF() throws {
    let book = try FixtureBooks.book("html/page.htmlz")
    #expect(book.metadata.title == "Acorns")
    #expect(book.metadata.authors == ["A. Squirrel"])
    #expect(book.metadata.identifier == "acorns-1")
    #expect(FixtureBooks.texts(book) == FixtureBooks.texts(try FixtureBooks.book("html/page.html")))
}

@Test(arguments: [
    ("nothing but a root", Array("<html></html>".utf8)),
    ("a page cut in a tag", Array("<html><body><p>Cut <b cla".utf8)),
    ("100,000 nested divs", Array(("<html><body>" + String(repeating: "<div>", count: 100_000) + "deep").utf8)),
])
func brokenHTMLGivesABookOrOneError(label: String, bytes: [UInt8]) {
    do {
        let result = try BookImporter.importBook(bytes: bytes, fileName: "page.html")
        #expect(result.book.pages.count <= 1)
    } catch {
        #expect(!"\(error)".isEmpty)
    }
}

/// libxml2's HTML parser stops at elements nested past its limit (256): what
/// it read is kept, and the rest is warned of, not dropped in silence.
@Test(arguments: [260, 100_000])
func textNestedPastTheParsersLimitIsWarnedOf(depth: Int) throws {
    let html = "<html><body><p>Before.</p>" + String(repeating: "<div>", count: depth) + "<p>Deep.</p>"
        + String(repeating: "</div>", count: depth) + "<p>After.</p></body></html>"
    let result = try BookImporter.importBook(bytes: Array(html.utf8), fileName: "deep.html")
    #expect(result.book.pages.flatMap(\.utterances).map(\.text).joined().hasPrefix("Before."))
    #expect(result.warnings.map(\.description)
        == ["line 1: elements nested more than 256 deep (libxml2's limit): the text from here on is not read"])
}

@Test func textNestedWithinTheLimitIsAllRead() throws {
    let html = "<html><body><p>Before.</p>" + String(repeating: "<div>", count: 200) + "<p>Deep.</p>"
        + String(repeating: "</div>", count: 200) + "<p>After.</p></body></html>"
    let result = try BookImporter.importBook(bytes: Array(html.utf8), fileName: "deep.html")
    #expect(result.book.pages.flatMap(\.utterances).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        == ["Before.", "Deep.", "After."])
    #expect(result.warnings.isEmpty)
}

@Test func noBreakSpacesInTitlesAreText() {
    #expect("4. autopkgtest\u{A0}: tests\n   automatiques ".collapsingWhitespace() == "4. autopkgtest\u{A0}: tests automatiques")
    #expect("a\u{2003}\u{2003}b\u{202F}!".collapsingWhitespace() == "a b\u{202F}!")
}

@Test func aBookWithoutTextIsAnErrorOnlyWhenTextIsRequired() throws {
    let blank = Array("   \n\n\t\n".utf8)
    let lenient = try BookImporter.importBook(bytes: blank, fileName: "blank.txt")
    #expect(lenient.book.pages.isEmpty)
    #expect(lenient.warnings.map(\.message) == ["the book has no readable text"])
    var options = ImportOptions()
    options.requiresText = true
    #expect(throws: ImportError.noText) { try BookImporter.importBook(bytes: blank, fileName: "blank.txt", options: options) }
    let pictureOnly = Array("<html><body><img src=\"a.png\" alt=\"\"/></body></html>".utf8)
    #expect(throws: ImportError.noText) { try BookImporter.importBook(bytes: pictureOnly, fileName: "p.html", options: options) }
}
