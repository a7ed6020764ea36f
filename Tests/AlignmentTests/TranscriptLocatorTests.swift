import Alignment
import Testing

/// Where a recogniser's rough transcript of a stretch of a recording lies
/// in a long text: a made-up text of 20,000 words (a few common words and
/// many rare ones, as in prose), and transcripts of its passages with a
/// recogniser's faults.
struct TranscriptLocatorTests {
    /// A reproducible pseudo-random sequence (a 64-bit LCG).
    struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// 20 common words make half the text; the rest is drawn from 3,000 rarer ones.
    static func text(seed: UInt64 = 7, count: Int = 20_000) -> [String] {
        var random = Sequence(state: seed)
        return (0..<count).map { _ in
            random.next(2) == 0 ? "common\(random.next(20))" : "word\(random.next(3_000))"
        }
    }

    /// `passage` as a recogniser might hear it: an announcement of
    /// `preamble` words first, then a word in four replaced, one in ten
    /// dropped and one in ten followed by a word that is not there.
    static func heard(_ passage: ArraySlice<String>, preamble: Int, seed: UInt64 = 11) -> [String] {
        var random = Sequence(state: seed)
        var heard = (0..<preamble).map { _ in "noise\(random.next(500))" }
        for word in passage {
            switch random.next(20) {
            case 0, 1: continue
            case 2...6: heard.append("wrong\(random.next(500))")
            default: heard.append(word)
            }
            if random.next(10) == 0 { heard.append("extra\(random.next(500))") }
        }
        return heard
    }

    @Test(arguments: [0, 37, 4_321, 12_000, 19_890])
    func aPassageHeardRoughlyIsPlacedWhereItBegins(start: Int) throws {
        let text = Self.text()
        let locator = TranscriptLocator(words: text)
        let passage = text[start..<min(start + 100, text.count)]
        let place = try #require(locator.place(of: Self.heard(passage, preamble: 30)))
        // The first words heard right may come a few words in.
        #expect(place.lowerBound >= start && place.lowerBound <= start + 4, "\(place) for a passage at \(start)")
        #expect(place.upperBound <= passage.endIndex && place.upperBound >= passage.endIndex - 6, "\(place)")
    }

    /// An announcement whose words the text holds just before the passage
    /// (a LibriVox "in the public domain" and a book's imprint): the place
    /// still begins where the passage does.
    @Test func anAnnouncementMatchingTheTextJustBeforeIsLeftOut() throws {
        let text = Self.text()
        let locator = TranscriptLocator(words: text)
        let start = 8_000
        let announcement = Array(text[(start - 40)..<(start - 28)]) + (0..<15).map { "noise\($0)" }
        let place = try #require(locator.place(of: announcement + Self.heard(text[start..<(start + 100)], preamble: 0)))
        #expect(place.lowerBound >= start && place.lowerBound <= start + 4, "\(place)")
    }

    /// A word heard at the end that the text also holds a few words past
    /// the passage (the next chapter's "the") does not carry the place on.
    @Test func aStrayWordMatchedPastThePassageDoesNotExtendIt() throws {
        let text = Self.text()
        let locator = TranscriptLocator(words: text)
        let heard = Array(text[8_000..<8_100]) + ["noise1", "noise2", text[8_107]]
        let place = try #require(locator.place(of: heard))
        #expect(place == 8_000..<8_100)
    }

    @Test func wordsFromNowhereInTheTextAreNotPlaced() {
        let locator = TranscriptLocator(words: Self.text())
        let other = Self.text(seed: 99, count: 100).map { "other" + $0 }
        #expect(locator.place(of: other) == nil)
        // Common words alone (the text's "the" and "and") say nothing of where.
        let commonOnly = Self.text(seed: 5, count: 300).filter { $0.hasPrefix("common") }
        #expect(locator.place(of: Array(commonOnly.prefix(80))) == nil)
    }

    @Test func aPassageTheTextHoldsTwiceIsPlacedOnlyWhenTheFirstIsRuledOut() throws {
        var text = Self.text()
        let passage = Array(text[5_000..<5_080])
        text.replaceSubrange(15_000..<15_080, with: passage)
        let locator = TranscriptLocator(words: text)
        let heard = Self.heard(passage[...], preamble: 0)
        #expect(locator.place(of: heard) == nil, "two places fit equally well")
        let later = try #require(locator.place(of: heard, from: 10_000))
        #expect(later.lowerBound >= 15_000 && later.lowerBound <= 15_004, "\(later)")
    }

    @Test func emptyTranscriptsAndTextsPlaceNothing() {
        #expect(TranscriptLocator(words: []).place(of: ["word1"]) == nil)
        #expect(TranscriptLocator(words: Self.text(count: 50)).place(of: []) == nil)
        #expect(TranscriptLocator(words: Self.text(count: 50)).place(of: ["word1"], from: 50) == nil)
    }
}
