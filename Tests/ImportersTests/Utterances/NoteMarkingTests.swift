import BookModel
import Importers
import Testing
import TestSupport

/// Every importer that reads notes (`--notes`) marks them: the utterances
/// of a note are ``Utterance/isNote`` (footnotes where they stand), and a
/// page of notes only has the role ``Page/Role/notes``. Without `--notes`
/// nothing is marked, since no note is read.
struct NoteMarkingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        /// The pages' roles with `--notes`.
        var roles: [Page.Role]
        /// The texts of the note utterances with `--notes`, in order.
        var notes: [String]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "fb2/notes.fb2", roles: [.body, .notes], notes: ["Notes\n", "1\n", "Some say eight."]),
        Case(file: "office/notes.docx", roles: [.body, .body, .notes], notes: ["1. Some say eight.", "1. Squirrels sleep little."]),
        Case(file: "office/notes.odt", roles: [.body, .body, .notes], notes: ["1. Some say eight.", "1. Squirrels sleep little."]),
        Case(file: "html/content-rules.html", roles: [.body], notes: ["1. Some say eight."]),
        Case(file: "markdown/notes-and-tables.md", roles: [.body], notes: ["1. Some say eight."]),
    ]

    @Test(arguments: cases)
    func notesReadAreMarkedAsNotes(_ expected: Case) throws {
        var options = ImportOptions()
        options.readsNotes = true
        let book = try FixtureBooks.book(expected.file, options: options)
        #expect(book.pages.map(\.role) == expected.roles)
        #expect(book.pages.flatMap(\.utterances).filter(\.isNote).map(\.text) == expected.notes)
        let plain = try FixtureBooks.book(expected.file)
        #expect(plain.pages.allSatisfy { $0.role == .body && $0.utterances.allSatisfy { !$0.isNote } })
    }

    @Test func aPlainTextNotesChapterIsANotesPage() throws {
        var options = ImportOptions()
        options.readsNotes = true
        let book = try FixtureBooks.book("text/pandoc-endnotes.txt", options: options)
        #expect(book.pages.map(\.role) == [.body, .body, .body, .notes, .body])
        #expect(book.pages[3].title == "Endnotes")
        #expect(book.pages[3].utterances.last?.text == "A second paragraph of the note.")
    }

    @Test func onlyTheTextOfAnEPUBNoteIsMarkedNotTheParagraphThatCitesIt() throws {
        var options = ImportOptions()
        options.readsNotes = true
        let folder = PackageFixtures.url("epub/everything").path
        let book = try BookImporter.drain(BookImporter.openFolder(folder, options: options))
        let notes = book.pages.flatMap(\.utterances).filter(\.isNote)
        #expect(notes.map(\.text) == ["A footnote that is never read."])
        #expect(book.pages.allSatisfy { $0.role == .body })
    }
}
