import BookFiles
import BookModel
import Testing

@testable import Exporters

/// Notes (``Utterance/isNote``, ``Page/role``) are written as EPUB 3 notes:
/// a `<section epub:type="endnotes" role="doc-endnotes">`.
struct EPUBNotesTests {
    private static let opening = "<section epub:type=\"endnotes\" role=\"doc-endnotes\">\n"

    /// The `<body>` of the first page's document.
    private func body(_ book: Book) throws -> String {
        let entries = EPUBPublication(book: book, modified: "2026-12-03T08:00:00Z").entries()
        let page = try #require(entries.first { $0.path == "OEBPS/text/page-0001.xhtml" }).text
        let start = try #require(page.range(of: "<body>\n")), end = try #require(page.range(of: "</body>"))
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test func aNotesPageIsOneEndnotesSectionWithItsHeading() throws {
        let notes = Page(title: "Notes", utterances: [
            Utterance("Notes\n", isNote: true), Utterance("1. Some say eight.\n", isNote: true),
            Utterance("2. Others nine.", isNote: true),
        ])
        #expect(notes.role == .notes)
        #expect(try body(Book(pages: [notes])) == Self.opening
            + "<h1>Notes</h1>\n<p>1. Some say eight.</p>\n<p>2. Others nine.</p>\n</section>\n")
    }

    @Test func footnotesInABodyPageAreAnEndnotesSectionWhereTheyStand() throws {
        let page = Page(utterances: [
            Utterance("Seven acorns.\n"), Utterance("1. Some say eight.\n", isNote: true), Utterance("Then sleep.\n"),
            Utterance("2. Or nine.", isNote: true),
        ])
        #expect(page.role == .body)
        #expect(try body(Book(pages: [page])) == "<section>\n<p>Seven acorns.</p>\n" + Self.opening
            + "<p>1. Some say eight.</p>\n</section>\n<p>Then sleep.</p>\n" + Self.opening
            + "<p>2. Or nine.</p>\n</section>\n</section>\n")
    }

    @Test func aTitleSpelledByANoteOnABodyPageStaysInTheNotes() throws {
        let page = Page(title: "Nuts", utterances: [Utterance("Nuts\n", isNote: true), Utterance("Oak.")])
        #expect(try body(Book(pages: [page])) == "<section>\n" + Self.opening + "<p>Nuts</p>\n</section>\n<p>Oak.</p>\n</section>\n")
    }

    @Test func aBookWithoutNotesHasNoNotesSection() throws {
        let page = Page(utterances: [Utterance("Seven acorns.\n"), Utterance("Then sleep.")])
        #expect(try !body(Book(pages: [page])).contains("epub:type"))
    }
}
