import Glibc

/// How espeak-ng's parameters (already mapped from AVSpeech by
/// ``ProsodyMapping``) become a Piper voice's: the speed divides the model's
/// length scale, the volume is a gain on its samples. Delays are silence
/// written by the narrator whatever the engine. Pitch has no counterpart:
/// a VITS voice has no pitch control, and it is left as the voice speaks.
enum PiperProsody {
    /// The model's speed for `parameters`: words per minute over espeak's
    /// normal 175, with the word gap that espeak uses below 80 wpm turned
    /// back into the slower speed it stands for; 0.25…4.
    static func speed(for parameters: SpeechParameters) -> Float {
        var wordsPerMinute = Double(parameters.wordsPerMinute)
        if parameters.wordGap > 0 {
            wordsPerMinute /= 1 + Double(parameters.wordGap) / ProsodyMapping.wordGapDoublingSpeech
        }
        return Float(min(max(wordsPerMinute / ProsodyMapping.normalWordsPerMinute, 0.25), 4))
    }

    /// The gain for `parameters`' volume: 1 at espeak's normal 100, 0…2.
    static func gain(for parameters: SpeechParameters) -> Float {
        Float(min(max(Double(parameters.volume) / 100, 0), 2))
    }

    /// `sample` (full scale ±1) with its rare peaks above 0.9 bent softly
    /// under 1 instead of clipped: what the loudness gain and a volume
    /// above 1 can push past full scale.
    static func limited(_ sample: Float) -> Float {
        let magnitude = abs(sample)
        guard magnitude > knee else { return sample }
        let bent = knee + (1 - knee) * Float(tanh(Double((magnitude - knee) / (1 - knee))))
        return sample < 0 ? -bent : bent
    }

    /// Where ``limited(_:)`` starts to bend.
    static let knee: Float = 0.9

    /// Seconds of silence after a sentence at speed 1 (Piper's own default
    /// between sentences), and after a clause that ends a request.
    static let sentencePause = 0.2
    static let clausePause = 0.1
}
