@testable import Narrator
import Testing

struct WordAlignerTests {
    @Test func wordsWithoutEventsShareTheTimeByLength() {
        // espeak reports "on" but not "the": they split "on"'s time, 3:4.
        let aligner = WordAligner(texts: ["sat on the bank."])
        let events = [
            WordAligner.Event(segment: 0, offset: 0, sample: 0),
            WordAligner.Event(segment: 0, offset: 4, sample: 100),
            WordAligner.Event(segment: 0, offset: 11, sample: 170),
        ]
        let words = aligner.align(events, start: 0, speechEnd: 300, limit: 1000)[0]
        #expect(words.map(\.text) == ["sat", "on", "the", "bank"])
        #expect(words.map(\.startSample) == [0, 100, 130, 170])
        #expect(words.map(\.endSample) == [100, 130, 170, 300])
    }

    @Test func eventsInWhiteSpaceOrOtherSegmentsFindTheirWord() {
        let aligner = WordAligner(texts: ["out ", "of ", "“time”"])
        let events = [
            WordAligner.Event(segment: 0, offset: 0, sample: 10),
            WordAligner.Event(segment: 1, offset: 2, sample: 50),
        ]
        let words = aligner.align(events, start: 0, speechEnd: 90, limit: 80)
        #expect(words.map { $0.map(\.text) } == [["out"], ["of"], ["time"]])
        #expect(words[2][0].startSample == 50 && words[2][0].endSample == 80)
        #expect(words[1][0].startSample == 10 + 40 * 4 / 7)
    }

    @Test func anEventAtTheWordBeatsOneInTheSpaceBeforeIt() {
        // espeak reported the space after "F." at the initial's sound, then
        // "but" where it is heard, after the pause.
        let aligner = WordAligner(texts: ["Mrs. F. but no"])
        let events = [
            WordAligner.Event(segment: 0, offset: 0, sample: 0),
            WordAligner.Event(segment: 0, offset: 5, sample: 100),
            WordAligner.Event(segment: 0, offset: 7, sample: 180),
            WordAligner.Event(segment: 0, offset: 8, sample: 300),
            WordAligner.Event(segment: 0, offset: 12, sample: 400),
        ]
        let words = aligner.align(events, start: 0, speechEnd: 500, limit: 500)[0]
        #expect(words.map(\.text) == ["Mrs", "F", "but", "no"])
        #expect(words.map(\.startSample) == [0, 100, 300, 400])
    }

    @Test func eventsOutOfOrderInsideARunGiveOneCueForIt() {
        // espeak reported "2.1.3" of a French section number as 0, 4, 2:
        // still one word of the text, one cue, from its first event.
        let aligner = WordAligner(texts: ["2.1.3 Installer"])
        let events = [
            WordAligner.Event(segment: 0, offset: 0, sample: 0),
            WordAligner.Event(segment: 0, offset: 4, sample: 30),
            WordAligner.Event(segment: 0, offset: 2, sample: 60),
            WordAligner.Event(segment: 0, offset: 6, sample: 90),
        ]
        let words = aligner.align(events, start: 0, speechEnd: 200, limit: 200)[0]
        #expect(words.map(\.text) == ["2.1.3", "Installer"])
        #expect(words.map(\.startSample) == [0, 90])
    }

    @Test func eventsInsideARunCutItOnlyInScriptsWithoutSpaces() {
        // Japanese has no spaces: espeak's words inside the run are the
        // words. "Rabbit-Hole" is one word of the text, whatever espeak says.
        let aligner = WordAligner(texts: ["江戸の牛込出身。 Rabbit-Hole"])
        let events = [
            WordAligner.Event(segment: 0, offset: 0, sample: 0),
            WordAligner.Event(segment: 0, offset: 3, sample: 40),
            WordAligner.Event(segment: 0, offset: 9, sample: 90),
            WordAligner.Event(segment: 0, offset: 16, sample: 120),
        ]
        let words = aligner.align(events, start: 0, speechEnd: 200, limit: 200)[0]
        #expect(words.map(\.text) == ["江戸の", "牛込出身", "Rabbit-Hole"])
        #expect(words.map(\.startSample) == [0, 40, 90])
    }

    @Test(arguments: [
        // Events one letter into a word ("i" + "t is"), inside a number
        // ("1" + "888") and inside a name ("Open" + "PGP"): one cue each.
        ("it is so", [0, 1, 3, 6], ["it", "is", "so"]),
        ("in 1888 she", [0, 3, 4, 8], ["in", "1888", "she"]),
        ("use OpenPGP now", [0, 4, 8, 12], ["use", "OpenPGP", "now"]),
        ("s o far", [0, 2, 4], ["s", "o", "far"]),
        // A dash joins two words: "Mr." after it is heard after a pause.
        ("dancing?\u{2060}—Mr. Darcy", [0, 10, 14], ["dancing", "Mr", "Darcy"]),
        ("wait…then go", [0, 5, 10], ["wait", "then", "go"]),
        // espeak-ng reports no event in "One—two—": still a cue each.
        ("“One—two—three!” and", [0, 9, 17], ["One", "two", "three", "and"]),
        ("with\u{2060}—‘Keep it", [0, 7, 12], ["with", "Keep", "it"]),
        // An address is said in parts with pauses; periods, apostrophes and
        // hyphens join one word.
        ("mail dh@example.org now", [0, 5, 8, 16, 20], ["mail", "dh@", "example.org", "now"]),
        ("the U.S.A. qu'en e-mail", [0, 4, 6, 8, 11, 14, 16, 19], ["the", "U.S.A", "qu'en", "e-mail"]),
    ])
    func everyWordOfTheTextHasOneCue(text: String, offsets: [Int], expected: [String]) {
        let events = offsets.enumerated().map { WordAligner.Event(segment: 0, offset: $1, sample: $0 * 10) }
        let words = WordAligner(texts: [text]).align(events, start: 0, speechEnd: 100, limit: 100)[0]
        #expect(words.map(\.text) == expected)
        #expect(words.map(\.startSample) == words.map(\.startSample).sorted())
    }

    @Test func punctuationAloneIsNoWord() {
        #expect(WordAligner(texts: ["— “", " & 5% ", "..."]).tokens.count == 2)
    }
}
