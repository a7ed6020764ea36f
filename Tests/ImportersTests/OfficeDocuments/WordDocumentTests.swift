import BookModel
import TestSupport
import Testing

@testable import Importers

@Test func headingStylesAndOutlineLevelsStartChapters() throws {
    let book = try FixtureBooks.book("office/headings.docx")
    #expect(book.pages.map(\.title) == [nil, "The Hoard", "Chapter 2", "An outline level on the paragraph itself"])
    #expect(FixtureBooks.texts(book) == [
        "A foreword.",
        "The Hoard\nChapter 1\nThe squirrel found a nut.",
        "Chapter 2\nGather while you may.",
        "An outline level on the paragraph itself\nWinter came.",
    ])
}

@Test func onlyTheTextAReaderSeesIsRead() throws {
    let book = try FixtureBooks.book("office/runs.docx")
    #expect(FixtureBooks.texts(book) == [
        "Kept bold and field result.\nUnder the oak\nthe acorns fall\nChosen.\nCell one\nCell two",
    ])
    let bold = try #require(book.pages.first?.utterances.first)
    #expect(bold.text.hasPrefix("Kept bold"))
}

@Test func footnotesEndTheirChapterAndEndnotesMakeANotesPageOnlyWithNotes() throws {
    let plain = try FixtureBooks.book("office/notes.docx")
    #expect(FixtureBooks.texts(plain) == ["Seven acorns. Then sleep.", "Chapter 2\nWinter."])
    var options = ImportOptions()
    options.readsNotes = true
    let withNotes = try FixtureBooks.book("office/notes.docx", options: options)
    #expect(withNotes.pages.map(\.title) == [nil, "Chapter 2", "Notes"])
    #expect(FixtureBooks.texts(withNotes) == [
        "Seven acorns. Then sleep.\n1. Some say eight.", "Chapter 2\nWinter.", "1. Squirrels sleep little.",
    ])
}

@Test func corePropertiesAreTheMetadataAndTheFirstImageTheCover() throws {
    let metadata = try FixtureBooks.book("office/metadata-and-cover.docx").metadata
    #expect(metadata.title == "Seven Acorns")
    #expect(metadata.authors == ["Hazel Squirrel"])
    #expect(metadata.language == "en-GB")
    #expect(metadata.summary == "A squirrel counts her hoard.")
    #expect(metadata.identifier == "hoard-0001")
    #expect(metadata.date == "2026-01-01T00:00:00Z")
    #expect(metadata.coverImage == "word/media/image1.png")
    let cover = try FixtureBooks.resource("office/metadata-and-cover.docx", named: "word/media/image1.png")
    #expect(cover?.count == 70)
}

@Test func aTableOfContentsOfLinksIsReadOnlyWithContents() throws {
    #expect(try FixtureBooks.book("office/contents.docx").pages.map(\.title) == ["Chapter 1", "Chapter 2"])
    var options = ImportOptions()
    options.readsContents = true
    let withContents = try FixtureBooks.book("office/contents.docx", options: options)
    #expect(withContents.pages.map(\.title) == ["Table of Contents", "Chapter 1", "Chapter 2"])
}
