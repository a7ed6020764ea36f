import BookModel
import TestSupport
import Testing

@testable import Importers

@Test func outlineLevelsOneToThreeAndTheTitleStyleStartChapters() throws {
    let book = try FixtureBooks.book("office/headings.odt")
    #expect(book.pages.map(\.title) == [nil, "The Hoard", "Chapter 2"])
    #expect(FixtureBooks.texts(book) == [
        "A foreword.",
        "The Hoard\nChapter 1\nThe squirrel found a nut.\nA smaller heading\nIt stays.",
        "Chapter 2\nGather while you may.",
    ])
}

@Test func trackedDeletionsCommentsAndIndexesAreNotRead() throws {
    let book = try FixtureBooks.book("office/runs.odt")
    #expect(FixtureBooks.texts(book) == [
        "Kept bold text.\nUnder the oak\nthe acorns fall\nFirst item\nCell one\nCell two",
    ])
}

@Test func odtNotesAreReadOnlyWithNotesWhereAnEPUBWouldHaveThem() throws {
    let plain = try FixtureBooks.book("office/notes.odt")
    #expect(FixtureBooks.texts(plain) == ["Seven acorns. Then sleep.", "Chapter 2\nWinter."])
    var options = ImportOptions()
    options.readsNotes = true
    let withNotes = try FixtureBooks.book("office/notes.odt", options: options)
    #expect(withNotes.pages.map(\.title) == [nil, "Chapter 2", "Notes"])
    #expect(FixtureBooks.texts(withNotes) == [
        "Seven acorns. Then sleep.\n1. Some say eight.", "Chapter 2\nWinter.", "1. Squirrels sleep little.",
    ])
}

@Test func metaXMLIsTheMetadataAndTheFirstPictureTheCover() throws {
    let metadata = try FixtureBooks.book("office/metadata-and-cover.odt").metadata
    #expect(metadata.title == "Seven Acorns")
    #expect(metadata.authors == ["Hazel Squirrel"])
    #expect(metadata.language == "en-GB")
    #expect(metadata.summary == "A squirrel counts her hoard.")
    #expect(metadata.identifier == "hoard-0001")
    #expect(metadata.date == "2026-01-01")
    #expect(metadata.coverImage == "Pictures/cover.png")
    let cover = try FixtureBooks.resource("office/metadata-and-cover.odt", named: "Pictures/cover.png")
    #expect(cover?.count == 70)
}
