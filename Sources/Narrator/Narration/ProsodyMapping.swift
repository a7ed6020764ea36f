import Glibc
import BookModel

/// How AVSpeechUtterance's prosody becomes espeak-ng parameters: the one
/// table of docs/speech-mapping.md.
///
/// | AVSpeech | espeak-ng |
/// |---|---|
/// | `rate` 0 … 0.5 … 1 | 80 · (175/80)^(2r) wpm below 0.5, 175 · 4^(2r−1) above: 80 … 175 … 700 |
/// | `--rate` below espeak's floor | 80 wpm and a word gap that stretches speech to the speed asked |
/// | `pitchMultiplier` 0.5 … 1 … 2 | pitch 50 + 50 · log2(m): 0 … 50 … 100 |
/// | `volume` 0 … 1 | volume 100 · v: 0 … 100 |
/// | delays | exact silence, not the engine's |
///
/// Authored values are clamped to AVSpeech's ranges first; the command line's
/// scales then multiply the speed, the pitch multiplier and the volume.
public struct ProsodyMapping: Hashable, Sendable, Codable {
    /// Multiplies the speaking speed (`--rate`); 1 keeps the authored rate.
    public var rateScale: Double
    /// Multiplies the pitch multiplier (`--pitch`); 1 keeps it.
    public var pitchScale: Double
    /// Multiplies the volume (`--volume`); 1 keeps it.
    public var volumeScale: Double

    /// espeak's slowest rate: lower values act as this one, so slower
    /// speeds are made with a word gap (``wordGap(forWordsPerMinute:)``).
    public static let slowestWordsPerMinute = 80.0
    /// Word-gap units that lengthen speech at 80 wpm by its own length
    /// (measured: an English word lasts about 0.58 s at espeak's 80 wpm, and
    /// a unit of gap adds about 30.6 ms per word there).
    public static let wordGapDoublingSpeech = 19.0
    /// espeak's normal rate, where AVSpeech's default 0.5 lands.
    public static let normalWordsPerMinute = 175.0
    /// AVSpeech's fastest rate, four times normal; also espeak's limit for
    /// rates given in SSML, which connected speech uses.
    public static let fastestWordsPerMinute = 700.0

    public init(rateScale: Double = 1, pitchScale: Double = 1, volumeScale: Double = 1) {
        self.rateScale = rateScale
        self.pitchScale = pitchScale
        self.volumeScale = volumeScale
    }

    /// espeak parameters for an utterance's prosody (absent values take
    /// AVSpeech's defaults: rate 0.5, pitch 1, volume 1).
    public func parameters(for prosody: Prosody) -> SpeechParameters {
        let speed = Self.wordsPerMinute(rate: prosody.rate ?? 0.5) * rateScale
        let clampedSpeed = min(max(speed, Self.slowestWordsPerMinute), Self.fastestWordsPerMinute)
        let gap = Self.wordGap(forWordsPerMinute: speed)
        let multiplier = Self.clamped(prosody.pitchMultiplier ?? 1, to: .pitchMultiplier) * pitchScale
        let volume = Self.clamped(prosody.volume ?? 1, to: .volume) * volumeScale
        return SpeechParameters(
            wordsPerMinute: Int(clampedSpeed.rounded()),
            pitch: Self.espeakPitch(multiplier: multiplier),
            pitchRange: SpeechParameters.normal.pitchRange,
            volume: Int(min(max(volume * 100, 0), 200).rounded()), wordGap: gap)
    }

    /// The word gap that slows espeak's slowest rate down to `speed` words
    /// per minute: 0 from 80 wpm up; below, enough to stretch speech by
    /// 80/`speed` (so `--rate 0.25` is a quarter of normal speed, not 0.46).
    public static func wordGap(forWordsPerMinute speed: Double) -> Int {
        guard speed.isFinite, speed > 0, speed < slowestWordsPerMinute else { return 0 }
        return Int((wordGapDoublingSpeech * (slowestWordsPerMinute / speed - 1)).rounded())
    }

    /// The longest silence one delay gives, in seconds: an authored delay of
    /// hours would otherwise fill the disk with zeros.
    public static let longestDelay = 60.0

    /// Silence for a delay in seconds, as a whole number of samples (negative
    /// and non-finite delays give none, long ones ``longestDelay``).
    public static func silenceSamples(seconds: Double?, sampleRate: Int) -> Int {
        guard let seconds, seconds.isFinite, seconds > 0 else { return 0 }
        return Int((min(seconds, longestDelay) * Double(sampleRate)).rounded())
    }

    /// Words per minute for an AVSpeech rate (clamped to 0…1): geometric from
    /// 80 to 175 over 0…0.5 and from 175 to 700 over 0.5…1.
    public static func wordsPerMinute(rate: Double) -> Double {
        let r = clamped(rate, to: .rate)
        if r <= 0.5 {
            return slowestWordsPerMinute * pow(normalWordsPerMinute / slowestWordsPerMinute, r / 0.5)
        }
        return normalWordsPerMinute * pow(fastestWordsPerMinute / normalWordsPerMinute, (r - 0.5) / 0.5)
    }

    /// espeak pitch 0…100 for a pitch multiplier: 50 + 50·log2(m), so an
    /// octave down is 0 and an octave up is 100.
    public static func espeakPitch(multiplier: Double) -> Int {
        guard multiplier.isFinite, multiplier > 0 else { return 0 }
        return Int(min(max(50 + 50 * log2(multiplier), 0), 100).rounded())
    }

    static func clamped(_ value: Double, to property: Prosody.Property) -> Double {
        guard value.isFinite else { return property == .pitchMultiplier ? 1 : (property == .rate ? 0.5 : 1) }
        return min(max(value, property.validRange.lowerBound), property.validRange.upperBound)
    }
}
