import BookFiles
import BookModel
import Foundation
import Importers
import Testing
import TestSupport

/// A conversion to EPUB keeps a book's notes (issue 26): `import BOOK -o
/// book.epub` reads them unless `--no-notes`, writes them inside
/// `<section epub:type="endnotes" role="doc-endnotes">`, stays
/// EPUBCheck-clean, and its re-import equals the direct import both
/// without `--notes` (the notes left out again) and with it (the notes back,
/// marked as notes).
struct EPUBNotesExportTests {
    /// Books with notes of each kind: FB2 notes bodies, DOCX and ODT
    /// footnotes and endnotes, a plain-text Notes chapter, EPUB footnotes
    /// and endnotes documents (an exploded EPUB).
    static let books = [
        "fb2/notes.fb2", "office/notes.docx", "office/notes.odt", "text/pandoc-endnotes.txt", "epub/everything",
    ]

    @Test(arguments: books)
    func notesAreWrittenAsEPUBNotesAndReadBackAsNotes(file: String) throws {
        let input = NarrateProcess.fixture(file)
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.epub").path
        let result = try NarrateProcess.run(["import", "-q", input, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        if EPUBCheck.isAvailable {
            let check = try EPUBCheck.run(output)
            #expect(check.isClean, "\(check.output)")
        }
        let withNotes = try importBook(input, readsNotes: true)
        let noteText = withNotes.pages.map { $0.utterances.filter(\.isNote).map(\.text).joined() }.joined(separator: "\n")
        #expect(!collapsed(noteText).isEmpty, "the fixture has notes")
        #expect(try collapsed(Self.textInsideNotesSections(of: output)) == collapsed(noteText))
        for readsNotes in [false, true] {
            let again = try importBook(output, readsNotes: readsNotes)
            expectSame(again, as: try importBook(input, readsNotes: readsNotes), readsNotes: readsNotes)
        }
    }

    @Test func noNotesLeavesTheNotesOut() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.epub").path
        let input = NarrateProcess.fixture("fb2/notes.fb2")
        let result = try NarrateProcess.run(["import", "-q", input, "-o", output, "--no-notes"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Self.textInsideNotesSections(of: output).allSatisfy(\.isWhitespace))
        expectSame(try importBook(output, readsNotes: true), as: try importBook(input, readsNotes: false), readsNotes: false)
    }

    @Test func notesAndNoNotesTogetherAreAUsageError() throws {
        let result = try NarrateProcess.run(["import", NarrateProcess.fixture("fb2/notes.fb2"), "-o", "x.epub", "--notes", "--no-notes"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("narrate: --notes and --no-notes cannot be given together"))
    }

    // MARK: Helpers

    private func importBook(_ path: String, readsNotes: Bool) throws -> Book {
        var options = ImportOptions()
        options.readsNotes = readsNotes
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return try BookImporter.drain(BookImporter.openFolder(path, options: options))
        }
        return try BookImporter.importBook(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), fileName: path,
            options: options).book
    }

    /// The same pages, titles and roles, and the same utterances, notes
    /// where the direct import has notes (none without `--notes`).
    private func expectSame(_ again: Book, as direct: Book, readsNotes: Bool) {
        #expect(again.pages.map { $0.title.map(collapsed) } == direct.pages.map { $0.title.map(collapsed) })
        #expect(again.pages.map(\.role) == direct.pages.map(\.role))
        for (page, expected) in zip(again.pages, direct.pages) {
            #expect(page.utterances.map(\.text) == expected.utterances.map(\.text), "page \(expected.title ?? "")")
            #expect(page.utterances.map(\.isNote) == expected.utterances.map(\.isNote), "page \(expected.title ?? "")")
        }
        if !readsNotes { #expect(again.pages.allSatisfy { $0.utterances.allSatisfy { !$0.isNote } }) }
    }

    /// The text of every `<section epub:type="endnotes" role="doc-endnotes">`
    /// of the book's content documents, in reading order.
    private static func textInsideNotesSections(of epub: String) throws -> String {
        let archive = try ZipArchive(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: epub))))
        var text = ""
        for path in archive.entryPaths.sorted() where path.hasPrefix("OEBPS/text/page-") {
            let document = try XMLDocument.parse(try archive.read(path))
            var finder = NotesSections()
            document.root?.walk(&finder)
            text += finder.text.joined(separator: "\n") + "\n"
        }
        return text
    }

    private func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// The text of `<section>`s marked as endnotes both the EPUB way and the
/// DPUB-ARIA way.
private struct NotesSections: XMLVisitor {
    var text: [String] = []

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        let type = node.attribute("type", namespace: "http://www.idpf.org/2007/ops")
        guard node.name == "section", type == "endnotes" else { return true }
        #expect(node.attribute("role") == "doc-endnotes")
        text.append(node.textContent())
        return false
    }

    mutating func exit(_ node: XMLNode) {}
}
