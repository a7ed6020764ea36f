import CAubio
import Glibc

/// Turns 16-bit mono samples into MFCC frames with libaubio's phase vocoder
/// (Hann window, ``FrameTiming/window`` samples every ``FrameTiming/hop``)
/// and mel filter bank (40 bands, Slaney's), as they arrive: a 10-hour
/// recording is never held in memory, only its features, and those can go
/// to a ``FeatureFile`` as they are made.
public final class MFCCAnalyzer {
    /// MFCCs kept per frame (the first is the log energy).
    public static let coefficients = 13
    /// Mel bands the spectrum is summed into.
    static let bands = 40

    public let timing: FrameTiming
    private let aubio: AubioLibrary
    private let vocoder: OpaquePointer
    private let mfcc: OpaquePointer
    private let input: UnsafeMutablePointer<fvec_t>
    private let spectrum: UnsafeMutablePointer<cvec_t>
    private let output: UnsafeMutablePointer<fvec_t>
    /// Samples of the hop being filled, scaled to ±1.
    private var pending: [Float] = []
    private var features: FeatureMatrix
    private var loudness: [Float] = []
    private var sampleCount = 0
    private var frameCount = 0
    /// Where the MFCCs go instead of memory, if anywhere.
    private let destination: FeatureFile?
    /// Whether each frame's loudness is kept.
    private let keepsLoudness: Bool
    /// The first failure to write to ``destination``, reported by ``finish()``.
    private var failure: AlignmentError?

    /// - Parameters:
    ///   - destination: a file the MFCCs are written to instead of being kept.
    ///   - keepsLoudness: false to drop each frame's loudness (the reference needs none).
    /// - Throws: ``AlignmentError/features(_:)`` when libaubio refuses the
    ///   frame sizes (a window that is not a power of two, a hop larger than it).
    public init(timing: FrameTiming = FrameTiming(), destination: FeatureFile? = nil, keepsLoudness: Bool = true) throws(AlignmentError) {
        let aubio = try AubioLibrary.shared.get()
        guard timing.hop > 0, timing.window >= timing.hop, timing.window & (timing.window - 1) == 0,
            let vocoder = aubio.newVocoder(UInt32(timing.window), UInt32(timing.hop))
        else { throw .features("libaubio refuses a \(timing.window)-sample window with a \(timing.hop)-sample hop") }
        guard let mfcc = aubio.newMFCC(UInt32(timing.window), UInt32(Self.bands), UInt32(Self.coefficients), UInt32(timing.sampleRate)) else {
            aubio.deleteVocoder(vocoder)
            throw .features("libaubio cannot make MFCCs at \(timing.sampleRate) Hz")
        }
        guard let input = aubio.newFloats(UInt32(timing.hop)), let spectrum = aubio.newSpectrum(UInt32(timing.window)),
            let output = aubio.newFloats(UInt32(Self.coefficients))
        else {
            aubio.deleteMFCC(mfcc)
            aubio.deleteVocoder(vocoder)
            throw .features("libaubio cannot allocate its buffers")
        }
        self.aubio = aubio
        self.timing = timing
        self.destination = destination
        self.keepsLoudness = keepsLoudness
        self.vocoder = vocoder
        self.mfcc = mfcc
        self.input = input
        self.spectrum = spectrum
        self.output = output
        features = FeatureMatrix(dimension: Self.coefficients)
        pending.reserveCapacity(timing.hop)
    }

    deinit {
        aubio.deleteFloats(output)
        aubio.deleteSpectrum(spectrum)
        aubio.deleteFloats(input)
        aubio.deleteMFCC(mfcc)
        aubio.deleteVocoder(vocoder)
    }

    /// Analyses `samples`, which continue those given before.
    public func append(_ samples: UnsafeBufferPointer<Int16>) {
        sampleCount += samples.count
        for sample in samples {
            pending.append(Float(sample) / 32_768)
            if pending.count == timing.hop { analysePending() }
        }
    }

    /// Analyses `count` samples of silence.
    public func appendSilence(count: Int) {
        let zeros = [Int16](repeating: 0, count: min(count, 1 << 16))
        var left = count
        while left > 0 {
            let part = min(left, zeros.count)
            zeros.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[..<part])) }
            left -= part
        }
    }

    /// The features of everything appended (a last partial hop padded with
    /// silence); the analyser starts afresh.
    /// - Throws: ``AlignmentError/scratch(_:)`` when the destination file failed.
    public func finish() throws(AlignmentError) -> AudioFeatures {
        if !pending.isEmpty {
            pending += repeatElement(0, count: timing.hop - pending.count)
            analysePending()
        }
        defer {
            features = FeatureMatrix(dimension: Self.coefficients)
            loudness = []
            sampleCount = 0
            frameCount = 0
        }
        if let failure { throw failure }
        try destination?.finish()
        return AudioFeatures(timing: timing, mfcc: features, loudness: loudness, sampleCount: sampleCount, frameCount: frameCount)
    }

    /// The mean power (of samples in −1…1) a hop must pass for its frame
    /// to count towards the normalisation: 10⁻⁵, −50 dBFS. The mean and
    /// variance are then those of sound, not of the pauses between (which
    /// make up a quarter of espeak-ng's reference and are digital silence).
    /// Measured (docs/alignment.md): words within 50 ms +1–3.5 points on the
    /// Piper recordings, espeak-ng in another voice unchanged; −70 and
    /// −40 dBFS measured within a point of it.
    public static let countedAbove: Float = 1e-5

    private func analysePending() {
        guard let data = input.pointee.data, let values = output.pointee.data else { return }
        var energy: Float = 0
        for (index, value) in pending.enumerated() {
            data[index] = value
            energy += value * value
        }
        pending.removeAll(keepingCapacity: true)
        aubio.runVocoder(vocoder, input, spectrum)
        aubio.runMFCC(mfcc, spectrum, output)
        let frame = UnsafeBufferPointer(start: values, count: Self.coefficients)
        frameCount += 1
        let loud = energy / Float(timing.hop) > Self.countedAbove
        if let destination {
            if failure == nil {
                do { try destination.append(frame, counted: loud) } catch { failure = error }
            }
        } else {
            features.append(frame)
        }
        guard keepsLoudness else { return }
        let mean = energy / Float(timing.hop)
        loudness.append(mean > 1e-10 ? 10 * log10f(mean) : -100)
    }
}
