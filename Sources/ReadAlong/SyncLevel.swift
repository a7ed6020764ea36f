/// How finely a read-along book ties text to narration (`--sync`).
public enum SyncLevel: String, CaseIterable, Hashable, Sendable, Codable {
    /// One fragment per utterance (a sentence, or a clause of a long one).
    case sentence
    /// One fragment per spoken word.
    case word
}
