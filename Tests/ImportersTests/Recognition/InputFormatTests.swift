import Foundation
import BookFiles
import Importers
import TestSupport
import Testing

@testable import PropertyLists

@Test(arguments: [
    ("bplist00\u{0}", InputFormat.binaryPropertyList),
    ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist>", .xmlPropertyList),
    ("\u{FEFF}<?xml version=\"1.0\"?><plist version=\"1.0\">", .xmlPropertyList),
    ("  <plist><dict/></plist>", .xmlPropertyList),
    ("<?xml version=\"1.0\"?><!-- \(String(repeating: "a long comment ", count: 60)) --><plist>", .xmlPropertyList),
    ("{\n  \"bookPages\": []\n}", .jsonPropertyList),
    ("PK\u{3}\u{4}rest", .epub),
    ("CHAPTER I.\n\nIt was a dark night.", .plainText),
    ("Call me Ishmael.", .plainText),
])
func recognisesReadableFormatsByContent(head: String, expected: InputFormat) {
    #expect(InputFormat.sniff(Array(head.utf8)) == expected)
}

/// What `narrate` says of a fixture that is not a book it reads (the words
/// after the file name), each made by fixtures/make-input-fixtures.py.
@Test(arguments: [
    ("not-books/sheet.ods", "an OpenDocument spreadsheet (ODS): narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; save it as plain text or EPUB first"),
    ("not-books/comic.cbz", "a comic-book archive (CBZ) of images: narrate reads"),
    ("not-books/photo.jpg", "a JPEG image: narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; it holds no text to read"),
    ("not-books/story.txt.gz", "a gzip-compressed file (of story.txt): narrate reads EPUB, FB2, HTML, DOCX, ODT, MOBI, AZW3, Markdown, PDF, plain text and narrated-book plists; decompress it first: gunzip -k FILE"),
    ("not-books/story.txt.xz", "an xz-compressed file: narrate reads"),
    ("not-books/story.txt.bz2", "a bzip2-compressed file: narrate reads"),
    ("not-books/chime.wav", "a WAV audio file: narrate reads"),
    ("not-books/chime.mp3", "an MP3 audio file: narrate reads"),
    ("misnamed/prose.plist", "the name ends in .plist but the file is not a narrated-book plist: it looks like plain text (rename it .txt to read it as text)"),
    ("misnamed/prose.epub", "the name ends in .epub but the file is not an EPUB (a zip archive): it looks like plain text (rename it .txt to read it as text)"),
    ("misnamed/guide.plist", "the name ends in .plist but the file is not a narrated-book plist: it looks like an EPUB (rename it .epub to read it)"),
    ("text/empty.txt", "the input is empty (0 bytes): there is nothing to read"),
    ("epub/truncated.epub", "truncated: the file ends after"),
])
func filesThatAreNotBooksAreRefusedWithWhatTheyAre(fixture: String, message: String) throws {
    let bytes = try PackageFixtures.bytes(fixture)
    #expect {
        try BookImporter.importBook(bytes: bytes, fileName: fixture)
    } throws: { error in
        "\(error)".hasPrefix(message)
    }
}

@Test func programsAreRefusedAsPrograms() throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/bin/true")))
    #expect(throws: ImportError.notABook(ForeignFormat("an executable program (ELF)", hint: "it holds no text to read"))) {
        try BookImporter.importBook(bytes: bytes, fileName: "true")
    }
}

@Test(arguments: [
    ("random bytes", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
    ("text with NULs between its letters", Array(String(repeating: "ab\u{0}\u{1}", count: 50).utf8)),
])
func binaryDataIsNotText(label: String, bytes: [UInt8]) {
    #expect {
        try BookImporter.importBook(bytes: bytes, fileName: "data.txt")
    } throws: { error in
        "\(error)".hasPrefix("binary data, not text (") && "\(error)".contains("control characters")
    }
}

@Test(arguments: [
    ("a bell and a NUL in a page of prose", "Bell \u{7} here. " + String(repeating: "Plain words. ", count: 30) + "\u{0}"),
    ("Windows-1252 quotes", "\u{93}Quoted\u{94} text, in a file from Windows."),
    ("form feeds between pages", "Page one.\u{C}Page two.\u{C}Page three."),
])
func textWithFewControlCharactersIsText(label: String, text: String) throws {
    let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    #expect(try BookImporter.importBook(bytes: bytes, fileName: "notes.txt").book.pages.count >= 1)
}

@Test(arguments: ["book.plist", "book.json", "book.bplist", "book", "book.txt"])
func aPlistMayCarryAnyPlistNameOrNone(name: String) throws {
    let bytes = try PackageFixtures.bytes("plist/WhirlySquirrelly.plist")
    #expect(try BookImporter.importBook(bytes: bytes, fileName: name).book.pages.count == 3)
}

@Test func anEPUBUnderAnyOtherNameThanPlistIsRead() throws {
    let bytes = try PackageFixtures.bytes("epub/nav-links-miss-their-folder.epub")
    for name in ["guide.epub", "guide.zip", "guide", "guide.EPUB"] {
        #expect(try BookImporter.importBook(bytes: bytes, fileName: name).book.pages.count == 4)
    }
}

/// Books in the formats issue 26 added, each recognised by its content
/// whatever its name, zipped or not.
@Test(arguments: [
    ("fb2/squirrel.fb2", "FB2"), ("fb2/squirrel.fb2.zip", "FB2"), ("html/page.html", "HTML"),
    ("html/page.htmlz", "HTML"), ("html/page.xhtml", "HTML"), ("office/letter.docx", "DOCX"), ("office/letter.odt", "ODT"),
])
func newFormatsAreReadByContent(fixture: String, format: String) throws {
    let bytes = try PackageFixtures.bytes(fixture)
    for name in [fixture, "book", "book.txt"] {
        #expect(try BookImporter.importBook(bytes: bytes, fileName: name).book.pages.count == 1, "\(format) as \(name)")
        #expect(try BookImporter.recognise(MemoryByteSource(bytes), fileName: name).rawValue == format)
    }
}

/// Markup is found after any white space (ASCII, a byte order mark, or
/// beyond ASCII) and not after anything else: an SVG image is named as one.
@Test(arguments: [
    ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", true),
    (" \t\r\n\u{B}\u{C}<svg xmlns=\"http://www.w3.org/2000/svg\"/>", true),
    ("\u{FEFF}\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", true),
    ("\u{A0}\u{2028}<svg xmlns=\"http://www.w3.org/2000/svg\"/>", true),
    ("x<svg xmlns=\"http://www.w3.org/2000/svg\"/>", false),
    ("é<svg xmlns=\"http://www.w3.org/2000/svg\"/>", false),
])
func markupIsFoundAfterWhiteSpaceOnly(head: String, isSVG: Bool) throws {
    let svg = ImportError.notABook(ForeignFormat("an SVG image", hint: "it holds no text to read"))
    if isSVG {
        #expect(throws: svg) { try InputFormat.recognise(Array(head.utf8), size: head.utf8.count, fileName: nil) }
    } else {
        #expect(try InputFormat.recognise(Array(head.utf8), size: head.utf8.count, fileName: nil) == .plainText)
    }
}

/// HTML lets `<html>`, `<head>` and `<body>` be left out; the name decides
/// between Markdown and HTML for a fragment, never for a whole page.
@Test(arguments: [
    ("<h1>Chapter 1</h1>\n<p>Hello world.</p>\n", "frag.html", InputFormat.html),
    ("<!DOCTYPE html>\n<meta charset=\"utf-8\">\n<title>My Book</title>\n<p>Hi.</p>", "page.html", .html),
    ("<div><p>Hello.</p></div>", "page", .html),
    ("<body><p>Hello.</p></body>", "page.txt", .html),
    ("<div align=\"center\">\n<img src=\"x.png\">\n</div>\n\n# Title\n\nHello.\n", "README.md", .markdown),
    ("<p align=\"center\">Logo</p>\n\n# Title\n", "notes.markdown", .markdown),
    ("<!DOCTYPE html>\n<html><body><p>Hi.</p></body></html>", "page.md", .html),
    ("Hello <b>world</b>. A page that opens with text.", "page.htm", .html),
    ("Hello <b>world</b>. A note that opens with text.", "page.txt", .plainText),
])
func htmlFragmentsAndMarkdownAreToldApart(head: String, fileName: String, expected: InputFormat) throws {
    let bytes = Array(head.utf8)
    #expect(try InputFormat.recognise(bytes, size: bytes.count, fileName: fileName) == expected)
}

@Test func markupWhoseRootIsNotHTMLIsStillRefused() {
    let bytes = Array("<?xml version=\"1.0\"?><catalog><book/></catalog>".utf8)
    #expect {
        try InputFormat.recognise(bytes, size: bytes.count, fileName: "books.xml")
    } throws: { error in
        "\(error)".hasPrefix("an XML document whose root is <catalog>, not a narrated-book plist")
    }
}
