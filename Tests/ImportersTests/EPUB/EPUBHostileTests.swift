import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

private func oneChapter(_ xhtml: String) -> TestEPUB {
    var epub = TestEPUB()
    epub.chapters = [.init(path: "c.xhtml", xhtml: xhtml)]
    return epub
}

private func encryption(_ algorithm: String, _ uri: String) -> (String, [UInt8]) {
    let xml = """
        <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
        <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(algorithm)"/>
        <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData></enc:EncryptedData></encryption>
        """
    return ("META-INF/encryption.xml", Array(xml.utf8))
}

@Test func aBookWhoseContentIsEncryptedIsRefusedClearly() {
    var epub = oneChapter(TestEPUB.xhtml("<p>secret</p>"))
    epub.extraEntries = [encryption("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/c.xhtml")]
    #expect {
        try epub.importBook()
    } throws: { error in
        guard case .unsupported(let message) = error as? ImportError else { return false }
        return message.contains("encrypted") && message.contains("OEBPS/c.xhtml") && message.contains("DRM")
    }
}

@Test func fontObfuscationAloneIsNotAnError() throws {
    var epub = oneChapter(TestEPUB.xhtml("<p>open text</p>"))
    epub.extraEntries = [encryption("http://www.idpf.org/2008/embedding", "OEBPS/fonts/f.otf")]
    #expect(try epub.importBook().texts == ["open text"])
}

@Test(arguments: [
    ("empty", [UInt8](), "malformed EPUB: the input is empty"),
    ("only a local header", Array("PK\u{3}\u{4} but then nothing".utf8), "truncated: the file ends after 21 bytes"),
    ("truncated", Array(TestEPUB().zip.prefix(100)), "truncated: the file ends after 100 bytes"),
])
func unreadableInputGivesAClearError(label: String, bytes: [UInt8], message: String) {
    #expect {
        try Importing.epub(bytes: bytes)
    } throws: { error in
        "\(error)".hasPrefix(message)
    }
}

@Test func aZipWithoutAPackageDocumentIsNotAnEPUB() {
    let zip = TestZip.make(text: [("mimetype", "application/epub+zip"), ("readme.txt", "hi")])
    #expect {
        try Importing.epub(bytes: zip)
    } throws: { error in
        "\(error)".contains("META-INF/container.xml")
    }
}

@Test func aZipBombChapterIsRefusedByItsSize() throws {
    let bomb = try PackageFixtures.bytes("epub/zip-bomb.epub")
    #expect(throws: ImportError.tooLarge("bomb.xhtml: entry expands to 100 MB, more than the limit of 64 MB (zip bomb?)")) {
        try Importing.epub(bytes: bomb)
    }
}

@Test func aChapterThatCompresses700To1IsAChapter() throws {
    let result = try Importing.epub(bytes: PackageFixtures.bytes("epub/repetitive-700-to-1.epub"))
    #expect(result.book.pages.count == 1)
    #expect(result.book.utterances.filter { $0.text.contains("Row, row, row your boat.") }.count == 174)
}

@Test func hrefsThatLeaveTheArchiveReadNothingOutsideIt() throws {
    var epub = TestEPUB()
    epub.add("c.xhtml", "<p>Safe text. <img src=\"../../../../etc/passwd\"/><img src=\"/etc/passwd\"/></p>")
    epub.nav = [("Escape", "../../../etc/passwd"), ("Chapter", "c.xhtml")]
    let traversal = TestZip.make(epub.entries.map { (name: $0.0, bytes: $0.1) } + [(name: "../../evil.xhtml", bytes: Array("x".utf8))])
    let result = try Importing.epub(bytes: traversal)
    #expect(result.texts == ["Safe text."])
    #expect(result.book.pages.first?.backgroundImage == nil)
    #expect(result.titles == ["Chapter"])
    #expect(result.warnings.contains { $0.message.contains("leave the archive") })
}

@Test func externalEntitiesInAChapterAreNotRead() throws {
    let prologue = "<?xml version=\"1.0\"?><!DOCTYPE html [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
    let epub = oneChapter(TestEPUB.xhtml("<p>A &xxe; B</p>", prologue: prologue))
    let text = try epub.importBook().texts.joined()
    #expect(text.contains("A") && !text.contains("root:"))
}

@Test func entityBombsInAChapterStaySmall() throws {
    var entities = "<!ENTITY a0 \"ha\">"
    for level in 1...9 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
    let prologue = "<?xml version=\"1.0\"?><!DOCTYPE html [\(entities)]>"
    let epub = oneChapter(TestEPUB.xhtml("<p>start &a9; end</p>", prologue: prologue))
    let result = try? epub.importBook()
    #expect((result?.texts.joined().utf8.count ?? 0) < 10_000)
}

@Test func aQuadraticBlowupChapterStaysSmall() throws {
    let prologue = "<?xml version=\"1.0\"?><!DOCTYPE html [<!ENTITY a \"\(String(repeating: "x", count: 40_000))\">]>"
    let epub = oneChapter(TestEPUB.xhtml("<p>\(String(repeating: "&a;", count: 40_000)) end</p>", prologue: prologue))
    let text = try epub.importBook().texts.joined()
    #expect(text == "end")
}

@Test func deeplyNestedChaptersImportWithoutCrashing() throws {
    let depth = 100_000
    let body = String(repeating: "<div>", count: depth) + "<p>deep</p>" + String(repeating: "</div>", count: depth)
    let epub = oneChapter(TestEPUB.xhtml(body + "<p>shallow</p>"))
    let result = try epub.importBook()
    #expect(result.texts.joined().count < 100)
    #expect(result.warnings.contains { $0.message.contains("depth") })
}
