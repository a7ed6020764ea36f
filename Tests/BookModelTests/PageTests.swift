import BookModel
import Testing

@Test func displayTextIsThePlainConcatenationOfUtteranceStrings() {
    let page = Page(utterances: [Utterance("Whisky, "), Utterance("frisky, "), Utterance("hippidity hop.")])
    #expect(page.displayText == "Whisky, frisky, hippidity hop.")
}

@Test func aPageIsNotesWhenEveryUtteranceIsANote() {
    #expect(Page(utterances: [Utterance("1. Eight.\n", isNote: true), Utterance("2. Nine.", isNote: true)]).role == .notes)
    #expect(Page(utterances: [Utterance("Acorns.\n"), Utterance("1. Eight.", isNote: true)]).role == .body)
    #expect(Page(utterances: [Utterance("Acorns.")]).role == .body)
    #expect(Page().role == .body)
}

@Test func theDumpMarksNotesPagesAndNoteUtterances() {
    let book = Book(pages: [Page(utterances: [Utterance("Eight.", isNote: true)]), Page(utterances: [Utterance("Oak.")])])
    let dump = BookDump.render(book)
    #expect(dump.contains("Page 1 role=notes utterances=1"))
    #expect(dump.contains("\"Eight.\" note"))
    #expect(dump.contains("Page 2 utterances=1"))
    #expect(!dump.contains("\"Oak.\" note"))
}
