/// What the aligner knows of one signal: its MFCCs and loudness, frame by frame.
public struct AudioFeatures: Hashable, Sendable {
    /// How the frames were cut.
    public var timing: FrameTiming
    /// The MFCCs of each frame (``MFCCAnalyzer/coefficients`` values);
    /// empty when the analyser wrote them to a ``FeatureFile``.
    public var mfcc: FeatureMatrix
    /// Each frame's hop loudness in dB relative to full scale (−100 for
    /// silence); empty when the analyser was asked not to keep it.
    public var loudness: [Float]
    /// Frames analysed.
    public var frameCount: Int
    /// Samples analysed in all (the last, partial hop included).
    public var sampleCount: Int

    public init(timing: FrameTiming, mfcc: FeatureMatrix, loudness: [Float], sampleCount: Int, frameCount: Int? = nil) {
        self.timing = timing
        self.frameCount = frameCount ?? mfcc.count
        self.mfcc = mfcc
        self.loudness = loudness
        self.sampleCount = sampleCount
    }

    /// Seconds of audio analysed.
    public var duration: Double { timing.seconds(sampleCount) }
}
