import BookModel
import TextPrimitives
/// Which set of heuristic prosody rules importers apply.
public enum ProsodyProfile: String, CaseIterable, Sendable, Codable {
    /// Gentle, audiobook-like variation (the default).
    case natural
    /// A storyteller's wider swings of pitch and rate, like the tutorial's
    /// nursery rhyme.
    case expressive
    /// No properties at all: every utterance uses the engine's defaults.
    case none
}
