import BookModel
import Importers
import Testing

@testable import TextPrimitives

private func book(_ file: String, _ granularity: Granularity = .sentence) throws -> ImportResult {
    var options = ImportOptions()
    options.granularity = granularity
    return Importing.text(bytes: try PlainTextFixture.bytes(file), options: options)
}

private func book(text: String) -> Book {
    Importing.text(bytes: Array(text.utf8)).book
}

@Test func dropsTheGutenbergFrameAndReadsItsHeader() throws {
    let result = try book("gutenberg-hard-wrapped.txt")
    #expect(result.book.metadata.title == "The Tiny Tale")
    #expect(result.book.metadata.authors == ["Ann Author", "Bob Writer"])
    #expect(result.book.metadata.language == "en")
    let text = result.book.pages.map(\.displayText).joined()
    #expect(!text.contains("Gutenberg") && !text.contains("licence"))
}

/// The header is searched byte by byte first; a field name whose last
/// character carries a combining mark is still not that field.
@Test func readsHeaderFieldsOnlyWhereTheirCharactersMatch() {
    let book = book(
        text: """
            Title:\u{301} Not This One
            Title: The Real Title
            Author:\u{301} Nobody
            Author: Ann Author and Bob Writer
            Language: French

            *** START OF THE PROJECT GUTENBERG EBOOK THE REAL TITLE ***

            Some text of the book.

            *** END OF THE PROJECT GUTENBERG EBOOK THE REAL TITLE ***
            """)
    #expect(book.metadata.title == "The Real Title")
    #expect(book.metadata.authors == ["Ann Author", "Bob Writer"])
    #expect(book.metadata.language == "fr")
    #expect(!book.pages.map(\.displayText).joined().contains("GUTENBERG"))
}

@Test func makesOnePagePerChapterTitledWithItsHeading() throws {
    let pages = try book("gutenberg-hard-wrapped.txt").book.pages
    #expect(pages.map(\.title) == ["THE TINY TALE", "CHAPTER I. The Beginning", "CHAPTER II. The End"])
}

@Test func joinsHardWrappedLinesButKeepsVerseLines() throws {
    let pages = try book("gutenberg-hard-wrapped.txt", .paragraph).book.pages
    #expect(pages[1].utterances[2].text.hasPrefix("It was a dark and stormy night; the rain fell in torrents, except at occasional"))
    #expect(pages[2].utterances[2].text == "Twinkle, twinkle, little bat!\nHow I wonder what you're at!\n")
}

@Test func readsMarkdownHeadingsListsAndNumberedSections() throws {
    let pages = try book("markdown-headings.txt").book.pages
    #expect(pages.map(\.title) == ["A Guide", "Getting Started", "1. Introduction"])
    #expect(pages[1].displayText == "Getting Started\n- Install the tools. Then check them.\n- Set up your key, and test it.")
    #expect(pages[2].displayText.contains("Details\nDetails stay on the page."))
}

@Test func readsOneParagraphPerLine() throws {
    let pages = try book("one-paragraph-per-line.txt", .paragraph).book.pages
    #expect(pages.map(\.title) == ["Chapter 1", "Chapter 2"])
    #expect(pages[0].utterances.count == 3)
}

@Test(arguments: [
    ("CHAPTER IV.\n\nThe Rabbit Sends in a Little Bill\n\nText.", "CHAPTER IV. The Rabbit Sends in a Little Bill"),
    ("Chapter 12\n\nText.", "Chapter 12"),
    ("Chapter 3: The Storm\n\nText.", "Chapter 3: The Storm"),
    ("PART ONE\n\nText.", "PART ONE"),
    ("BOOK I\n\nText.", "BOOK I"),
    ("XI\n\nWho Stole the Tarts?\n\nText.", "XI. Who Stole the Tarts?"),
    ("# Title\n\nText.", "Title"),
    ("THE STORM BREAKS\n\nText.", "THE STORM BREAKS"),
    ("Chapitre 2\n\nTexte.", "Chapitre 2"),
    ("Kapitel 7\n\nText.", "Kapitel 7"),
    ("Preface\n\nText.", "Preface"),
])
func recognisesChapterHeadings(_ text: String, _ title: String) {
    let pages = book(text: "Front matter.\n\n" + text).pages
    #expect(pages.map(\.title) == [nil, title])
}

@Test(arguments: [
    "“I won’t!” said Alice.\n\nText.",
    "He left. The end came.\n\nText.",
    "I\nsaw her.\n\nText.",
    "Short line,\n\nText.",
])
func leavesOrdinaryShortParagraphsAlone(_ text: String) {
    #expect(book(text: text).pages.count == 1)
}

@Test func readsATitleBlockWithoutAGutenbergHeader() {
    let book = book(text: "The Raven\n\nby\n\nEdgar Allan Poe\n\nOnce upon a midnight dreary.")
    #expect(book.metadata.title == "The Raven")
    #expect(book.metadata.authors == ["Edgar Allan Poe"])
    #expect(book.pages.first?.title == "The Raven")
}

@Test(arguments: [
    ("Le chat est sur la table et il dort dans la maison. " , "fr"),
    ("Der Hund ist nicht in dem Haus und die Katze ist auf dem Dach. ", "de"),
    ("El perro está en la casa y el gato se lo come con una manzana para los niños. ", "es"),
    ("The dog is in the house and the cat is on the roof with the bird. ", "en"),
])
func guessesTheLanguageOfAnUnlabelledText(_ sentence: String, _ language: String) {
    #expect(book(text: String(repeating: sentence, count: 10)).metadata.language == language)
}

@Test func blankInputGivesNoPagesAndAWarning() {
    for text in ["\n\n  \n", "[]\n* * *\n"] {
        let result = Importing.text(bytes: Array(text.utf8))
        #expect(result.book.pages.isEmpty)
        #expect(result.warnings.map(\.message) == ["the book has no readable text"])
    }
}

@Test func textAfterAFormFeedIsKept() {
    let result = Importing.text(bytes: Array("Page one.\n\u{C}Page two.\n\u{C}\nPage three.\u{C}Page four.\n".utf8))
    #expect(result.book.pages.flatMap(\.utterances).map(\.text).joined().contains("Page two."))
    #expect(result.book.pages.flatMap(\.utterances).map(\.text).joined().contains("Page four."))
}

@Test func bookImporterSendsPlainTextHere() throws {
    let result = try BookImporter.importBook(bytes: Array("Hello there. Bye.".utf8), fileName: "a.txt")
    #expect(result.book.pages.first?.utterances.map(\.text) == ["Hello there. ", "Bye."])
}
