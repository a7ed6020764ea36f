import Foundation
import FoundationXML
import Testing
import TestSupport

/// `narrate speak BOOK.epub -o OUT.epub` on an EPUB 2 that is not valid
/// EPUB 3 (`fixtures/epub/read-along-repair`: `<tt>`, stray `<li>`,
/// duplicate ids in a document and the NCX, links to files missing their
/// folder, to missing files and fragments, a head without a title, a
/// `unique-identifier` naming nothing, documents that are not well-formed):
/// the output is repaired to pass EPUBCheck, the text is unchanged.
@Suite(.enabled(if: AudiobookFixture.toolsAvailable, "ffmpeg and ffprobe are not installed (scripts/setup installs them)"))
struct ReadAlongRepairTests {
    static let fixture = "read-along-repair"
    /// Each narrated document's body text, as in the book (the unparseable one as a reader sees it).
    static let bodies = [
        "OEBPS/text/chapter1.xhtml": "Chapter One Type make to build the program. See the terms first. The first step comes before the second. "
            + "The second step comes after the first. The terms are simple. Read the next chapter or the lost one.",
        "OEBPS/text/chapter2.xhtml": "Chapter Two Back to the first chapter. The bees hummed all day.",
        "OEBPS/text/about.xhtml": "Written by the Narrate Tests <tests@example.org> in a hurry.",
        "OEBPS/text/notes.xhtml": "We met at the café on the corner at noon. Tea & cake followed.",
    ]

    @Test func repairedBooksAreCleanAtBothSyncLevelsWithTheTextUnchanged() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputs = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let book = try ReadAlongCommandTests.book(Self.fixture, in: directory)
        for sync in ["sentence", "word"] {
            let output = outputs.appendingPathComponent("repair-\(sync).epub").path
            let run = try NarrateProcess.run(["speak", book, "-o", output, "--sync", sync], in: directory)
            #expect(run.status == 0, "\(sync): \(run.stderr)")
            let repairs = run.stderr.split(separator: "\n").filter { $0.contains(": repaired ") }
            #expect(repairs.count == 1, "\(sync): \(run.stderr)")
            #expect(repairs.first?.contains("1 obsolete element (<tt> to <code>), 2 list items outside a list") == true, "\(run.stderr)")
            let readAlong = try ReadAlongBook(output, into: directory.appendingPathComponent(UUID().uuidString))
            let narrated = Set(readAlong.overlays.values.compactMap { $0.first?.document })
            #expect(narrated == Set(Self.bodies.keys), "\(sync): \(narrated)")
            // <tt> became <code class="narrate-tt">, which the book's tt rule, copied, still styles.
            let css = try String(contentsOf: readAlong.folder.appendingPathComponent("OEBPS/narrate/read-along.css"), encoding: .utf8)
            #expect(css.contains(".narrate-tt {\n  background-color: #eeeeee;\n}"), "\(css)")
            for (document, text) in Self.bodies {
                #expect(try Self.bodyText(readAlong.folder.appendingPathComponent(document)) == text, "\(sync): \(document)")
            }
        }
        try ReadAlongCommandTests.expectClean(outputs, books: 2)
    }

    /// Two odd books of the import fixtures: an EPUB 3 without a navigation
    /// document, and one whose nav and NCX link files without their folder
    /// where a translation holds the same names (and whose NCX head is empty).
    @Test func anEPUB3WithoutNavigationAndOneWithAmbiguousTOCLinksGiveCleanBooks() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputs = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let expected = [
            "repetitive-700-to-1": "repaired the missing navigation document",
            "nav-links-miss-their-folder": "repaired the NCX's missing dtb:uid, 6 links to files missing their folder",
        ]
        for (name, repairs) in expected {
            let output = outputs.appendingPathComponent(name + ".epub").path
            let run = try NarrateProcess.run(["speak", PackageFixtures.url("epub/\(name).epub").path, "-o", output, "--sync", "word"],
                in: directory)
            #expect(run.status == 0 && run.stderr.contains(": " + repairs + "\n"), "\(name): \(run.stderr)")
        }
        let book = try ReadAlongBook(outputs.appendingPathComponent("repetitive-700-to-1.epub").path,
            into: directory.appendingPathComponent("nav"))
        let nav = try String(contentsOf: book.folder.appendingPathComponent("OEBPS/nav.xhtml"), encoding: .utf8)
        #expect(nav.contains("<li><a href=\"chant.xhtml\">The Chant</a>"), "\(nav)")
        try ReadAlongCommandTests.expectClean(outputs, books: 2)
    }

    /// The input fails EPUBCheck, so that the test above shows the repairs at work.
    @Test(.enabled(if: EPUBCheck.isAvailable, "epubcheck is not installed"))
    func theFixtureItselfIsNotValid() throws {
        let directory = try NarrateProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let book = try ReadAlongCommandTests.book(Self.fixture, in: directory)
        let check = try EPUBCheck.run(book)
        #expect(!check.isClean)
        for code in ["RSC-005", "RSC-007", "RSC-012", "OPF-030"] { #expect(check.output.contains(code), "\(code): \(check.output)") }
    }

    /// The text of `<body>`, white space runs (no-break spaces too) made one space.
    static func bodyText(_ file: URL) throws -> String {
        let document = try XMLDocument(contentsOf: file, options: [.nodePreserveWhitespace])
        let body = ReadAlongBook.elements(named: "body", under: document.rootElement()).first
        return (body?.stringValue ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
