import BookFiles
import Testing

@testable import ReadAlong

/// The repair step on a whole book (`fixtures/epub/read-along-repair`):
/// links, the NCX and the package document.
struct BookRepairTests {
    static func repaired() throws -> (repair: BookRepair, package: String) {
        let archive = try EPUBReadAlongTests.archive("read-along-repair")
        var editor = try PackageEditor(bytes: try archive.read("OEBPS/package.opf"), path: "OEBPS/package.opf")
        let repair = BookRepair(archive: archive, editor: &editor)
        return (repair, String(decoding: editor.bytes, as: UTF8.self))
    }

    static func file(_ repair: BookRepair, _ path: String) -> String {
        String(decoding: repair.repaired[path] ?? [], as: UTF8.self)
    }

    @Test func countsEveryKindOfRepairTheFixtureNeeds() throws {
        let (repair, _) = try Self.repaired()
        #expect(repair.tally.counts == [
            .recoveredDocuments: 1, .htmlDocuments: 1, .obsoleteElements: 1, .strayListItems: 2, .blocksInParagraphs: 1, .duplicateIDs: 3,
            .markupInNCXText: 1, .foreignNCXHead: 1,
            .missingTitles: 1, .namedAnchors: 1, .relocatedLinks: 2, .linksToMissingFiles: 1, .linksToMissingFragments: 2,
            .misplacedPackageAttributes: 2, .uniqueIdentifier: 1,
        ])
        #expect(Set(repair.repaired.keys) == [
            "OEBPS/toc.ncx", "OEBPS/text/chapter1.xhtml", "OEBPS/text/chapter2.xhtml", "OEBPS/text/about.xhtml",
            "OEBPS/text/notes.xhtml",
        ])
    }

    @Test func pointsLinksAtTheFileOfTheirNameTheAnchorOrTheDocumentAndKeepsDeadOnesAsText() throws {
        let (repair, _) = try Self.repaired()
        let one = Self.file(repair, "OEBPS/text/chapter1.xhtml")
        #expect(one.contains("<a href=\"#terms\">the terms</a>") && one.contains("<a name=\"terms\" id=\"terms\"/>"))
        // chapter2.xhtml is in text/ beside it: found; #gone is not in it: the document.
        #expect(one.contains("Read <a href=\"chapter2.xhtml\">the next chapter</a> or <a>the lost one</a>."))
        // text/chapter1.xhtml from inside text/: the one chapter1.xhtml, fragment kept.
        #expect(Self.file(repair, "OEBPS/text/chapter2.xhtml").contains("<a href=\"chapter1.xhtml#make\">the first chapter</a>"))
    }

    @Test func makesNCXIDsUniqueItsLabelsTextAndItsSourcesReachable() throws {
        let ncx = Self.file(try Self.repaired().repair, "OEBPS/toc.ncx")
        #expect(ncx.contains("<navPoint id=\"np\" playOrder=\"1\">") && ncx.contains("<navPoint id=\"np-2\" playOrder=\"2\">"))
        #expect(ncx.contains("<navPoint id=\"np-3\" playOrder=\"3\">"))
        #expect(ncx.contains("<text>The make command</text>") && !ncx.contains("<title>"))
        #expect(ncx.contains("<content src=\"text/chapter2.xhtml\"/>"))
    }

    @Test func pointsTheUniqueIdentifierAtTheIdentifierWithAnIDAndClearsMetadataOfPackageAttributes() throws {
        let package = try Self.repaired().package
        #expect(package.contains("unique-identifier=\"bookid\""))
        #expect(!package.contains("<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:opf=\"http://www.idpf.org/2007/opf\" unique"))
    }

    @Test(arguments: [
        ("<dc:identifier>urn:isbn:1</dc:identifier>", "<dc:identifier id=\"gone\">urn:isbn:1</dc:identifier>"),
        ("<dc:title>T</dc:title>", "<dc:identifier id=\"gone\">urn:narrate:T</dc:identifier>"),
    ])
    func givesTheIdentifierTheMissingIDOrAddsOne(_ metadata: String, expected: String) throws {
        let opf = "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"2.0\" unique-identifier=\"gone\">"
            + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\(metadata)</metadata><manifest/><spine/></package>"
        var editor = try PackageEditor(bytes: Array(opf.utf8), path: "package.opf")
        #expect(editor.repairPackage().tally.counts == [.uniqueIdentifier: 1])
        #expect(String(decoding: editor.bytes, as: UTF8.self).contains(expected))
        #expect(editor.repairPackage().tally.isEmpty)
    }

    @Test func keepsTheLookOfTheRenamedTTAndTheAddedListInNarratesStyleSheet() throws {
        #expect(try Self.repaired().repair.styleRules
            == ".narrate-tt {\n  background-color: #eeeeee;\n}\nul.narrate-list { margin: 0; padding: 0; }\n")
    }

    @Test func movesARuleOutOfItsParagraph() throws {
        let two = Self.file(try Self.repaired().repair, "OEBPS/text/chapter2.xhtml")
        #expect(two.contains("<hr/><p class=\"end\">\n  <br/>\n</p>"))
    }

    @Test func dropsAFalseUUIDMarkFromTheUniqueIdentifierAndTheNCX() throws {
        let opf = "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"2.0\" unique-identifier=\"id\">"
            + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:identifier id=\"id\">urn:uuid:5946f730f5507ab7</dc:identifier>"
            + "</metadata><manifest><item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/></manifest>"
            + "<spine toc=\"ncx\"/></package>"
        let ncx = "<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\"><head>"
            + "<meta name=\"dtb:uid\" content=\"urn:uuid:5946f730f5507ab7\"/></head><docTitle><text>T</text></docTitle><navMap/></ncx>"
        let archive = MemoryArchive([("package.opf", Array(opf.utf8)), ("toc.ncx", Array(ncx.utf8))])
        var editor = try PackageEditor(bytes: Array(opf.utf8), path: "package.opf")
        let repair = BookRepair(archive: archive, editor: &editor)
        #expect(repair.tally.counts == [.invalidUUID: 1])
        #expect(String(decoding: editor.bytes, as: UTF8.self).contains("<dc:identifier id=\"id\">5946f730f5507ab7</dc:identifier>"))
        #expect(Self.file(repair, "toc.ncx").contains("<meta name=\"dtb:uid\" content=\"5946f730f5507ab7\"/>"))
        #expect(PackageEditor.isUUID("0d5c1a52-2f7b-4e7e-8f0c-6a1b2c3d4e5f") && !PackageEditor.isUUID("0d5c1a52"))
    }

    /// A book that carries its translation (`de/guide/` beside `guide/`,
    /// not in the reading order) links `setup.xhtml` from its nav and NCX,
    /// whose head is empty: the links reach the linear spine's file, as the
    /// importer's chapters do, and the NCX is given `dtb:uid`.
    @Test func pointsLinksAtTheReadingOrdersFileOfTheirNameAndGivesTheNCXItsUID() throws {
        let opf = "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"id\">"
            + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:identifier id=\"id\"> urn:x:guide </dc:identifier></metadata>"
            + "<manifest><item id=\"s\" href=\"guide/setup.xhtml\" media-type=\"application/xhtml+xml\"/>"
            + "<item id=\"d\" href=\"de/guide/setup.xhtml\" media-type=\"application/xhtml+xml\"/>"
            + "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
            + "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/></manifest>"
            + "<spine toc=\"ncx\"><itemref idref=\"s\"/><itemref idref=\"d\" linear=\"no\"/></spine></package>"
        let page = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>S</title></head><body><p id=\"keys\">Set up.</p></body></html>"
        let nav = "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"><head><title>N</title></head>"
            + "<body><nav epub:type=\"toc\"><ol><li><a href=\"setup.xhtml#keys\">Setup</a></li></ol></nav></body></html>"
        let ncx = "<ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" version=\"2005-1\"><head/><docTitle><text>T</text></docTitle>"
            + "<navMap><navPoint id=\"p\" playOrder=\"1\"><navLabel><text>Setup</text></navLabel><content src=\"setup.xhtml\"/></navPoint></navMap></ncx>"
        let archive = MemoryArchive([
            ("package.opf", Array(opf.utf8)), ("guide/setup.xhtml", Array(page.utf8)), ("de/guide/setup.xhtml", Array(page.utf8)),
            ("nav.xhtml", Array(nav.utf8)), ("toc.ncx", Array(ncx.utf8)),
        ])
        var editor = try PackageEditor(bytes: Array(opf.utf8), path: "package.opf")
        #expect(editor.spinePaths(linearOnly: true) == ["guide/setup.xhtml"])
        let repair = BookRepair(archive: archive, editor: &editor)
        #expect(repair.tally.counts == [.relocatedLinks: 2, .missingNCXUID: 1])
        #expect(Self.file(repair, "nav.xhtml").contains("<a href=\"guide/setup.xhtml#keys\">Setup</a>"))
        let repairedNCX = Self.file(repair, "toc.ncx")
        #expect(repairedNCX.contains("<head><meta name=\"dtb:uid\" content=\"urn:x:guide\"/></head>"), "\(repairedNCX)")
        #expect(repairedNCX.contains("<content src=\"guide/setup.xhtml\"/>"))
    }

    @Test func summarisesTheRepairsInOneLine() {
        var tally = RepairTally()
        #expect(tally.summary == nil)
        tally.add(.linksToMissingFragments, 37)
        tally.add(.duplicateIDs, 190)
        tally.add(.uniqueIdentifier)
        #expect(tally.summary == "repaired 190 duplicate ids, 37 links to missing fragments (pointed at their document), "
            + "the package's unique-identifier")
    }
}
