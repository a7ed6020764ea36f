import BookModel
import Importers
import InteractiveReader
import Narrator
import Testing

@testable import Segmentation
@testable import TextPrimitives

private let splitter = SentenceSplitter()

private func sentences(_ page: ReaderPage) -> [String] {
    page.sentences.indices.map { String(String.UnicodeScalarView(page.scalars[page.spokenRange(of: $0)])) }
}

private let prose = """
    The Squirrel

    Mr. Nutkin lived in a tree. He was rude! Was he sorry?

    Old Brown was not amused. The end.
    """

@Test(arguments: Granularity.allCases)
func findsTheSameSentencesWhateverTheSplit(split: Granularity) throws {
    var options = ImportOptions()
    options.granularity = split
    let book = try BookImporter.importBook(bytes: Array(prose.utf8), fileName: "squirrel.txt", options: options).book
    let pages = book.pages.map { ReaderPage($0, splitter: splitter) }
    #expect(pages.flatMap(sentences) == [
        "The Squirrel", "Mr. Nutkin lived in a tree.", "He was rude!", "Was he sorry?", "Old Brown was not amused.",
        "The end.",
    ])
}

@Test func numbersParagraphsByLineAndKeepsTheLineBreakWithTheSentenceBefore() {
    let page = ReaderPage(Page(utterances: [Utterance("A one. A two.\n"), Utterance("B one.\n\nC one. C two.")]),
                          splitter: splitter)
    #expect(page.sentences.map(\.paragraph) == [0, 0, 1, 2, 2])
    let text = page.sentences.map { String(String.UnicodeScalarView(page.scalars[$0.range])) }
    #expect(text == ["A one. ", "A two.\n", "B one.\n", "C one. ", "C two."])
}

@Test func groupsWordUtterancesIntoSentences() {
    let words = Page(utterances: ["Whisky, ", "frisky, ", "hippidity hop. ", "Up ", "he ", "goes!"].map { Utterance($0) })
    let page = ReaderPage(words, splitter: splitter)
    #expect(sentences(page) == ["Whisky, frisky, hippidity hop.", "Up he goes!"])
    #expect(page.words(of: 1).count == 3)
}

@Test func spokenRangeLeavesOutSurroundingSpace() {
    let page = ReaderPage(Page(utterances: [Utterance("  Hello there.  \n"), Utterance("Bye.")]), splitter: splitter)
    #expect(sentences(page) == ["Hello there.", "Bye."])
    #expect(page.sentence(containing: page.scalars.count - 1) == 1)
}

@Test func anEmptyPageHasNoSentences() {
    #expect(ReaderPage(Page(), splitter: splitter).sentences.isEmpty)
    #expect(ReaderPage(Page(utterances: [Utterance(" \n ")]), splitter: splitter).sentences.isEmpty)
}
