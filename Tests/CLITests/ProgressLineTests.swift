import Narrator
import Testing

@testable import narrate

struct ProgressLineTests {
    @Test func lineShowsPagePercentTimesAndSpeed() {
        let progress = NarrationProgress(
            page: 2, pageCount: 61, charactersDone: 250, charactersTotal: 1000, samplesWritten: 22050 * 600)
        #expect(ProgressLine.line(progress, elapsed: 12, sampleRate: 22050) == "page 3/61  25%  0:12 elapsed  0:36 left  50× real time")
    }

    @Test func aStreamedBookShowsItsEstimateAndNoPageCount() {
        let progress = NarrationProgress(
            page: 9, pageCount: 0, charactersDone: 250, charactersTotal: 0, samplesWritten: 22050 * 600,
            estimatedFraction: 0.75)
        #expect(ProgressLine.line(progress, elapsed: 12, sampleRate: 22050) == "page 10  75%  0:12 elapsed  0:04 left  50× real time")
    }

    @Test(arguments: [(0.4, "0:00"), (59.6, "1:00"), (3725, "1:02:05")])
    func durationsReadAsClockTimes(seconds: Double, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }
}
