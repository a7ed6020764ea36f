/// What the aligner knows of one signal: its MFCCs and loudness, frame by frame.
public struct AudioFeatures: Hashable, Sendable {
    /// How the frames were cut.
    public var timing: FrameTiming
    /// The MFCCs of each frame (``MFCCAnalyzer/coefficients`` values).
    public var mfcc: FeatureMatrix
    /// Each frame's hop loudness in dB relative to full scale (−100 for silence).
    public var loudness: [Float]
    /// Samples analysed in all (the last, partial hop included).
    public var sampleCount: Int

    public init(timing: FrameTiming, mfcc: FeatureMatrix, loudness: [Float], sampleCount: Int) {
        self.timing = timing
        self.mfcc = mfcc
        self.loudness = loudness
        self.sampleCount = sampleCount
    }

    /// Frames held.
    public var frameCount: Int { mfcc.count }

    /// Seconds of audio analysed.
    public var duration: Double { timing.seconds(sampleCount) }
}
