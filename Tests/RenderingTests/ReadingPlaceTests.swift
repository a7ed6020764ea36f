import BookModel
import Narrator
import Testing

@testable import Rendering

/// Which part of a book a recording reads, from the recogniser's
/// transcripts of its beginning and end: a made-up book of five pages of
/// ten sentences, every word its own.
struct ReadingPlaceTests {
    static let book = Book(pages: (0..<5).map { page in
        Page(utterances: (0..<10).map { sentence in
            Utterance((0..<12).map { "p\(page)s\(sentence)w\($0)" }.joined(separator: " ") + ". ")
        })
    })

    /// The words of `sentences` of `page`, as a recogniser writes them down.
    static func heard(page: Int, sentences: Range<Int>) -> [String] {
        sentences.flatMap { sentence in (0..<12).map { "p\(page)s\(sentence)w\($0)" } }
    }

    let words = ReadingPlace.BookWords(Self.book)

    @Test func aReadingOfTwoPagesIsFoundFromItsBeginningAndEnd() throws {
        // 240 words in 96 s: 150 words a minute.
        let part = try #require(words.part(head: Self.heard(page: 2, sentences: 0..<4), tail: Self.heard(page: 3, sentences: 7..<10), recordingSeconds: 96))
        #expect(part == ReadingPlace.Part(start: UtterancePosition(page: 2, utterance: 0), lastPage: 3))
        #expect(ReadingPlace.describe(part, in: Self.book)
            == "the recording reads part of the text, from page 3 (“p2s0w0 p2s0w1 p2s0w2 p2s0w3 p2s0w4 p2s0w5…”) to page 4: only that part is aligned (--from or --pages chooses another)")
    }

    @Test func aBeginningInsideAPageIsKeptButAHeadingBeforeItIsRead() {
        let inside = words.part(head: Self.heard(page: 1, sentences: 5..<8), tail: [], recordingSeconds: 60)
        #expect(inside == ReadingPlace.Part(start: UtterancePosition(page: 1, utterance: 5), lastPage: nil))
        let nearTheTop = words.part(head: Self.heard(page: 1, sentences: 2..<5), tail: [], recordingSeconds: 60)
        #expect(nearTheTop?.start == UtterancePosition(page: 1, utterance: 0))
    }

    @Test func theBooksOwnBeginningAndEndAreNotNamed() {
        let part = words.part(head: Self.heard(page: 0, sentences: 0..<3), tail: Self.heard(page: 4, sentences: 7..<10), recordingSeconds: 240)
        #expect(part == ReadingPlace.Part())
    }

    @Test func anEndAtAnImplausiblePaceIsNotTrusted() {
        // 240 words in 10 s would be 1,440 words a minute.
        let part = words.part(head: Self.heard(page: 2, sentences: 0..<4), tail: Self.heard(page: 3, sentences: 7..<10), recordingSeconds: 10)
        #expect(part == ReadingPlace.Part(start: UtterancePosition(page: 2, utterance: 0), lastPage: nil))
    }

    @Test func transcriptsFoundNowhereFindNoPart() {
        let part = words.part(head: ["the", "whale", "swam"], tail: ["call", "me", "ishmael", "please"], recordingSeconds: 60)
        #expect(part == nil)
    }

    /// With `--pages 2-5` (or `--from`), the part is looked for in those
    /// pages only, and said to be part of the text chosen.
    @Test func aPartIsFoundInsideThePagesChosen() throws {
        let chosen = ReadingPlace.BookWords(Self.book, pages: 2...5)
        #expect(chosen.positions.first == UtterancePosition(page: 1, utterance: 0))
        let part = try #require(chosen.part(head: Self.heard(page: 1, sentences: 0..<3), tail: Self.heard(page: 2, sentences: 7..<10), recordingSeconds: 96))
        #expect(part == ReadingPlace.Part(start: nil, lastPage: 2))
        #expect(ReadingPlace.describe(part, in: Self.book, chosen: true)
            == "the recording reads part of the text chosen, from where it begins to page 3: only that part is aligned")
        let from = ReadingPlace.BookWords(Self.book, start: UtterancePosition(page: 3, utterance: 1))
        #expect(from.positions.first == UtterancePosition(page: 3, utterance: 1))
        // Snapped to its page's top, a beginning does not go back before the start chosen.
        #expect(from.part(head: Self.heard(page: 3, sentences: 1..<4), tail: [], recordingSeconds: 60) == ReadingPlace.Part())
        #expect(from.part(head: Self.heard(page: 3, sentences: 5..<8), tail: [], recordingSeconds: 60)?.start
            == UtterancePosition(page: 3, utterance: 5))
        // Words only outside the pages chosen are found nowhere.
        #expect(chosen.part(head: Self.heard(page: 0, sentences: 0..<4), tail: [], recordingSeconds: 60) == nil)
    }

    @Test(arguments: [("en", true), ("en-GB", true), ("en_US", true), ("EN", true), ("fr", false), ("eng", false)])
    func englishIsToldByItsTag(tag: String, isEnglish: Bool) {
        #expect(ReadingPlace.isEnglish(tag) == isEnglish)
    }
}
