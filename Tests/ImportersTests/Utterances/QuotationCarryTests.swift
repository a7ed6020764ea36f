import BookModel
@testable import Importers
import Testing
import TextPrimitives

/// A quotation left open at a block's end goes on into the next blocks when
/// they close it before opening another (quoted verse set line by line);
/// else it ends with its paragraph, as prose reopens it.
@Suite struct QuotationCarryTests {
    private func pitches(_ texts: [String]) -> [Double] {
        let builder = UtteranceBuilder(options: ImportOptions())
        return builder.utterances(for: texts.map { TextBlock(.paragraph, text: $0) }).map { $0.prosody.pitchMultiplier ?? 1 }
    }

    @Test func quotedVerseIsDialogueLineAfterLine() {
        let verse = pitches([
            "“Come into the garden, Maud,", "For the black bat, night, has flown,", "Come into the garden, Maud,”",
            "For the black bat, night, has flown,",
        ])
        // The three lines inside the marks alike, the same line outside them not.
        #expect(verse[1] == verse[0] && verse[2] == verse[0])
        #expect(verse[3] < verse[1])
    }

    @Test func aQuotationReopenedOrNeverClosedEndsWithItsParagraph() {
        // Prose reopens speech in its next paragraph: that paragraph is
        // speech by its own marks, and the narration after it is not.
        let reopened = pitches(["“Come into the garden, Maud,", "“For the black bat, night, has flown,”", "For the black bat, night, has flown,"])
        #expect(reopened[2] < reopened[1])
        // A mark left open with nothing to close it: the next paragraph is narration.
        let unclosed = pitches(["“Come into the garden, Maud,", "For the black bat, night, has flown,"])
        let plain = pitches(["Come into the garden, Maud,", "For the black bat, night, has flown,"])
        #expect(unclosed[1] == plain[1])
        // A straight double quote reads alike opening and closing: not followed.
        let straight = pitches(["\"Come into the garden, Maud,", "For the black bat, night, has flown,\""])
        #expect(straight[1] == plain[1])
        // Straight single quotes are told by their place, and followed.
        let single = pitches(["'Come into the garden, Maud,", "For the black bat, night, has flown,'"])
        #expect(single[1] > plain[1])
    }

    @Test func aQuotationGoesOnAcrossPiecesOfALongPage() {
        let texts = (0..<30).flatMap { _ in ["‘Twinkle, twinkle, little bat!", "Up above the world you fly,", "How I wonder what you’re at!’"] }
        let blocks = texts.map { TextBlock(.paragraph, text: $0) }
        var whole = UtteranceBuilder(options: ImportOptions())
        whole.pieceLength = .max
        var pieced = whole
        pieced.pieceLength = 40
        let utterances = whole.utterances(for: blocks)
        #expect(pieced.utterances(for: blocks) == utterances)
        // Every line sung: the middle line, with no mark of its own, in the
        // dialogue style every time, above the same line said outside quotes.
        let middle = utterances.filter { $0.text.hasPrefix("Up above") }.compactMap(\.prosody.pitchMultiplier)
        let outside = pitches(["Up above the world you fly,", "It was late."])[0]
        #expect(middle.count == 30 && Set(middle).count == 1 && middle.allSatisfy { $0 > outside })
    }
}
