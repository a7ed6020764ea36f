import BookModel
import Testing

@testable import Narrator

struct ListeningTimeEstimateTests {
    @Test func eachLanguageHasItsOwnSpeedAndUnknownOnesReadAsEnglish() {
        #expect(SpeakingRate.forLanguage("en-GB") == SpeakingRate.forLanguage("en"))
        #expect(SpeakingRate.forLanguage("ar").letter > 1.5 * SpeakingRate.forLanguage("en").letter)
        #expect(SpeakingRate.forLanguage("xx") == SpeakingRate.forLanguage("en"))
        #expect(SpeakingRate.forLanguage(nil) == SpeakingRate.forLanguage("en"))
        #expect(SpeakingRate.forLanguage("ja").han > SpeakingRate.forLanguage("zh").han)
    }

    @Test func theSameTextTakesLongerInArabicThanInEnglishAndDelaysAddUp() {
        let text = "Sample sentence, with a pause."
        let english = ListeningTime.seconds(of: Utterance(text), bookLanguage: "en")
        #expect(ListeningTime.seconds(of: Utterance(text), bookLanguage: "ar") > english)
        let delayed = Utterance(text, prosody: Prosody(preUtteranceDelay: 1, postUtteranceDelay: 2))
        #expect(abs(ListeningTime.seconds(of: delayed, bookLanguage: "en") - english - 3) < 1e-9)
        let hours = Utterance(text, prosody: Prosody(postUtteranceDelay: 7200))
        #expect(ListeningTime.seconds(of: hours, bookLanguage: "en") - english == ProsodyMapping.longestDelay)
    }

    @Test func rateAndRateScaleChangeTheSpeechButNotTheDelays() {
        let normal = ListeningTime.seconds(of: Utterance("Twenty words or so of text."), bookLanguage: "en")
        let fast = ListeningTime.seconds(of: Utterance("Twenty words or so of text.", prosody: Prosody(rate: 1)), bookLanguage: "en")
        #expect(abs(fast * 4 - normal) < 1e-9)
        let quarter = ListeningTime.seconds(
            of: Utterance("Twenty words or so of text."), bookLanguage: "en", mapping: ProsodyMapping(rateScale: 0.25))
        #expect(abs(quarter - 4 * normal) < 1e-9)
    }
}
