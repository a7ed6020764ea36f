import Testing

@testable import Narrator

/// espeak-ng's parameters as a Piper voice takes them: speed for the rate,
/// gain for the volume, and nothing for the pitch.
struct PiperProsodyTests {
    @Test(arguments: [
        (175, 0, Float(1)), (350, 0, 2), (700, 0, 4), (88, 0, 0.50285715),
        // Below espeak's 80 wpm floor the word gap carries the slowing: 80 wpm
        // with a gap of 19 (doubling the speech) is 40 wpm.
        (80, 19, 0.22857143 < 0.25 ? 0.25 : 0.22857143), (80, 0, 0.45714286),
    ])
    func speedIsTheRateOverNormal(wordsPerMinute: Int, wordGap: Int, expected: Float) {
        let parameters = SpeechParameters(wordsPerMinute: wordsPerMinute, pitch: 50, pitchRange: 50, volume: 100, wordGap: wordGap)
        #expect(abs(PiperProsody.speed(for: parameters) - expected) < 1e-5)
    }

    @Test func theCommandLinesRateReachesTheVoiceAsSpeed() {
        let parameters = ProsodyMapping(rateScale: 1.5).parameters(for: .init())
        #expect(abs(PiperProsody.speed(for: parameters) - 1.5) < 0.01)
    }

    @Test(arguments: [(100, Float(1)), (50, 0.5), (0, 0), (200, 2), (300, 2)])
    func volumeIsAGain(volume: Int, expected: Float) {
        let parameters = SpeechParameters(wordsPerMinute: 175, pitch: 50, pitchRange: 50, volume: volume)
        #expect(PiperProsody.gain(for: parameters) == expected)
    }

    @Test func peaksBendUnderFullScaleAndQuietSamplesStayAsTheyAre() {
        #expect(PiperProsody.limited(0.5) == 0.5)
        #expect(PiperProsody.limited(-0.89) == -0.89)
        for sample: Float in [0.95, 1.2, 3, -1.5] {
            let limited = PiperProsody.limited(sample)
            #expect(abs(limited) <= 1 && abs(limited) > 0.9 && (limited < 0) == (sample < 0))
        }
        #expect(PiperProsody.limited(1.2) < PiperProsody.limited(1.5))
    }
}
