import BookModel
import Importers
import Testing

@testable import TextPrimitives

/// Chapters of plain text recognised from the layout of real Project
/// Gutenberg and Standard Ebooks texts (fixtures made in their shapes).
private func pages(_ file: String, notes: Bool = false, contents: Bool = false) throws -> [Page] {
    var options = ImportOptions()
    options.readsNotes = notes
    options.readsContents = contents
    return Importing.text(bytes: try PlainTextFixture.bytes(file), options: options).book.pages
}

@Test func aNumberedSeriesOfStoriesOpensAPageEachWithItsSectionsInside() throws {
    let book = try pages("gutenberg-adventures.txt")
    #expect(book.map(\.title) == [
        "THE ADVENTURES OF SHERLOCK HOLMES", "ADVENTURE I. A Scandal in Bohemia", "ADVENTURE II. The Red-headed League",
        "ADVENTURE III. A Case of Identity",
    ])
    #expect(book[1].displayText.contains("I.\nTo Sherlock Holmes") && book[1].displayText.contains("II.\nAt three"))
    #expect(book[3].displayText.hasSuffix("THE END"))
}

@Test func theBooksOwnContentsAreReadOnlyWhenAsked() throws {
    #expect(try !pages("gutenberg-adventures.txt").contains { $0.displayText.contains("II. The Red-headed League\n") })
    let withContents = try pages("gutenberg-adventures.txt", contents: true)
    #expect(withContents.contains { $0.title == "Contents" && $0.displayText.contains("The Red-headed League") })
    #expect(try pages("gutenberg-story-titles.txt").allSatisfy { $0.title != "Contents" })
}

@Test func titleLinesSetOffByBlankLinesOpenStories() throws {
    #expect(try pages("gutenberg-story-titles.txt").map(\.title) == [
        "The Return of Sherlock Holmes", "The Adventure of the Empty House", "The Adventure of the Norwood Builder",
        "The Adventure of the Dancing Men",
    ])
}

@Test func frontMatterTitlesOpenPagesAndEndnotesAreNotChapters() throws {
    let book = try pages("etymology-extracts-endnotes.txt")
    #expect(book.map(\.title) == ["Moby-Dick or, The Whale", "Etymology", "Extracts", "I. Loomings", "II. The Carpet-Bag"])
    #expect(!book.contains { $0.displayText.contains("↩") || $0.displayText.contains("Hackluyt") })
    let withNotes = try pages("etymology-extracts-endnotes.txt", notes: true)
    #expect(withNotes.last?.title == "Endnotes")
    #expect(withNotes.last?.utterances.map(\.text).contains("Hackluyt. ↩\n") == true)
}

@Test func bracketedNotesAtTheEndAreNotesAndTheirMarkersAreReadOnlyWithThem() throws {
    let book = try pages("bracketed-endnotes.txt")
    #expect(book.map(\.title) == ["THE LITTLE MANUAL", "CHAPTER 1. The First Steps", "CHAPTER 2. The Second Steps"])
    #expect(book[1].utterances.map(\.text).contains("The lamp should be trimmed every evening. "))
    let withNotes = try pages("bracketed-endnotes.txt", notes: true)
    #expect(withNotes.last?.title == "Notes")
    #expect(withNotes[1].utterances.map(\.text).contains("The lamp should be trimmed every evening.[1] "))
}

@Test func listLinesAndShortLinesAreNotJoinedAsHardWraps() {
    let text = "Intro.\n\nfeatures\ncontact manager\nevents, activities\n\n1) The first item\n2) The second item\n\n• 9. One\n• 10. Two"
    let book = Importing.text(bytes: Array(text.utf8)).book
    #expect(book.pages.flatMap(\.utterances).map(\.text) == [
        "Intro.\n", "features\n", "contact manager\n", "events, activities\n", "1) The first item\n",
        "2) The second item\n", "• 9. One\n", "• 10. Two",
    ])
}

/// pandoc 2.17 (`-t plain --wrap=none`) of an EPUB in the shape of Standard
/// Ebooks' The Adventures of Sherlock Holmes, with CRLF line ends: one
/// blank line between everything, only the first story numbered in parts,
/// a letter signed `Sherlock Holmes` inside each story.
@Test func aStoryCollectionAsPandocWritesItGivesAPageForEachStory() throws {
    let book = try pages("pandoc-story-collection-crlf.txt")
    #expect(book.map(\.title) == [
        "Imprint", "A Scandal in Bohemia", "The Redheaded League", "A Case of Identity", "The Boscombe Valley Mystery",
        "The Five Orange Pips", "The Man with the Twisted Lip", "The Adventure of the Blue Carbuncle",
        "The Adventure of the Speckled Band", "The Adventure of the Engineer’s Thumb",
        "The Adventure of the Noble Bachelor", "The Adventure of the Beryl Coronet",
        "The Adventure of the Copper Beeches", "Colophon", "Uncopyright",
    ])
    #expect(book[1].displayText.contains("I\nTo Sherlock Holmes") && book[1].displayText.contains("III\nAt three"))
    #expect(!book.flatMap(\.utterances).contains { $0.text.contains("\r") })
}

@Test func crlfLineEndsReadAsLineFeeds() throws {
    let lf = try PlainTextFixture.bytes("gutenberg-adventures.txt")
    let crlf = Array(String(decoding: lf, as: UTF8.self).replacing("\n", with: "\r\n").utf8)
    #expect(Importing.text(bytes: crlf).book.pages == Importing.text(bytes: lf).book.pages)
}

@Test func aContentsListNamesTheChaptersAndIsNoPageOfItsOwn() throws {
    #expect(try pages("contents-entries.txt").map(\.title) == [
        "The Return of Sherlock Holmes", "The Adventure of the Empty House", "The Adventure of the Norwood Builder",
        "The Adventure of the Dancing Men",
    ])
    let contents = try #require(try pages("contents-entries.txt", contents: true).first { $0.title == "Contents" })
    #expect(contents.displayText == "Contents\nThe Adventure of the Empty House\nThe Adventure of the Norwood Builder\nThe Adventure of the Dancing Men")
}

@Test func numberedEndnotesAsPandocWritesThemAreNotesNeverPageTitles() throws {
    let book = try pages("pandoc-endnotes.txt")
    #expect(book.map(\.title) == ["Moby-Dick or, The Whale", "I. Loomings", "II. The Carpet-Bag", "Colophon"])
    #expect(book[1].displayText.contains("the watery part of the world. It is a way"))
    let withNotes = try pages("pandoc-endnotes.txt", notes: true)
    #expect(withNotes.map(\.title) == ["Moby-Dick or, The Whale", "I. Loomings", "II. The Carpet-Bag", "Endnotes", "Colophon"])
    #expect(withNotes[3].displayText.contains("THE WHALE SHIP ESSEX ↩") && withNotes[3].displayText.contains("A second paragraph"))
}

@Test func dialogueUnderAChapterNumberIsProseNotTheChaptersTitle() {
    let text = """
        CHAPTER I

        “Come here at once,” said Holmes. “The game is afoot.”

        The cab rattled away.

        CHAPTER II

        “Where?”

        Night fell.

        CHAPTER III

        “Amen”

        The end came.
        """
    let book = Importing.text(bytes: Array(text.utf8)).book
    #expect(book.pages.map(\.title) == ["CHAPTER I", "CHAPTER II", "CHAPTER III. “Amen”"])
    #expect(book.pages[0].utterances.dropFirst().first?.text == "“Come here at once,” said Holmes. ")
}
