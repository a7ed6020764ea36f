/// Moves a sentence's start onto the recording's nearest rise from quiet
/// to speech, when there is one close by: the warping path places a
/// boundary to within a frame or two, and where a sentence follows a pause
/// its first sound is easier to find in the loudness than in the spectra.
public struct OnsetSnapper: Sendable {
    /// Each recording frame's loudness (dB).
    public let loudness: [Float]
    public let timing: FrameTiming
    /// Loudness a frame must reach to count as speech: a third of the way
    /// from the recording's quiet (10th percentile) to its speech (90th).
    public let threshold: Float
    /// Frames searched either side; 12 (about 120 ms) by default.
    public var reach = 12

    public init(loudness: [Float], timing: FrameTiming) {
        self.loudness = loudness
        self.timing = timing
        let sorted = loudness.sorted()
        let quiet = sorted.isEmpty ? -100 : sorted[sorted.count / 10]
        let speech = sorted.isEmpty ? 0 : sorted[sorted.count * 9 / 10]
        threshold = quiet + (speech - quiet) / 3
    }

    /// `sample`, or the first sample of the nearest frame within reach
    /// where the recording rises from below the threshold to above it.
    public func snapped(_ sample: Int) -> Int {
        let frame = timing.frame(ofSample: sample)
        var best: Int?
        for distance in 0...reach {
            for candidate in [frame - distance, frame + distance] where candidate > 0 && candidate < loudness.count {
                if loudness[candidate - 1] < threshold, loudness[candidate] >= threshold {
                    best = candidate
                    break
                }
            }
            if best != nil { break }
        }
        return best.map(timing.sample(ofFrame:)) ?? sample
    }

    /// `span` with its start (and its first word's) moved by ``snapped(_:)``,
    /// never past its end.
    public func snappedStart(_ span: AlignedSpan) -> AlignedSpan {
        var span = span
        let start = min(snapped(span.samples.lowerBound), span.samples.upperBound)
        span.samples = start..<span.samples.upperBound
        if let first = span.words.first { span.words[0] = start..<max(first.upperBound, start) }
        return span
    }
}
