/// Named prosody for common cases, as narrate's `natural` rules give them to
/// a whole sentence or heading (see docs/prosody.md). Handy in tests and for
/// hand-built books; importers apply the rules themselves.
extension Prosody {
    /// Normal speed and pitch, no pause: AVSpeech's defaults written out.
    public static let neutral = Prosody(rate: 0.5, pitchMultiplier: 1)
    /// A statement ending a sentence: a gentle fall and a breath after it.
    public static let statement = Prosody(rate: 0.5, pitchMultiplier: 0.96, postUtteranceDelay: 0.45)
    /// A yes/no question: a rise at the end and a breath after it.
    public static let question = Prosody(rate: 0.5, pitchMultiplier: 1.12, postUtteranceDelay: 0.45)
    /// An exclamation: higher and a little faster.
    public static let exclamation = Prosody(rate: 0.53, pitchMultiplier: 1.08, postUtteranceDelay: 0.45)
    /// A heading: slower and lower, with a long pause after it.
    public static let heading = Prosody(rate: 0.44, pitchMultiplier: 0.9, postUtteranceDelay: 1.25)
}
