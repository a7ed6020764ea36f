import BookModel
import Narrator
import Testing

/// Cases as marked text: `¦` marks where a sentence ends.
@Test(arguments: [
    "Mr. Smith arrived. ¦He sat down! ¦Did he?",
    "\u{201C}Stop!\u{201D} she said. ¦Then: \u{201C}Why?\u{201D}",
    "It cost 3.50 dollars, i.e. too much. ¦Dr. Who and J. R. Tolkien met. ¦Fine.",
    "Wait\u{2026} and see. ¦Really?! ¦Yes.",
    "Chapter One\n¦It was dark. ¦Cold.",
    "Line one\n¦line two\n¦",
    "\u{543E}\u{8F29}\u{306F}\u{732B}\u{3067}\u{3042}\u{308B}\u{3002}¦\u{540D}\u{524D}\u{306F}\u{3002}¦",
    "No end punctuation",
    "She said etc. and left. ¦Next.",
    "A quote ends.\u{2060}\u{201D} ¦Next.",
])
func findsSentenceEnds(marked: String) {
    let expected = marked.split(separator: "¦", omittingEmptySubsequences: false).map(String.init)
        .filter { !$0.isEmpty }
    let scalars = Array(marked.replacingOccurrences(of: "¦", with: "").unicodeScalars)
    let found = SentenceGrouping.sentences(of: scalars).map { String(String.UnicodeScalarView(scalars[$0.range])) }
    #expect(found == expected)
}

@Test func numbersParagraphsAfterLineBreaks() {
    let scalars = Array("A one. A two.\nB one.\n\nC one. C two.".unicodeScalars)
    #expect(SentenceGrouping.sentences(of: scalars).map(\.paragraph) == [0, 0, 1, 2, 2])
}

@Test func groupsWordUtterancesIntoTheSameSentencesAsSentenceUtterances() {
    let words = Page(utterances: ["Whisky, ", "frisky, ", "hippidity hop. ", "Up ", "he ", "goes!\n", "Done."].map { Utterance($0) })
    let sentences = Page(utterances: ["Whisky, frisky, hippidity hop. ", "Up he goes!\n", "Done."].map { Utterance($0) })
    #expect(ReaderPage(words).sentences == ReaderPage(sentences).sentences)
    #expect(ReaderPage(words).sentences.count == 3)
}

@Test func splitsParagraphUtterancesIntoSentences() {
    let page = ReaderPage(Page(utterances: [Utterance("First here. Second there.\n"), Utterance("Third.")]))
    #expect(page.sentences.map(\.paragraph) == [0, 0, 1])
    #expect(page.words(of: 1).count == 2)
}

@Test func spokenRangeLeavesOutSurroundingSpace() {
    let page = ReaderPage(Page(utterances: [Utterance("  Hello there.  \n"), Utterance("Bye.")]))
    let range = page.spokenRange(of: 0)
    #expect(String(String.UnicodeScalarView(page.scalars[range])) == "Hello there.")
    #expect(page.sentence(containing: range.upperBound + 1) == 0)
    #expect(page.sentence(containing: page.scalars.count - 1) == 1)
}

@Test func anEmptyPageHasNoSentences() {
    #expect(ReaderPage(Page()).sentences.isEmpty)
    #expect(ReaderPage(Page(utterances: [Utterance(" \n ")])).sentences.isEmpty)
}
