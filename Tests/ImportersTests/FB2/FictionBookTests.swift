import BookModel
import TestSupport
import Testing

@testable import Importers

@Test func readsEachSectionAsAPageTitledByItsTitle() throws {
    let book = try FixtureBooks.book("fb2/sections-and-titles.fb2")
    #expect(book.pages.map(\.title) == ["Chapter 1. The Nut", "Chapter 2", "A Dream", nil])
    #expect(FixtureBooks.texts(book) == [
        "The Hoard\nPart One\nChapter 1\nThe Nut\nThe squirrel found a nut.\n* * *\nShe buried it.",
        "Chapter 2\nWinter came.",
        "A Dream\nShe dreamt of acorns.",
        "The end, told outside any section.",
    ])
}

@Test func titlesAreSpokenAsHeadingsAndEmphasisIsKept() throws {
    let book = try FixtureBooks.book("fb2/sections-and-titles.fb2")
    let heading = try #require(book.pages.first?.utterances.first)
    let paragraph = try #require(book.pages.first?.utterances.last)
    #expect(heading.prosody != paragraph.prosody)
    #expect(book.pages[2].utterances.contains { $0.text.contains("acorns") })
}

@Test func aPoemKeepsItsLinesAndAnEpigraphIsAQuote() throws {
    let book = try FixtureBooks.book("fb2/poem-and-epigraph.fb2")
    #expect(book.pages.map(\.title) == ["Autumn"])
    #expect(FixtureBooks.texts(book) == [
        "Autumn\nGather while you may.\nAn Old Squirrel\nThe Oak\nUnder the oak\nthe acorns fall\none by one\n"
            + "and I gather\nthem all\nAnonymous\nA quoted line.\nProse again.",
    ])
}

@Test func notesAreLeftOutUnlessAskedForAndTheirMarkersNeverSpoken() throws {
    let plain = try FixtureBooks.book("fb2/notes.fb2")
    #expect(FixtureBooks.texts(plain) == ["One\nThe squirrel counted seven acorns. Then she slept."])
    var options = ImportOptions()
    options.readsNotes = true
    let withNotes = try FixtureBooks.book("fb2/notes.fb2", options: options)
    #expect(withNotes.pages.map(\.title) == ["One", "Notes"])
    #expect(withNotes.pages.last?.displayText == "Notes\n1\nSome say eight.")
}

@Test func readsTheDescriptionAsMetadataAndTheCoverFromItsBinary() throws {
    let metadata = try FixtureBooks.book("fb2/metadata-and-cover.fb2").metadata
    #expect(metadata.title == "Seven Acorns")
    #expect(metadata.authors == ["Hazel N. Squirrel", "Chip"])
    #expect(metadata.language == "en-GB")
    #expect(metadata.date == "2026-01-01")
    #expect(metadata.identifier == "urn:isbn:978-0-00-000000-2")
    #expect(metadata.publisher == "Oak Press")
    #expect(metadata.summary == "A squirrel counts her hoard.")
    #expect(metadata.coverImage == "cover.png")
    let cover = try #require(try FixtureBooks.resource("fb2/metadata-and-cover.fb2", named: "cover.png"))
    #expect(cover.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(cover.count == 70)
}

@Test func aZippedFB2IsReadLikeTheFileItHolds() throws {
    let zipped = try FixtureBooks.book("fb2/squirrel.fb2.zip")
    let plain = try FixtureBooks.book("fb2/squirrel.fb2")
    #expect(FixtureBooks.texts(zipped) == FixtureBooks.texts(plain))
    #expect(FixtureBooks.texts(plain) == ["The squirrel counted her acorns."])
}

@Test(arguments: [
    ("a truncated file", Array(#"<?xml version="1.0"?><FictionBook><body><section><p>Cut"#.utf8),
        "line 1: malformed FB2: "),
    ("an undefined entity", Array("<FictionBook><body><p>&nope;</p></body></FictionBook>".utf8),
        "line 1: malformed FB2: Entity 'nope' not defined"),
    ("10,000 nested sections", Array(("<FictionBook><body>" + String(repeating: "<section>", count: 10_000)).utf8),
        "line 1: malformed FB2: Excessive depth in document"),
])
func brokenFB2EndsInOneClearError(label: String, bytes: [UInt8], message: String) {
    #expect {
        try BookImporter.importBook(bytes: bytes, fileName: "broken.fb2")
    } throws: { error in
        "\(error)".hasPrefix(message)
    }
}

@Test func aFileOfTheFixturesThatIsCutShortIsMalformed() throws {
    #expect {
        try FixtureBooks.book("fb2/not-well-formed.fb2")
    } throws: { error in
        "\(error)".contains("malformed FB2")
    }
}

@Test func base64DecodesAcrossLineBreaksAndRefusesOtherCharacters() {
    #expect(Base64.decode(Array("aGVs\nbG8=".utf8)) == Array("hello".utf8))
    #expect(Base64.decode(Array("aGVsbG8".utf8)) == Array("hello".utf8))
    #expect(Base64.decode(Array("aGV*".utf8)) == nil)
}

@Test func aSectionWithoutATitleIsTitledByAShortBoldFirstLine() throws {
    let book = try FixtureBooks.book("fb2/untitled-sections.fb2")
    #expect(book.pages.map(\.title) == ["Chapter 1", nil])
    let heading = try #require(book.pages.first?.utterances.first)
    let paragraph = try #require(book.pages.first?.utterances.last)
    #expect(heading.prosody != paragraph.prosody)
}
