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
    /// Frames searched forward when the start falls in a pause; 40 (about 400 ms) by default.
    public var pauseReach = 40

    /// - Parameter sound: the frames whose loudness sets the threshold (the
    ///   recording's sound, ``AudibleStretch``: ten minutes of silence after
    ///   a chapter must not make its 90th percentile silence); all by default.
    public init(loudness: [Float], timing: FrameTiming, sound: Range<Int>? = nil) {
        self.loudness = loudness
        self.timing = timing
        let measured = loudness[(sound ?? loudness.indices).clamped(to: loudness.indices)]
        let quiet = Loudness.percentile(10, of: measured) ?? -100
        let speech = Loudness.percentile(90, of: measured) ?? 0
        threshold = quiet + (speech - quiet) / 3
    }

    /// The part of `samples` from its first audible frame to the end of
    /// its last (loudness over ``threshold``); empty when none is audible.
    public func sounded(_ samples: Range<Int>) -> Range<Int> {
        let frames = timing.frame(ofSample: samples.lowerBound)..<min(timing.frame(ofSample: samples.upperBound), loudness.count)
        guard let first = frames.first(where: { loudness[$0] >= threshold }),
              let last = frames.last(where: { loudness[$0] >= threshold })
        else { return samples.lowerBound..<samples.lowerBound }
        let start = max(timing.sample(ofFrame: first), samples.lowerBound)
        return start..<max(min(timing.sample(ofFrame: last + 1), samples.upperBound), start)
    }

    /// `sample`, or the first sample of the nearest frame within reach
    /// where the recording rises from below the threshold to above it.
    /// A start that falls in a pause goes to where the pause ends, if it
    /// ends within ``pauseReach``: under noise the warping can place a
    /// sentence in the pause before it (173 ms early at 20 dB SNR), and a
    /// sentence does not begin in silence.
    public func snapped(_ sample: Int) -> Int {
        if let end = afterPause(sample) { return end }
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
    /// and each later word that starts in a pause moved to where the pause
    /// ends (``afterPause(_:)``), never past its end.
    ///
    /// A start in a pause goes to where the pause ends when that is in the
    /// span's first half, however far: between sentences a reading pauses
    /// longer than the reference voice, and the warping may place the
    /// start anywhere in the pause (under music 20 dB down, 550–744 ms
    /// early in a 1.1 s pause; a reading at 0.7× pauses 1.4 s).
    public func snappedStart(_ span: AlignedSpan) -> AlignedSpan {
        var span = span
        let half = timing.frame(ofSample: span.samples.count / 2)
        let start = min(
            afterPause(span.samples.lowerBound, reach: max(pauseReach, half)) ?? snapped(span.samples.lowerBound), span.samples.upperBound)
        span.samples = start..<span.samples.upperBound
        if let first = span.words.first { span.words[0] = start..<max(first.upperBound, start) }
        for index in span.words.indices.dropFirst() {
            let word = span.words[index]
            let moved = min(afterPause(word.lowerBound) ?? word.lowerBound, word.upperBound)
            span.words[index] = moved..<word.upperBound
        }
        return span
    }

    /// Where the pause `sample` falls in ends (within `reach` frames,
    /// ``pauseReach`` by default), or nil when it falls in speech.
    func afterPause(_ sample: Int, reach: Int? = nil) -> Int? {
        let frame = timing.frame(ofSample: sample)
        guard frame >= 0, frame < loudness.count, loudness[frame] < threshold,
            let end = (frame + 1..<min(frame + (reach ?? pauseReach), loudness.count)).first(where: { loudness[$0] >= threshold })
        else { return nil }
        return timing.sample(ofFrame: end)
    }
}
