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
}
