import Foundation
import Testing

@testable import Alignment

/// Where a recording's sound begins and ends, and its frames measured over that sound alone.
struct AudibleStretchTests {
    /// `quiet` frames at `floor` dB, then speech (loud and soft hops in turn), then `tail` quiet frames.
    static func loudness(quiet: Int, speech: Int, tail: Int, floor: Float) -> [Float] {
        [Float](repeating: floor, count: quiet) + (0..<speech).map { $0 % 3 == 0 ? -35 : -15 }
            + [Float](repeating: floor, count: tail)
    }

    @Test(arguments: [Float(-100), -48])
    func silenceOrQuietNoiseAtTheEndsIsLeftOut(floor: Float) {
        let stretch = AudibleStretch(loudness: Self.loudness(quiet: 3_000, speech: 2_000, tail: 60_000, floor: floor))
        #expect(stretch.within(0..<65_000) == (3_000 - AudibleStretch.margin)..<(5_000 + AudibleStretch.margin))
        // A part of the recording (one file) is trimmed inside its own bounds.
        #expect(stretch.within(4_000..<10_000) == 4_000..<(5_000 + AudibleStretch.margin))
    }

    /// Steady noise as loud as the speech's quiet parts, wavering by a few
    /// decibels, is left out; speech that rises and falls is kept even when
    /// the same noise lies under it.
    @Test func steadyNoiseAsLoudAsQuietSpeechIsLeftOut() {
        let noise = (0..<30_000).map { Float(-38 + 3 * sin(Double($0) * 0.7)) }  // −41 to −35 dB
        let speech = (0..<2_000).map { Float($0 % 7 < 2 ? -38 : -12) }  // syllables over the noise
        let stretch = AudibleStretch(loudness: noise.prefix(1_000) + speech + noise)
        #expect(stretch.threshold > -41 && stretch.threshold < -35, "the noise crosses the threshold: \(stretch.threshold)")
        // Noise within half the measured second (and a loudness window) of the speech may come with it.
        let within = stretch.within(0..<33_000)
        let half = AudibleStretch.livelinessWindow / 2 + AudibleStretch.window
        #expect((1_000 - AudibleStretch.margin - half)...(1_000 - AudibleStretch.margin) ~= within.lowerBound, "\(within)")
        #expect((3_000 + AudibleStretch.margin)...(3_000 + AudibleStretch.margin + half) ~= within.upperBound, "\(within)")
    }

    @Test func aRecordingThatIsSoundThroughoutIsKeptWhole() {
        let stretch = AudibleStretch(loudness: Self.loudness(quiet: 0, speech: 5_000, tail: 0, floor: -100))
        #expect(stretch.within(0..<5_000) == 0..<5_000)
    }

    @Test func aSilentRecordingIsKeptWholeNotEmptied() {
        let stretch = AudibleStretch(loudness: [Float](repeating: -100, count: 1_000))
        #expect(stretch.within(0..<1_000) == 0..<1_000)
        #expect(!stretch.hasSound)
        #expect(!AudibleStretch(loudness: [Float](repeating: -70, count: 1_000)).hasSound)
        #expect(AudibleStretch(loudness: Self.loudness(quiet: 3_000, speech: 100, tail: 0, floor: -100)).hasSound)
    }

    @Test func aClickInTheSilenceIsNotSound() {
        var loudness = Self.loudness(quiet: 3_000, speech: 2_000, tail: 3_000, floor: -90)
        loudness[1_000] = -10
        loudness[7_000...7_004] = [-12, -12, -12, -12, -12]
        #expect(AudibleStretch(loudness: loudness).within(0..<8_000) == (3_000 - AudibleStretch.margin)..<(5_000 + AudibleStretch.margin))
    }

    @Test func framesAreNormalisedAgainOverTheSoundAlone() throws {
        // Two coefficients: silence at (-5, 0) for 300 frames, then 100 frames alternating (1, 2) and (3, 4).
        var values: [Float] = []
        for _ in 0..<300 { values += [-5, 0] }
        for index in 0..<100 { values += index.isMultiple(of: 2) ? [1, 2] : [3, 4] }
        let matrix = FeatureMatrix(dimension: 2, values: values)
        let sound = try RenormalizedFrames(matrix, over: 300..<400)
        let frames = try sound.frames(300..<302)
        #expect(frames.values == [-1, -1, 1, 1])
        #expect(sound.count == 400)
        // Over the whole source, frames pass as they are.
        #expect(try RenormalizedFrames(matrix, over: 0..<400).frames(0..<1).values == [-5, 0])
    }
}
