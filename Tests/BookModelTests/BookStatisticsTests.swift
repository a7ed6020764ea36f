import BookModel
import Testing

@Test(arguments: [
    ("Whisky, frisky, hippidity hop.", 4),
    ("Don’t stop — it's 3.14 o'clock!", 6),
    ("", 0),
    ("   ", 0),
    ("日本語", 1),
])
func countsWordsAsRunsOfLettersAndDigits(text: String, words: Int) {
    #expect(BookStatistics.countWords(text) == words)
}

@Test func statisticsAddUpPagesUtterancesAndAuthoredSilence() {
    let book = Book(pages: [
        Page(utterances: [Utterance("One two ", prosody: Prosody(postUtteranceDelay: 0.5))]),
        Page(utterances: [Utterance("three.", prosody: Prosody(preUtteranceDelay: 0.25))]),
    ])
    let stats = BookStatistics(book)
    #expect(stats.pages == 2)
    #expect(stats.utterances == 2)
    #expect(stats.words == 3)
    #expect(stats.characters == 14)
    #expect(stats.authoredSilence == 0.75)
}
