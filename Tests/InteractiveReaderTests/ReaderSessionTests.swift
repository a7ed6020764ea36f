import BookModel
@testable import InteractiveReader
import Narrator
import Testing

private let story = [
    Page(utterances: [Utterance("The cat sat. "), Utterance("It purred loudly.\n"), Utterance("Then it slept.")]),
    Page(utterances: [Utterance("Morning came.")]),
]

private func session(_ pages: [Page] = story, at now: Double = 0) throws -> (ReaderSession, RecordingReaderVoice) {
    let voice = RecordingReaderVoice()
    let session = ReaderSession(state: ReaderState(pages: pages), voice: voice)
    try session.begin(at: now)
    return (session, voice)
}

private func word(_ session: ReaderSession) -> String? {
    session.state.word.map { String(String.UnicodeScalarView(session.state.page.scalars[$0])) }
}

@Test func speaksOneSentenceAtATimeAndFollowsItsWords() throws {
    let (session, voice) = try session()
    #expect(voice.started == ["The cat sat."])
    #expect(word(session) == "The")
    #expect(try session.update(at: 1.5))
    #expect(word(session) == "cat")
    #expect(try !session.update(at: 1.7))
    #expect(session.nextDeadline(after: 1.7) == 2)
    try session.update(at: 2)
    #expect(word(session) == "sat.")
    try session.update(at: 3)
    #expect(voice.started == ["The cat sat.", "It purred loudly."])
    #expect(word(session) == "It")
}

@Test func everyMoveStopsTheVoiceBeforeSpeakingTheNewPlace() throws {
    let (session, voice) = try session()
    for move in [ReaderMove.nextSentence, .nextPage, .previousPage, .nextParagraph, .previousSentence, .goToPage(1)] {
        voice.clear()
        try session.perform(move, at: 0.5)
        #expect(voice.calls.first == .stop, "\(move)")
        #expect(voice.started.count == 1, "\(move)")
    }
    #expect(voice.started == ["Morning came."])
}

@Test func pauseStopsAndResumeContinuesFromTheCurrentWord() throws {
    let (session, voice) = try session()
    try session.update(at: 1.2)
    voice.clear()
    try session.perform(.togglePause, at: 1.3)
    #expect(voice.calls == [.stop])
    #expect(session.state.isPaused)
    #expect(word(session) == "cat")
    #expect(session.nextDeadline(after: 5) == nil)
    #expect(try !session.update(at: 50))
    try session.perform(.togglePause, at: 60)
    #expect(voice.started == ["cat sat."])
    try session.update(at: 61)
    #expect(word(session) == "sat.")
}

@Test func changingSpeedRestartsTheRestOfTheSentenceAtTheNewSpeed() throws {
    let (session, voice) = try session()
    try session.update(at: 2.1)
    voice.clear()
    try session.perform(.faster, at: 2.2)
    #expect(voice.calls == [.stop, .start(text: "sat.", speed: 1.1)])
    #expect(word(session) == "sat.")
}

@Test func movesWhilePausedStaySilent() throws {
    let (session, voice) = try session()
    try session.perform(.togglePause, at: 0.1)
    voice.clear()
    try session.perform(.nextSentence, at: 0.2)
    #expect(voice.started.isEmpty)
    #expect(session.state.sentence == 1)
    try session.perform(.togglePause, at: 0.3)
    #expect(voice.started == ["It purred loudly."])
}

@Test func readsOnToTheNextPageAndStopsAtTheEnd() throws {
    let (session, voice) = try session()
    var now = 0.0
    while !session.state.isFinished, now < 100 {
        now += 0.5
        try session.update(at: now)
    }
    #expect(voice.started == ["The cat sat.", "It purred loudly.", "Then it slept.", "Morning came."])
    #expect(!voice.calls.contains(.stop), "reading on stopped the voice between sentences")
    #expect(session.state.isPaused)
    #expect(session.nextDeadline(after: now) == nil)
}

@Test func theNextSentenceIsTimedFromTheEndOfTheLastNotFromWhenTheEndWasNoticed() throws {
    // The reader's loop notices each end a few milliseconds late; the sound
    // runs on without a gap, so the highlight must not add those up.
    let (session, voice) = try session()
    try session.update(at: 3.004)
    #expect(voice.started == ["The cat sat.", "It purred loudly."])
    #expect(session.nextDeadline(after: 3.004) == 4)
    try session.update(at: 6.009)
    #expect(voice.started.last == "Then it slept.")
    #expect(session.nextDeadline(after: 6.009) == 7)
}

@Test func aWordAlreadyDueMakesTheDeadlineNow() throws {
    // A sentence's first word can be due before its rendering is done: the
    // reader must not wait for the second word's time to show it.
    let (session, _) = try session()
    #expect(session.nextDeadline(after: 1.5) == 1.5)
    try session.update(at: 1.5)
    #expect(session.nextDeadline(after: 1.5) == 2)
}

@Test func aSentenceEndNoticedLongAfterwardsStartsTheNextAtOnce() throws {
    let (session, _) = try session()
    try session.update(at: 10)
    #expect(session.nextDeadline(after: 10) == 11)
    #expect(word(session) == "It")
}

@Test func passesOverAnEmptyPageAfterAPause() throws {
    let (session, voice) = try session([Page(), story[1]])
    #expect(voice.started.isEmpty)
    try session.update(at: ReaderSession.emptyPageDelay)
    #expect(voice.started == ["Morning came."])
}

@Test func aFailingVoiceThrowsFromTheMoveThatStartedIt() throws {
    let (session, voice) = try session()
    struct Broken: Error {}
    voice.failure = Broken()
    #expect(throws: Broken.self) { try session.perform(.nextSentence, at: 1) }
}

@Test func estimatesTimeLeftOnThePageFromThePlace() throws {
    let (session, _) = try session()
    let atStart = session.timeLeftOnPage()
    try session.perform(.nextParagraph, at: 0.1)
    let later = session.timeLeftOnPage()
    #expect(later < atStart && later > 0)
    try session.perform(.faster, at: 0.2)
    #expect(session.timeLeftOnPage() < later)
}

@Test func theVoiceIsHandedThePronunciationsOfWhatItSays() throws {
    var second = Utterance("Ask Hermione now.")
    second.pronunciations = [
        Pronunciation(range: 4..<12, spoken: .phonemes("hɜːˈmaɪəni", alphabet: .ipa), origin: .userLexicon("n")),
    ]
    let (session, voice) = try session([Page(utterances: [Utterance("Hello. "), second])])
    try session.update(at: 3)
    #expect(voice.started == ["Hello.", "Ask Hermione now."])
    let piece = try #require(voice.requests.last?.segments.first)
    #expect(piece.pronunciations.map(\.range) == [4..<12])
}

/// Each sentence is asked for with the page's text before it (where a
/// quotation may have opened: its paragraph's, and earlier ones') and the
/// text after it (which may close a quotation open at a line's end).
@Test func eachRequestCarriesThePageTextAroundIt() throws {
    let pages = [Page(utterances: [
        Utterance("“I went to the market this morning. "), Utterance("It was closed.”\n"),
        Utterance("He nodded."),
    ])]
    let (session, voice) = try session(pages)
    try session.update(at: 2)
    try session.update(at: 10)
    try session.update(at: 20)
    #expect(voice.requests.map(\.text) == ["“I went to the market this morning.", "It was closed.”", "He nodded."])
    #expect(voice.requests.map(\.context) == [
        "", "“I went to the market this morning. ", "“I went to the market this morning. It was closed.”\n",
    ])
    #expect(voice.requests.map(\.following) == [" It was closed.”\nHe nodded.", "\nHe nodded.", ""])
}

/// A long paragraph before the sentence's is left out of its context: the
/// context reaches back to paragraphs that start within 2,000 scalars.
@Test func aRequestsContextLeavesOutALongParagraphBefore() throws {
    let long = String(repeating: "Words go on and on. ", count: 150) + "\n"
    let pages = [Page(utterances: [Utterance(long), Utterance("“Come in.”\n"), Utterance("He came.")])]
    let offset = long.unicodeScalars.count + "“Come in.”\n".unicodeScalars.count
    let voice = RecordingReaderVoice()
    let session = ReaderSession(
        state: ReaderState(pages: pages, position: ReadingPosition(page: 0, offset: offset)), voice: voice)
    try session.begin(at: 0)
    #expect(voice.requests.map(\.text) == ["He came."])
    #expect(voice.requests.first?.context == "“Come in.”\n")
}
