import Alignment
import Testing

/// Sentence starts go where the recording's speech begins.
struct OnsetSnapperTests {
    /// 100 frames: a pause at −40 dB (noise) from 0 to 59, speech at −10 dB from 60 on.
    static let loudness: [Float] = [Float](repeating: -40, count: 60) + [Float](repeating: -10, count: 40)
    static let timing = FrameTiming()

    @Test(arguments: [(frame: 55, name: "just before the rise"), (62, "just after it"), (30, "deep in the pause before it")])
    func aStartNearOrBeforeTheRiseGoesToIt(frame: Int, name: String) {
        let snapper = OnsetSnapper(loudness: Self.loudness, timing: Self.timing)
        #expect(snapper.snapped(Self.timing.sample(ofFrame: frame)) == Self.timing.sample(ofFrame: 60), "\(name)")
    }

    @Test func aStartInsideSpeechFarFromAnyRiseStays() {
        let snapper = OnsetSnapper(loudness: Self.loudness, timing: Self.timing)
        let sample = Self.timing.sample(ofFrame: 90) + 17
        #expect(snapper.snapped(sample) == sample)
    }

    @Test func aPauseLongerThanTheReachLeavesTheStart() {
        let loudness = [Float](repeating: -40, count: 200) + [Float](repeating: -10, count: 100)
        let snapper = OnsetSnapper(loudness: loudness, timing: Self.timing)
        let sample = Self.timing.sample(ofFrame: 100)
        #expect(snapper.snapped(sample) == sample)
    }

    @Test func aLaterWordThatStartsInAPauseMovesToItsEnd() {
        let snapper = OnsetSnapper(loudness: Self.loudness, timing: Self.timing)
        let sample = { (frame: Int) in Self.timing.sample(ofFrame: frame) }
        let span = AlignedSpan(
            samples: sample(40)..<sample(99), words: [sample(40)..<sample(50), sample(52)..<sample(70), sample(75)..<sample(90)],
            confidence: 1, status: .aligned)
        let snapped = snapper.snappedStart(span)
        #expect(snapped.samples.lowerBound == sample(60), "the sentence starts where the pause ends")
        #expect(snapped.words[1] == sample(60)..<sample(70), "the word in the pause moves to its end")
        #expect(snapped.words[2] == sample(75)..<sample(90), "a word in speech stays")
    }

    /// Between sentences a reading can pause longer than ``OnsetSnapper/pauseReach``:
    /// a sentence start deep in such a pause goes to its end when that is
    /// in the sentence's first half, and stays when it is not.
    @Test(arguments: [(end: 400, moved: true), (end: 250, moved: false)])
    func aSentenceStartDeepInALongPauseGoesToItsEndInTheSentencesFirstHalf(end: Int, moved: Bool) {
        let loudness = [Float](repeating: -40, count: 150) + [Float](repeating: -10, count: 300)
        let snapper = OnsetSnapper(loudness: loudness, timing: Self.timing)
        let sample = { (frame: Int) in Self.timing.sample(ofFrame: frame) }
        let span = AlignedSpan(samples: sample(20)..<sample(end), words: [sample(20)..<sample(160)], confidence: 1, status: .aligned)
        let snapped = snapper.snappedStart(span)
        #expect(snapped.samples.lowerBound == (moved ? sample(150) : sample(20)))
        #expect(snapped.words[0].lowerBound == snapped.samples.lowerBound, "the first word starts with the sentence")
    }
}
