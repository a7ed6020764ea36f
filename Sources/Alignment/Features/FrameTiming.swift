/// How audio is cut into analysis frames: positions are counted in samples,
/// never in rounded milliseconds (a 220-sample hop at 22,050 Hz is 9.977 ms;
/// treating it as 10 ms misplaces times by 8 s over an hour).
public struct FrameTiming: Hashable, Sendable, Codable {
    /// Samples per second of the analysed audio; 22,050 (espeak-ng's rate).
    public var sampleRate: Int
    /// Samples between the starts of successive frames; 220 by default.
    public var hop: Int
    /// Samples each frame's spectrum is taken over (a power of two ≥ ``hop``); 512 by default.
    public var window: Int

    public init(sampleRate: Int = 22_050, hop: Int = 220, window: Int = 512) {
        self.sampleRate = sampleRate
        self.hop = hop
        self.window = window
    }

    /// The frame a sample falls in (the frame whose hop starts at or before it).
    public func frame(ofSample sample: Int) -> Int { max(sample, 0) / hop }

    /// The first sample of a frame's hop.
    public func sample(ofFrame frame: Int) -> Int { frame * hop }

    /// Seconds from the start of the audio to `sample`.
    public func seconds(_ sample: Int) -> Double { Double(sample) / Double(sampleRate) }
}
