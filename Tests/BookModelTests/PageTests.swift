import BookModel
import Testing

@Test func displayTextIsThePlainConcatenationOfUtteranceStrings() {
    let page = Page(utterances: [Utterance("Whisky, "), Utterance("frisky, "), Utterance("hippidity hop.")])
    #expect(page.displayText == "Whisky, frisky, hippidity hop.")
}
