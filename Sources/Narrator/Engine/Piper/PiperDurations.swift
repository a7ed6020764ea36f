/// The output of a Piper voice prepared by `narrate voices install`: the
/// audio followed by the duration, in frames of 256 samples, of each phoneme
/// ID the model was given (`w_ceil`). Piper builds the IDs of a sentence of
/// n phonemes as `^ _ p1 _ p2 _ … pn _ $`: 2n + 3 of them.
struct PiperDurations: Equatable {
    /// Samples per duration frame (the VITS decoder's hop length).
    static let samplesPerFrame = 256

    /// How many samples of the output are audio.
    let audioCount: Int
    /// Each phoneme ID's duration in frames, in order.
    let frames: [Int]

    /// Splits `output` for a sentence of `phonemeCount` phonemes; nil when
    /// the output does not end with durations that add up to the audio
    /// before them (`256 × sum(frames) == samples`), the check made on
    /// every sentence.
    init?(output: UnsafeBufferPointer<Float>, phonemeCount: Int) {
        let idCount = 2 * phonemeCount + 3
        guard phonemeCount > 0, output.count > idCount else { return nil }
        let audioCount = output.count - idCount
        var frames: [Int] = []
        frames.reserveCapacity(idCount)
        for value in output[audioCount...] {
            guard value.isFinite, value >= 0, value < 1e6, value == value.rounded() else { return nil }
            frames.append(Int(value))
        }
        guard frames.reduce(0, +) * Self.samplesPerFrame == audioCount else { return nil }
        self.audioCount = audioCount
        self.frames = frames
    }

    /// The sample where phoneme `index` (0-based, of the sentence's n)
    /// begins: after `^`, the first `_` and each earlier phoneme with the
    /// `_` that follows it. The first phoneme begins with the `_` before
    /// it: a sentence's sound rises out of the pause in that pad, 45–80 ms
    /// before the phoneme's own frames (docs/neural-voice.md).
    func startSample(ofPhoneme index: Int) -> Int {
        let index = min(max(index, 0), (frames.count - 3) / 2)
        let before = index == 0 ? 1 : 2 + 2 * index
        return frames.prefix(before).reduce(0, +) * Self.samplesPerFrame
    }

    /// Where phoneme `index` of `count` would begin if every phoneme lasted
    /// as long: the approximation used, with a warning, when the check fails.
    static func estimatedStart(ofPhoneme index: Int, count: Int, audioCount: Int) -> Int {
        guard count > 0 else { return 0 }
        return audioCount * index / count
    }
}
