/// How finely prose is cut into utterances.
public enum Granularity: String, CaseIterable, Sendable, Codable {
    /// One utterance per word, its surrounding space and punctuation attached,
    /// like the tutorial's `WhirlySquirrelly.plist`.
    case word
    /// One utterance per sentence (long sentences are cut at a clause boundary).
    case sentence
    /// One utterance per paragraph or other block.
    case paragraph
}
