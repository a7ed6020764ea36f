import Narrator
import Testing

@testable import Rendering

/// When `narrate align` speaks the text again at the reading's pace.
struct AlignPaceTests {
    static func job(rate: Double = 1, matchesPace: Bool = true) -> AlignJob {
        var narration = NarrationOptions()
        narration.mapping.rateScale = rate
        return AlignJob(
            book: BookRequest(path: "book.txt"), audio: ["reading.mp3"], narration: narration, output: nil, timings: "t.json",
            matchesPace: matchesPace)
    }

    @Test func aReadingMoreThanFifteenPercentSlowerOrFasterIsSpokenAgainAtItsPace() throws {
        let slower = try #require(AlignWriter.pacedJob(Self.job(), pace: 1.25))
        #expect(abs(slower.narration.mapping.rateScale - 0.8) < 1e-9)
        let faster = try #require(AlignWriter.pacedJob(Self.job(rate: 1.2), pace: 0.6))
        #expect(abs(faster.narration.mapping.rateScale - 2) < 1e-9, "the rate asked for, times the pace")
        #expect(slower.audio == ["reading.mp3"] && slower.timings == "t.json", "the rest of the job as it was")
    }

    @Test func aPaceWithinFifteenPercentOrUnknownKeepsTheAlignment() {
        #expect(AlignWriter.pacedJob(Self.job(), pace: 1.14) == nil)
        #expect(AlignWriter.pacedJob(Self.job(), pace: 1 / 1.14) == nil)
        #expect(AlignWriter.pacedJob(Self.job(), pace: nil) == nil)
        #expect(AlignWriter.pacedJob(Self.job(), pace: .nan) == nil)
    }

    @Test func rateGivenOnTheCommandLineIsKept() {
        #expect(AlignWriter.pacedJob(Self.job(matchesPace: false), pace: 1.5) == nil)
    }

    @Test func theRateStaysWithinWhatEspeakTakes() throws {
        #expect(try #require(AlignWriter.pacedJob(Self.job(), pace: 10)).narration.mapping.rateScale == 0.25)
        #expect(try #require(AlignWriter.pacedJob(Self.job(rate: 3), pace: 0.5)).narration.mapping.rateScale == 4)
    }
}
