import BookFiles
import BookModel
import Testing

@testable import Exporters

/// A book with two titled pages, the first starting with its heading.
private let twoChapters = Book(
    metadata: BookMetadata(title: "Acorns", authors: ["Ann Lee"], language: "en"),
    pages: [
        Page(title: "I. Autumn", utterances: [
            Utterance("I\n"), Utterance("Autumn\n"), Utterance("The squirrel ran. "), Utterance("It hid a nut.\n"),
            Utterance("Winter came.\n"),
        ]),
        Page(title: "Spring", utterances: [Utterance("Nuts grew. "), Utterance("Bonjour.", language: "fr")]),
    ])

private func publication(_ book: Book, cover: EPUBImage? = nil, pageImages: [String: EPUBImage] = [:]) -> EPUBPublication {
    EPUBPublication(book: book, cover: cover, pageImages: pageImages, modified: "2026-12-03T08:00:00Z")
}

private func entry(_ path: String, of entries: [EPUBEntry]) throws -> EPUBEntry {
    try #require(entries.first { $0.path == path }, "\(path) in \(entries.map(\.path))")
}

/// The body of an XHTML page: what lies between `<section>` and `</section>`.
private func body(_ entry: EPUBEntry) -> String {
    let text = entry.text
    guard let start = text.range(of: "<section>\n"), let end = text.range(of: "</section>") else { return text }
    return String(text[start.upperBound..<end.lowerBound])
}

private let png = EPUBImage(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], fileExtension: "png", mediaType: "image/png")

struct EPUBPublicationTests {
    @Test func startsWithTheStoredMimetypeAndTheContainer() throws {
        let entries = publication(twoChapters).entries()
        #expect(entries.prefix(2).map(\.path) == ["mimetype", "META-INF/container.xml"])
        #expect(entries[0].text == "application/epub+zip")
        #expect(entries[1].text.contains("full-path=\"OEBPS/package.opf\""))
    }

    @Test func writesEachPageAsAContentDocumentInTheSpineAndTheNav() throws {
        let entries = publication(twoChapters).entries()
        let package = try entry("OEBPS/package.opf", of: entries).text
        #expect(package.contains("<itemref idref=\"page-0001\"/>\n    <itemref idref=\"page-0002\"/>"))
        let nav = try entry("OEBPS/nav.xhtml", of: entries).text
        #expect(nav.contains("<li><a href=\"text/page-0001.xhtml\">I. Autumn</a>"))
        #expect(nav.contains("<li><a href=\"text/page-0002.xhtml\">Spring</a>"))
        #expect(package.contains("href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\""))
    }

    @Test func headingIsTheUtterancesThatSpellTheTitleAndParagraphsEndAtLineBreaks() throws {
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(twoChapters).entries()))
        #expect(page == "<h1>I<br/>Autumn</h1>\n<p>The squirrel ran. It hid a nut.</p>\n<p>Winter came.</p>\n")
    }

    @Test func aHeadingSplitIntoWordsIsStillTheHeading() throws {
        let words = ["I\n", "Down ", "the ", "Rabbit-Hole\n", "Alice ", "was ", "tired."].map { Utterance($0) }
        let book = Book(pages: [Page(title: "I. Down the Rabbit-Hole", utterances: words)])
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(book).entries()))
        #expect(page == "<h1>I<br/>Down the Rabbit-Hole</h1>\n<p>Alice was tired.</p>\n")
    }

    @Test func anUntitledBookIsNamedAfterItsFile() throws {
        let book = Book(metadata: BookMetadata(sourceFile: "some/folder/letter.docx"), pages: [Page(utterances: [Utterance("Hi.")])])
        let package = try entry("OEBPS/package.opf", of: publication(book).entries()).text
        #expect(package.contains("<dc:title>letter</dc:title>"))
        #expect(try entry("OEBPS/package.opf", of: publication(Book(pages: book.pages)).entries()).text
            .contains("<dc:title>Untitled</dc:title>"))
    }

    @Test func aTitleTheTextDoesNotHoldIsInTheNavOnly() throws {
        let book = Book(pages: [Page(title: "Elsewhere", utterances: [Utterance("Plain text.")])])
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(book).entries()))
        #expect(page == "<p>Plain text.</p>\n")
    }

    @Test func aHeadingThatRunsOnIntoItsParagraphIsNotMadeAHeading() throws {
        let book = Book(pages: [Page(title: "Chapter 1", utterances: [Utterance("Chapter 1. "), Utterance("It was dark.\n")])])
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(book).entries()))
        #expect(page == "<p>Chapter 1. It was dark.</p>\n")
    }

    @Test func linesInsideABlockArePreformattedText() throws {
        let book = Book(pages: [Page(utterances: [Utterance("Roses are red,\nViolets blue.\n"), Utterance("Prose.")])])
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(book).entries()))
        #expect(page == "<pre>Roses are red,\nViolets blue.</pre>\n<p>Prose.</p>\n")
    }

    @Test func languagesAreOnTheDocumentAndOnUtterancesInAnother() throws {
        let entries = publication(twoChapters).entries()
        let page = try entry("OEBPS/text/page-0002.xhtml", of: entries).text
        #expect(page.contains("xml:lang=\"en\" lang=\"en\""))
        #expect(page.contains("<p>Nuts grew. <span xml:lang=\"fr\" lang=\"fr\">Bonjour.</span></p>"))
        #expect(try entry("OEBPS/package.opf", of: entries).text.contains("<dc:language>en</dc:language>"))
    }

    @Test(arguments: [(nil, "und"), ("English", "und"), ("pt_BR", "pt-BR"), ("zh-Hant-TW", "zh-Hant-TW")] as [(String?, String)])
    func aLanguageThatIsNoTagIsUndetermined(given: String?, written: String) throws {
        let book = Book(metadata: BookMetadata(language: given), pages: [Page(utterances: [Utterance("Hi.")])])
        let package = try entry("OEBPS/package.opf", of: publication(book).entries()).text
        #expect(package.contains("<dc:language>\(written)</dc:language>"))
    }

    @Test func escapesMarkupAndLeavesOutWhatXMLCannotHold() throws {
        let hostile = "<b>&amp;</b> \"q\" \u{1}\u{B}\u{FFFE}]]> end"
        let book = Book(
            metadata: BookMetadata(title: hostile, authors: [hostile], identifier: "\u{2}", summary: hostile),
            pages: [Page(title: hostile, utterances: [Utterance(hostile)])])
        for file in publication(book).entries() where file.path.hasSuffix(".xhtml") || file.path.hasSuffix(".opf") {
            #expect(throws: Never.self, "\(file.path) is well-formed") { try XMLDocument.parse(file.bytes) }
            #expect(!file.text.contains("<b>"))
            #expect(!file.text.unicodeScalars.contains { $0.value == 1 || $0.value == 0xB || $0.value == 0xFFFE })
        }
        let page = body(try entry("OEBPS/text/page-0001.xhtml", of: publication(book).entries()))
        #expect(page == "<p>&lt;b&gt;&amp;amp;&lt;/b&gt; &quot;q&quot; ]]&gt; end</p>\n")
    }

    @Test func theIdentifierIsTheSourcesOrAStableOneDerivedFromTheText() throws {
        func identifier(_ book: Book) throws -> String {
            let package = try entry("OEBPS/package.opf", of: publication(book).entries()).text
            let start = try #require(package.range(of: "<dc:identifier id=\"bookid\">"))
            return String(package[start.upperBound...].prefix { $0 != "<" })
        }
        let derived = try identifier(twoChapters)
        #expect(derived.wholeMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        #expect(try identifier(twoChapters) == derived)
        var changed = twoChapters
        changed.pages[1].utterances[0].text = "Nuts grow. "
        #expect(try identifier(changed) != derived)
        changed.metadata.identifier = "urn:isbn:9780141439518"
        #expect(try identifier(changed) == "urn:isbn:9780141439518")
        changed.metadata.identifier = "urn:uuid:everything-fixture"
        #expect(try identifier(changed).wholeMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil)
        changed.metadata.identifier = "urn:uuid:0F3B2C1A-9D8E-4F7A-B6C5-D4E3F2A1B0C9"
        #expect(try identifier(changed) == "urn:uuid:0F3B2C1A-9D8E-4F7A-B6C5-D4E3F2A1B0C9")
    }

    @Test func metadataGoesIntoThePackage() throws {
        var book = twoChapters
        book.metadata.publisher = "Oak & Co"
        book.metadata.date = "1813-01-28T00:00:00Z"
        book.metadata.summary = "About\n  nuts."
        book.metadata.subjects = ["Fiction"]
        book.metadata.series = "Seasons"
        book.metadata.seriesPosition = "2"
        book.metadata.isbn = "9780141439518"
        let package = try entry("OEBPS/package.opf", of: publication(book).entries()).text
        for line in [
            "<dc:title>Acorns</dc:title>", "<dc:creator>Ann Lee</dc:creator>", "<dc:publisher>Oak &amp; Co</dc:publisher>",
            "<dc:date>1813-01-28</dc:date>", "<dc:description>About nuts.</dc:description>", "<dc:subject>Fiction</dc:subject>",
            "<dc:identifier>urn:isbn:9780141439518</dc:identifier>",
            "<meta id=\"series\" property=\"belongs-to-collection\">Seasons</meta>",
            "<meta refines=\"#series\" property=\"group-position\">2</meta>",
            "<meta property=\"dcterms:modified\">2026-12-03T08:00:00Z</meta>",
        ] {
            #expect(package.contains(line), "\(line)")
        }
    }

    @Test func aDateWrittenOtherwiseIsLeftOut() throws {
        var book = twoChapters
        book.metadata.date = "March 1813"
        #expect(try !entry("OEBPS/package.opf", of: publication(book).entries()).text.contains("dc:date"))
    }

    @Test func theCoverIsTheCoverImageAndAFirstPage() throws {
        let entries = publication(twoChapters, cover: png).entries()
        let package = try entry("OEBPS/package.opf", of: entries).text
        #expect(package.contains("<item id=\"cover-image\" href=\"images/cover.png\" media-type=\"image/png\" properties=\"cover-image\"/>"))
        #expect(package.contains("<meta name=\"cover\" content=\"cover-image\"/>"))
        #expect(package.contains("<spine>\n    <itemref idref=\"cover\"/>\n    <itemref idref=\"page-0001\"/>"))
        #expect(try entry("OEBPS/images/cover.png", of: entries).bytes == png.bytes)
        #expect(try entry("OEBPS/text/cover.xhtml", of: entries).text.contains("<img src=\"../images/cover.png\""))
    }

    @Test func aPictureShownOnTwoPagesIsStoredOnce() throws {
        var book = twoChapters
        book.pages[0].backgroundImage = "tree.png"
        book.pages[1].backgroundImage = "tree.png"
        let entries = publication(book, pageImages: ["tree.png": png]).entries()
        #expect(entries.filter { $0.path.hasPrefix("OEBPS/images/") }.map(\.path) == ["OEBPS/images/image-0001.png"])
        for page in ["page-0001", "page-0002"] {
            #expect(try entry("OEBPS/text/\(page).xhtml", of: entries).text.contains("<img src=\"../images/image-0001.png\" alt=\"\"/>"))
        }
    }

    @Test func aPageShowingTheCoverUsesTheCoversFile() throws {
        var book = twoChapters
        book.pages[0].backgroundImage = "front.png"
        let entries = publication(book, cover: png, pageImages: ["front.png": png]).entries()
        #expect(entries.filter { $0.path.hasPrefix("OEBPS/images/") }.map(\.path) == ["OEBPS/images/cover.png"])
        #expect(try entry("OEBPS/text/page-0001.xhtml", of: entries).text.contains("<img src=\"../images/cover.png\" alt=\"\"/>"))
    }

    @Test func pagesWithNeitherTextNorPictureAreLeftOut() throws {
        let book = Book(pages: [
            Page(title: "Blank", utterances: [Utterance(" \n")]), Page(title: "Missing picture", backgroundImage: "gone.png"),
            Page(title: "Text", utterances: [Utterance("Words.")]),
        ])
        let entries = publication(book).entries()
        #expect(entries.filter { $0.path.hasPrefix("OEBPS/text/") }.map(\.path) == ["OEBPS/text/page-0001.xhtml"])
        #expect(try entry("OEBPS/nav.xhtml", of: entries).text.contains(">Text</a>"))
    }

    @Test func aBookWithNoTitledPageListsItsFirstPageUnderItsTitle() throws {
        let book = Book(metadata: BookMetadata(title: "Note"), pages: [Page(utterances: [Utterance("Hello.")])])
        let nav = try entry("OEBPS/nav.xhtml", of: publication(book).entries()).text
        #expect(nav.contains("<ol>\n<li><a href=\"text/page-0001.xhtml\">Note</a>\n</li>\n</ol>"))
    }

    /// Pronunciations stay: phonemes as `ssml:ph` where they apply (a
    /// phrase continued over per-word utterances covers them all), text said
    /// instead in the book's PLS lexicon, linked from the pages that use it.
    @Test func keepsWhatPronunciationsSay() throws {
        let ipa = Pronunciation.Spoken.phonemes("nuː ˈjɔːk", alphabet: .ipa)
        let book = Book(
            metadata: BookMetadata(title: "Trips", language: "en"),
            pages: [
                Page(title: "Away", utterances: [
                    Utterance("  They flew to "),
                    Utterance("New ", pronunciations: [Pronunciation(range: 0..<3, spoken: ipa, origin: .userLexicon("a.lexicon"))]),
                    Utterance("York ", pronunciations: [Pronunciation(range: 0..<4, spoken: .continued, origin: .userLexicon("a.lexicon"))]),
                    Utterance("in May & June.\n", pronunciations: [
                        Pronunciation(range: 3..<6, spoken: .alias("the fifth month"), origin: .bookLexicon("OEBPS/m.pls")),
                        Pronunciation(range: 4..<6, spoken: .alias("overlapping"), origin: .inline),
                    ]),
                ]),
                Page(title: "Home", utterances: [Utterance("Nothing to say.\n")]),
                Page(title: "Back to New York", utterances: [
                    Utterance("Back to New York\n", pronunciations: [Pronunciation(range: 8..<16, spoken: ipa, origin: .inline)]),
                    Utterance("The end.\n"),
                ]),
            ])
        let entries = publication(book).entries()
        let first = try entry("OEBPS/text/page-0001.xhtml", of: entries)
        #expect(body(first).contains(
            "<p>They flew to <span ssml:alphabet=\"ipa\" ssml:ph=\"nuː ˈjɔːk\">New York</span> in May &amp; June.</p>"))
        #expect(first.text.contains("xmlns:ssml=\"http://www.w3.org/2001/10/synthesis\""))
        #expect(first.text.contains("<link rel=\"pronunciation\" type=\"application/pls+xml\" hreflang=\"en\" href=\"../pronunciations.pls\"/>"))
        let second = try entry("OEBPS/text/page-0002.xhtml", of: entries).text
        #expect(!second.contains("ssml") && !second.contains("pronunciation"))
        let lexicon = try entry("OEBPS/pronunciations.pls", of: entries).text
        #expect(lexicon.contains("<lexeme><grapheme>May</grapheme><alias>the fifth month</alias></lexeme>"))
        #expect(!lexicon.contains("overlapping"))
        let package = try entry("OEBPS/package.opf", of: entries).text
        #expect(package.contains("<item id=\"pronunciations\" href=\"pronunciations.pls\" media-type=\"application/pls+xml\"/>"))
        #expect(body(try entry("OEBPS/text/page-0003.xhtml", of: entries)).hasPrefix(
            "<h1>Back to <span ssml:alphabet=\"ipa\" ssml:ph=\"nuː ˈjɔːk\">New York</span></h1>\n<p>The end.</p>"))
        #expect(publication(twoChapters).entries().allSatisfy { !$0.path.hasSuffix(".pls") })
    }
}
