import Narrator
import ReadAlong
import Testing

@testable import Rendering

/// How `narrate align` chooses and blends word times.
struct RecognizedWordsTests {
    @Test func startsThatAgreeAreBlendedATwoThirdsToOneThird() {
        // 22,050 Hz: the recogniser at 1.000 s, the warping 60 ms later.
        let blended = RecognizedWords.blended(recognized: 22_050..<30_000, warped: 23_373, reach: 3_308)
        #expect(blended == 22_491..<30_000)
    }

    @Test func startsFarApartKeepTheRecognisers() {
        let blended = RecognizedWords.blended(recognized: 22_050..<30_000, warped: 22_050 + 6_000, reach: 3_308)
        #expect(blended == 22_050..<30_000)
        let early = RecognizedWords.blended(recognized: 22_050..<30_000, warped: 22_050 - 3_309, reach: 3_308)
        #expect(early == 22_050..<30_000)
    }

    @Test func aBlendedStartPastTheWordsEndKeepsTheWordNonEmpty() {
        let blended = RecognizedWords.blended(recognized: 1_000..<1_100, warped: 2_000, reach: 3_308)
        #expect(blended.lowerBound == 1_333 && blended.upperBound == 1_333)
    }

    @Test func wordTimesAreWantedByWordSyncJSONAndWebVTT() {
        func job(sync: SyncLevel?, timings: String?) -> AlignJob {
            AlignJob(
                book: BookRequest(path: "book.txt"), audio: ["reading.mp3"], narration: NarrationOptions(),
                output: sync.map { ReadAlongOutput(path: "b.epub", sync: $0, bitrate: 32_000) }, timings: timings)
        }
        #expect(job(sync: .word, timings: nil).wantsWords)
        #expect(job(sync: .sentence, timings: "t.json").wantsWords)
        #expect(job(sync: nil, timings: "t.vtt").wantsWords)
        #expect(!job(sync: .sentence, timings: nil).wantsWords)
        #expect(!job(sync: .sentence, timings: "t.srt").wantsWords)
    }

    @Test func onlyAnEnglishVoiceHasItsWordsRecognised() {
        #expect(ReferenceSpeech.Voice(identifier: "gmw/en-US", language: "en-us").isEnglish)
        #expect(ReferenceSpeech.Voice(identifier: "gmw/en", language: "en").isEnglish)
        #expect(!ReferenceSpeech.Voice(identifier: "roa/fr", language: "fr").isEnglish)
        #expect(!ReferenceSpeech.Voice(identifier: "x", language: "eno").isEnglish)
    }
}
