import BookFiles
import BookModel
import TestSupport
import Testing

@testable import Importers

/// Broken and hostile files of the formats of issue 26: each ends in one
/// clear error (or, for HTML, which browsers read whatever it holds, a
/// book), never a crash or a hang.
struct HostileDocumentTests {
    static let wordTypes = ("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
    static let odtType = ("mimetype", "application/vnd.oasis.opendocument.text")

    static func cut(_ fixture: String) -> [UInt8] {
        let bytes = (try? PackageFixtures.bytes(fixture)) ?? []
        return Array(bytes.prefix(bytes.count * 2 / 3))
    }

    static func deep(_ open: String, _ count: Int) -> String { String(repeating: open, count: count) }

    @Test(arguments: [
        ("a DOCX cut short", "letter.docx", cut("office/notes.docx"), "truncated: the file ends after"),
        ("an ODT cut short", "letter.odt", cut("office/notes.odt"), "truncated: the file ends after"),
        ("an FB2 zip cut short", "book.fb2.zip", cut("fb2/squirrel.fb2.zip"), "truncated: the file ends after"),
        ("a DOCX whose document is not XML", "letter.docx",
            TestZip.make(text: [wordTypes, ("word/document.xml", "<w:document><w:body>&")]),
            "word/document.xml:1: malformed DOCX part: "),
        ("an ODT whose content is not XML", "letter.odt", TestZip.make(text: [odtType, ("content.xml", "just text")]),
            "content.xml:1: malformed ODT part: "),
        ("an ODT without content.xml", "letter.odt", TestZip.make(text: [odtType]), "content.xml"),
        ("a DOCX nested 10,000 deep", "letter.docx",
            TestZip.make(text: [wordTypes, ("word/document.xml", "<document><body>" + deep("<p><r>", 5000))]),
            "word/document.xml:1: malformed DOCX part: Excessive depth in document"),
        ("an FB2 that is not XML", "book.fb2", Array("<FictionBook><body><p>unclosed".utf8), "line 1: malformed FB2: "),
        ("an FB2 zip holding no XML", "book.fb2.zip", TestZip.make(text: [("book.fb2", "\u{0}\u{1}binary")]),
            "malformed FB2: "),
    ])
    func brokenDocumentsEndInOneClearError(label: String, name: String, bytes: [UInt8], message: String) {
        #expect {
            try BookImporter.importBook(bytes: bytes, fileName: name)
        } throws: { error in
            "\(error)".contains(message) && !"\(error)".contains("\n")
        }
    }

    @Test(arguments: [("book.fb2", "fb2/squirrel.fb2"), ("page.html", "html/page.html")])
    func aDocumentPastTheEntryLimitIsRefusedBeforeItIsParsed(name: String, fixture: String) throws {
        var options = ImportOptions()
        options.archiveLimits.maxEntrySize = 100
        let bytes = try PackageFixtures.bytes(fixture)
        #expect(throws: ImportError.tooLarge("the document is \(bytes.count) bytes, more than the limit of 100 bytes"))
        {
            try BookImporter.importBook(bytes: bytes, fileName: name, options: options)
        }
    }

    @Test func fiftyThousandTitleOnlySectionsAreReadInLinearTime() throws {
        let body = String(repeating: "<section><title><p>T</p></title></section>", count: 50_000)
        let bytes = Array("<FictionBook><body>\(body)<section><p>Text.</p></section></body></FictionBook>".utf8)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try BookImporter.importBook(bytes: bytes, fileName: "many.fb2") }
        #expect(elapsed < .seconds(20))
    }
}
