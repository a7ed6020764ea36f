import BookModel
import Narrator
import Testing

struct ProsodyMappingTests {
    /// The table of docs/speech-mapping.md.
    @Test(arguments: [
        (rate: 0.0, wordsPerMinute: 80), (0.25, 118), (0.5, 175), (0.75, 350), (1.0, 700),
    ])
    func rateFollowsTheTable(rate: Double, wordsPerMinute: Int) {
        let parameters = ProsodyMapping().parameters(for: Prosody(rate: rate))
        #expect(parameters.wordsPerMinute == wordsPerMinute)
    }

    @Test func rateIsMonotonicAndPassesEspeaksSpeedUpAbove450() {
        let speeds = stride(from: 0.0, through: 1.0, by: 0.01).map { ProsodyMapping.wordsPerMinute(rate: $0) }
        #expect(zip(speeds, speeds.dropFirst()).allSatisfy { $0 < $1 })
        #expect(speeds.contains { $0 > 450 })
    }

    @Test(arguments: [(multiplier: 0.5, pitch: 0), (0.75, 29), (1.0, 50), (1.5, 79), (2.0, 100)])
    func pitchMultiplierFollowsTheTable(multiplier: Double, pitch: Int) {
        #expect(ProsodyMapping().parameters(for: Prosody(pitchMultiplier: multiplier)).pitch == pitch)
    }

    @Test(arguments: [(volume: 0.0, espeak: 0), (0.5, 50), (1.0, 100)])
    func volumeFollowsTheTable(volume: Double, espeak: Int) {
        #expect(ProsodyMapping().parameters(for: Prosody(volume: volume)).volume == espeak)
    }

    @Test func absentValuesAreAVSpeechDefaults() {
        #expect(ProsodyMapping().parameters(for: Prosody()) == .normal)
    }

    @Test func outOfRangeValuesAreClamped() {
        let parameters = ProsodyMapping().parameters(for: Prosody(rate: 1.3, pitchMultiplier: 3, volume: -1))
        #expect(parameters.wordsPerMinute == 700)
        #expect(parameters.pitch == 100)
        #expect(parameters.volume == 0)
    }

    @Test func commandLineScalesMultiplyTheAuthoredValues() {
        let mapping = ProsodyMapping(rateScale: 2, pitchScale: 0.5, volumeScale: 0.5)
        let parameters = mapping.parameters(for: Prosody(rate: 0.25, pitchMultiplier: 2, volume: 0.8))
        #expect(parameters.wordsPerMinute == 2 * 118 || parameters.wordsPerMinute == 237)
        #expect(parameters.pitch == 50)
        #expect(parameters.volume == 40)
    }

    @Test(arguments: [(rateScale: 1.0, wordGap: 0), (0.5, 0), (0.4, 3), (0.25, 16)])
    func speedsBelowEspeaksFloorAreMadeWithAWordGap(rateScale: Double, wordGap: Int) {
        let parameters = ProsodyMapping(rateScale: rateScale).parameters(for: Prosody())
        #expect(parameters.wordsPerMinute == max(80, Int((175 * rateScale).rounded())))
        #expect(parameters.wordGap == wordGap)
    }

    @Test func delaysBecomeWholeSamples() {
        #expect(ProsodyMapping.silenceSamples(seconds: 0.5, sampleRate: 22050) == 11025)
        #expect(ProsodyMapping.silenceSamples(seconds: nil, sampleRate: 22050) == 0)
        #expect(ProsodyMapping.silenceSamples(seconds: -1, sampleRate: 22050) == 0)
        #expect(ProsodyMapping.silenceSamples(seconds: .infinity, sampleRate: 22050) == 0)
        #expect(ProsodyMapping.silenceSamples(seconds: 1e300, sampleRate: 22050) == 60 * 22050)
    }
}
