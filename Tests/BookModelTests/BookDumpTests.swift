import BookModel
import Testing

@Test func dumpShowsEveryLevelWithQuotedStringsAndIntegerProperties() {
    var prosody = Prosody(rate: 1, pitchMultiplier: 1.25)
    prosody.integerProperties.insert(.init(.rate))
    let book = Book(
        metadata: BookMetadata(title: "T", authors: ["A", "B"], language: "en"),
        pages: [
            Page(title: "One", utterances: [Utterance(" Hi\n", prosody: prosody)]),
            Page(backgroundImage: "bg.jpg", utterances: [Utterance("x", language: "fr", source: SourceLocation(resource: "c.xhtml", line: 3))]),
        ])
    let expected = """
        Book title="T" authors=["A", "B"] language=en pages=2
        ├─ Page 1 title="One" utterances=1
        │  └─ " Hi\\n" rate=1 pitchMultiplier=1.25
        └─ Page 2 background="bg.jpg" utterances=1
           └─ "x" language=fr source=c.xhtml:3

        """
    #expect(BookDump.render(book) == expected)
}

@Test(arguments: [(1.0, "1"), (0.1, "0.1"), (1.2, "1.2"), (-3.0, "-3"), (1e20, "1e+20")])
func formatsRealsInTheirShortestForm(value: Double, text: String) {
    #expect(BookDump.format(value) == text)
}

@Test func pronunciationsOfAPieceOfAnUtteranceCountFromItsStart() {
    let said = Pronunciation.Spoken.alias("x")
    let list = [
        Pronunciation(range: 0..<3, spoken: said, origin: .inline), Pronunciation(range: 5..<9, spoken: said, origin: .inline),
        Pronunciation(range: 8..<12, spoken: said, origin: .inline),
    ]
    #expect(list.within(4..<10).map(\.range) == [1..<5])
}

@Test func theDumpShowsEachPronunciationWithWhatItCovers() {
    var utterance = Utterance("Ask Hermione.")
    utterance.pronunciations = [
        Pronunciation(range: 4..<12, spoken: .phonemes("hɜːˈmaɪəni", alphabet: .ipa), origin: .userLexicon("n.lexicon")),
    ]
    let dump = BookDump.render(Book(pages: [Page(utterances: [utterance])]))
    #expect(dump.contains("say[\"Hermione\"]=ipa:\"hɜːˈmaɪəni\"(lexicon n.lexicon)"))
}
