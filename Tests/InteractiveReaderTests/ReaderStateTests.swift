import BookModel
@testable import InteractiveReader
import Narrator
import Testing

@Test func movesBySentenceAcrossPages() {
    var state = ReaderState(pages: threePages)
    var seen = [place(state)]
    for _ in 0..<6 {
        state.apply(.nextSentence)
        seen.append(place(state))
    }
    #expect(seen == ["1:1 One a.", "1:2 One b.", "1:3 One c.", "1:4 One d.", "2:1 Two a.", "3:1 Three a.", "3:2 Three b."])
    for _ in 0..<3 { state.apply(.previousSentence) }
    #expect(place(state) == "1:4 One d.")
}

@Test func staysOnTheLastSentenceOfTheBookWhenMovingOn() {
    var state = ReaderState(pages: threePages, position: ReadingPosition(page: 2, offset: 9))
    #expect(place(state) == "3:2 Three b.")
    state.apply(.nextSentence)
    #expect(place(state) == "3:2 Three b.")
    state.apply(.nextPage)
    #expect(place(state) == "3:2 Three b.")
}

@Test func movesByParagraph() {
    var state = ReaderState(pages: threePages)
    state.apply(.nextParagraph)
    #expect(place(state) == "1:3 One c.")
    state.apply(.nextParagraph)
    #expect(place(state) == "2:1 Two a.")
    state.apply(.previousParagraph)
    #expect(place(state) == "1:3 One c.")
    state.apply(.nextSentence)
    state.apply(.previousParagraph)
    #expect(place(state) == "1:1 One a.")
    state.apply(.previousParagraph)
    #expect(place(state) == "1:1 One a.")
}

@Test func movesByPageToThePageStart() {
    var state = ReaderState(pages: threePages)
    state.apply(.nextSentence)
    state.apply(.nextPage)
    #expect(place(state) == "2:1 Two a.")
    state.apply(.nextPage)
    state.apply(.nextSentence)
    state.apply(.previousPage)
    #expect(place(state) == "2:1 Two a.")
    state.apply(.previousPage)
    state.apply(.previousPage)
    #expect(place(state) == "1:1 One a.")
}

@Test(arguments: [(0, "1:1 One a."), (2, "3:1 Three a."), (99, "3:1 Three a."), (-5, "1:1 One a.")])
func goesToAPageClampedToTheBook(index: Int, expected: String) {
    var state = ReaderState(pages: threePages, position: ReadingPosition(page: 1))
    state.apply(.goToPage(index))
    #expect(place(state) == expected)
}

@Test func changesSpeedInStepsWithinEspeaksRange() {
    var state = ReaderState(pages: threePages, speed: 3.95)
    state.apply(.faster)
    #expect(state.speed == 4)
    state.apply(.faster)
    #expect(state.speed == 4)
    for _ in 0..<3 { state.apply(.slower) }
    #expect(abs(state.speed - 3.7) < 1e-9)
    for _ in 0..<3 { state.apply(.faster) }
    #expect(state.speed == 4)
    #expect(ReaderState(pages: threePages, speed: 0.01).speed == 0.25)
}

@Test func finishesAtTheEndOfTheBookAndStartsAgainOnResume() {
    var state = ReaderState(pages: threePages, position: ReadingPosition(page: 2, offset: 9))
    state.advance()
    #expect(state.isFinished && state.isPaused)
    state.apply(.togglePause)
    #expect(!state.isPaused && !state.isFinished)
    #expect(place(state) == "1:1 One a.")
}

@Test func remembersThePageAndSentenceStart() {
    var state = ReaderState(pages: threePages)
    state.apply(.nextParagraph)
    state.word = 10..<13
    #expect(state.position == ReadingPosition(page: 0, offset: 14))
    let reopened = ReaderState(pages: threePages, position: state.position)
    #expect(place(reopened) == "1:3 One c.")
}

@Test func opensAtAClampedPositionWhenTheBookChanged() {
    let state = ReaderState(pages: threePages, position: ReadingPosition(page: 40, offset: 9_999))
    #expect(place(state) == "3:2 Three b.")
    #expect(ReaderState(pages: []).page.sentences.isEmpty)
}
