import BookModel
import Foundation
import TestSupport
import Testing

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

private func threeChapters() -> TestEPUB {
    var epub = TestEPUB()
    epub.add("text/one.xhtml", "<h1>Heading One</h1><p>First chapter.</p>")
    epub.add("text/two.xhtml", "<h1>Heading Two</h1><p>Second chapter.</p>")
    epub.add("text/three.xhtml", "<p>Third chapter.</p>")
    return epub
}

@Test func epub3TakesTitlesFromTheNavDocumentAndOrderFromTheSpine() throws {
    var epub = threeChapters()
    epub.nav = [("Chapter the First", "text/one.xhtml"), ("Chapter the Second", "text/two.xhtml"),
        ("Chapter the Third", "text/three.xhtml")]
    let result = try epub.importBook()
    #expect(result.titles == ["Chapter the First", "Chapter the Second", "Chapter the Third"])
    #expect(result.texts == ["Heading One First chapter.", "Heading Two Second chapter.", "Third chapter."])
}

@Test func epub2TakesTitlesFromTheNCX() throws {
    var epub = threeChapters()
    epub.version = "2.0"
    epub.ncx = [("NCX One", "text/one.xhtml"), ("NCX Two", "text/two.xhtml"), ("NCX Three", "text/three.xhtml")]
    let result = try epub.importBook()
    #expect(result.titles == ["NCX One", "NCX Two", "NCX Three"])
    #expect(result.warnings.isEmpty)
}

@Test func tableOfContentsLinksToTheWrongFolderAreMatchedByFileName() throws {
    var epub = threeChapters()
    epub.nav = [("One", "one.xhtml"), ("Two", "two.xhtml#x"), ("Three", "text/three.xhtml")]
    let result = try epub.importBook()
    #expect(result.titles == ["One", "Heading Two", "Three"])
    #expect(result.warnings.map(\.message) == [
        "2 table-of-contents links point at missing files; matched them to documents of the same name",
        "table of contents points at #x, which is not in the document",
    ])
}

@Test func pagesWithoutATableOfContentsEntryAreTitledByTheirFirstHeading() throws {
    var epub = threeChapters()
    epub.nav = [("Only Two", "text/two.xhtml")]
    let result = try epub.importBook()
    #expect(result.titles == ["Heading One", "Only Two", "-"])
}

@Test func bookMetadataComesFromThePackage() throws {
    var epub = threeChapters()
    epub.title = "A &amp; B"
    epub.language = "en-GB"
    let metadata = try epub.importBook().book.metadata
    #expect(metadata.title == "A & B")
    #expect(metadata.authors == ["Ann Author", "Bob Writer"])
    #expect(metadata.language == "en-GB")
    #expect(metadata.identifier == "urn:uuid:1234")
}

/// What an audiobook's tags need beside title and authors: the series (an
/// EPUB 3 collection of type series, not a set, which is a reading list;
/// calibre's series in EPUB 2) and its position, subjects, the ISBN.
@Test(arguments: [
    (["<meta property=\"belongs-to-collection\" id=\"c1\">Best Novels</meta>",
      "<meta refines=\"#c1\" property=\"collection-type\">set</meta>",
      "<meta property=\"belongs-to-collection\" id=\"c2\">The Squirrel Saga</meta>",
      "<meta refines=\"#c2\" property=\"collection-type\">series</meta>",
      "<meta refines=\"#c2\" property=\"group-position\">2</meta>",
      "<dc:identifier>urn:isbn:978-0-14-143951-8</dc:identifier>"], "The Squirrel Saga", "2", "9780141439518"),
    (["<meta name=\"calibre:series\" content=\"The Squirrel Saga\"/>",
      "<meta name=\"calibre:series_index\" content=\"3.0\"/>",
      "<dc:identifier opf:scheme=\"ISBN\" xmlns:opf=\"http://www.idpf.org/2007/opf\">014143951X</dc:identifier>"],
     "The Squirrel Saga", "3", "014143951X"),
    (["<meta property=\"belongs-to-collection\" id=\"c1\">Shelf</meta>",
      "<meta refines=\"#c1\" property=\"collection-type\">set</meta>",
      "<dc:identifier>9780141439518</dc:identifier>"], nil, nil, "9780141439518"),
    (["<meta property=\"belongs-to-collection\">Untyped Saga</meta>", "<dc:identifier>0141439513</dc:identifier>"],
     "Untyped Saga", nil, nil),
] as [([String], String?, String?, String?)])
func seriesSubjectsAndISBNComeFromThePackage(extras: [String], series: String?, position: String?, isbn: String?) throws {
    var epub = threeChapters()
    epub.metadataExtras = extras + ["<dc:subject>Squirrels -- Fiction</dc:subject>", "<dc:subject>Autumn</dc:subject>"]
    let metadata = try epub.importBook().book.metadata
    #expect(metadata.series == series)
    #expect(metadata.seriesPosition == position)
    #expect(metadata.isbn == isbn)
    #expect(metadata.subjects == ["Squirrels -- Fiction", "Autumn"])
    #expect(metadata.identifier == "urn:uuid:1234")
}

@Test func fragmentEntriesCutAFileIntoPages() throws {
    var epub = TestEPUB()
    epub.add("all.xhtml", """
        <p>Front matter.</p><section id="a"><h2>A</h2><p>Story A.</p><img src="a.png"/></section>
        <section id="b"><h2>B</h2><p>Story B.</p></section><section id="c"><h2>C</h2><p>Story C.</p></section>
        """)
    epub.nav = [("Story B", "all.xhtml#b"), ("Story A", "all.xhtml#a"), ("Missing", "all.xhtml#nowhere"),
        ("Story C", "all.xhtml#c")]
    epub.extraEntries = [("OEBPS/a.png", [1])]
    let result = try epub.importBook()
    #expect(result.titles == ["-", "Story A", "Story B", "Story C"])
    #expect(result.texts == ["Front matter.", "A Story A.", "B Story B.", "C Story C."])
    #expect(result.book.pages.map(\.backgroundImage) == [nil, "OEBPS/a.png", nil, nil])
    #expect(result.warnings.map(\.message).contains { $0.contains("#nowhere") })
}

@Test func spineItemsReferringToTheSameFileAreReadOnce() throws {
    var epub = TestEPUB()
    epub.add("a.xhtml", "<p id=\"x\">One.</p><p id=\"y\">Two.</p>")
    epub.chapters.append(epub.chapters[0])
    epub.nav = [("X", "a.xhtml#x"), ("Y", "a.xhtml#y")]
    let result = try epub.importBook()
    #expect(result.texts == ["One.", "Two."])
}

@Test func nonLinearItemsAreSkippedUnlessAsked() throws {
    var epub = TestEPUB()
    epub.add("main.xhtml", "<p>Main text.</p>")
    epub.add("answers.xhtml", "<p>Answer key.</p>", linear: false)
    epub.add("end.xhtml", "<p>The end.</p>")
    #expect(try epub.importBook().texts == ["Main text.", "The end."])
    var options = ImportOptions()
    options.includeNonlinear = true
    #expect(try epub.importBook(options).texts == ["Main text.", "Answer key.", "The end."])
}

@Test func aPageBackgroundIsItsFirstImageAndExtractionWritesItInsideTheFolder() throws {
    var epub = TestEPUB()
    epub.add("text/c.xhtml", "<p>Look <img src=\"../img/one%20pic.png\"/><img src=\"../img/two.png\"/></p>")
    epub.extraEntries = [("OEBPS/img/one pic.png", [1, 2, 3]), ("OEBPS/img/two.png", [4])]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-images-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var options = ImportOptions()
    options.extractImagesTo = folder
    let result = try epub.importBook(options)
    #expect(result.book.pages.first?.backgroundImage == "OEBPS/img/one pic.png")
    #expect(FileManager.default.contents(atPath: folder + "/OEBPS/img/one pic.png") == Data([1, 2, 3]))
    #expect(!FileManager.default.fileExists(atPath: folder + "/OEBPS/img/two.png"))
}

@Test func aMissingImageIsNoBackground() throws {
    var epub = TestEPUB()
    epub.add("c.xhtml", "<p>Text <img src=\"gone.png\"/><img src=\"there.png\"/></p>")
    epub.extraEntries = [("OEBPS/there.png", [9])]
    #expect(try epub.importBook().book.pages.first?.backgroundImage == "OEBPS/there.png")
}

@Test func imageExtractionRefusesToWriteThroughASymbolicLink() throws {
    var epub = TestEPUB()
    epub.add("c.xhtml", "<p>Look <img src=\"pic.png\"/></p>")
    epub.extraEntries = [("OEBPS/pic.png", [1])]
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-link-\(UUID())")
    defer { try? FileManager.default.removeItem(at: base) }
    let outside = base.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: base.appendingPathComponent("images"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
        atPath: base.appendingPathComponent("images/OEBPS").path, withDestinationPath: outside.path)
    var options = ImportOptions()
    options.extractImagesTo = base.appendingPathComponent("images").path
    #expect(throws: ImportError.self) { try epub.importBook(options) }
    #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("pic.png").path))
}

@Test func theSameBookReadsAlikeFromAZipAFolderAndMemory() throws {
    let folder = PackageFixtures.url("epub/everything").path
    let directory = try DirectoryArchive(root: folder)
    let entries = try directory.entryPaths.map { ($0, try directory.read($0)) }
    let fromFolder = try Importing.epub(directory)
    let fromZip = try Importing.epub(bytes: TestZip.make(entries.map { (name: $0.0, bytes: $0.1) }))
    let fromMemory = try Importing.epub(MemoryArchive(entries))
    #expect(fromFolder.book == fromZip.book)
    #expect(fromFolder.book == fromMemory.book)
    #expect(fromFolder.book.pages.count > 3)
}

/// Set `NARRATE_UPDATE_GOLDEN=1` to rewrite the golden file after checking
/// the new output by eye (segmentation changes it).
@Test func theEverythingFixtureMatchesItsGoldenDump() throws {
    let folder = PackageFixtures.url("epub/everything").path
    let golden = PackageFixtures.url("epub/everything.dump").path
    let result = try Importing.epub(DirectoryArchive(root: folder))
    let dump = BookDump.render(result.book)
    if ProcessInfo.processInfo.environment["NARRATE_UPDATE_GOLDEN"] != nil {
        try dump.write(toFile: golden, atomically: true, encoding: .utf8)
    }
    #expect(dump == (try String(contentsOfFile: golden, encoding: .utf8)))
    #expect(result.warnings.map(\.description) == [
        "OEBPS/text/entities.xhtml:6: not well-formed XHTML (Entity 'nbsp' not defined); read with the HTML parser"
    ])
}

@Test func aMissingContainerFallsBackToTheOnlyPackageDocumentWithAWarning() throws {
    var epub = threeChapters()
    let entries = epub.entries.filter { $0.0 != "META-INF/container.xml" }
    let result = try Importing.epub(MemoryArchive(entries))
    #expect(result.book.pages.count == 3)
    #expect(result.warnings.first?.message.contains("OEBPS/content.opf") == true)
    epub.extraEntries = []
    let withoutPackage = entries.filter { !$0.0.hasSuffix(".opf") }
    #expect(throws: ImportError.self) { try Importing.epub(MemoryArchive(withoutPackage)) }
}

@Test func theBookImporterRecognisesAnEPUBByItsBytes() throws {
    let result = try BookImporter.importBook(bytes: threeChapters().zip, fileName: "book.bin")
    #expect(result.book.pages.count == 3)
    #expect(result.book.metadata.sourceFile == "book.bin")
}

@Test func tableOfContentsLinksThatMissTheirFolderAreMatchedToTheBooksOwnDocuments() throws {
    // Like Debian's English Ubuntu Packaging Guide: the links leave out the
    // chapters' folder, and the German copies of the same files are in the
    // spine too (non-linear), so only the reading order tells them apart.
    let bytes = try PackageFixtures.bytes("epub/nav-links-miss-their-folder.epub")
    for options in [ImportOptions(), { var o = ImportOptions(); o.includeNonlinear = true; return o }()] {
        let result = try Importing.epub(bytes: bytes, options: options)
        #expect(result.titles.prefix(4) == ["Introduction", "Getting set up", "Keys", "Fixing a bug"])
        #expect(result.warnings.map(\.message) == [
            "3 table-of-contents links point at missing files; matched them to documents of the same name",
        ])
    }
}

@Test func linksThatCannotBeMatchedSayHowManyMissAndWhere() throws {
    var epub = TestEPUB()
    epub.add("a/one.xhtml", "<h1>One</h1><p>First.</p>")
    epub.add("b/one.xhtml", "<h1>Uno</h1><p>Primero.</p>")
    epub.add("two.xhtml", "<h1>Two</h1><p>Second.</p>")
    epub.nav = [("Two", "two.xhtml"), ("One", "one.xhtml")]
    let result = try epub.importBook()
    #expect(result.warnings.map(\.message) == [
        "1 table-of-contents link points at missing files (the first: OEBPS/one.xhtml); those chapters are titled from their headings",
    ])
}

@Test func aContainerThatNamesAMissingPackageSaysSo() throws {
    let entries = threeChapters().entries.map { entry in
        entry.0 == "META-INF/container.xml"
            ? (entry.0, Array(String(decoding: entry.1, as: UTF8.self).replacingOccurrences(of: "OEBPS/content.opf", with: "OEBPS/missing.opf").utf8))
            : entry
    }
    let result = try Importing.epub(MemoryArchive(entries))
    #expect(result.book.pages.count == 3)
    #expect(result.warnings.first?.message
        == "META-INF/container.xml names OEBPS/missing.opf, which is not in the book; using OEBPS/content.opf")
    let withoutPackage = entries.filter { !$0.0.hasSuffix(".opf") }
    #expect {
        try Importing.epub(MemoryArchive(withoutPackage))
    } throws: { error in
        "\(error)" == "not an EPUB: META-INF/container.xml names OEBPS/missing.opf, which is not in the book, and no single .opf file stands in (there is none)"
    }
}
