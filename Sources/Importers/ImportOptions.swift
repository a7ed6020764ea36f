import BookFiles

/// How finely prose is cut into utterances.
public enum Granularity: String, CaseIterable, Sendable {
    /// One utterance per word, its surrounding space and punctuation attached,
    /// like the tutorial's `WhirlySquirrelly.plist`.
    case word
    /// One utterance per sentence (long sentences are cut at a clause boundary).
    case sentence
    /// One utterance per paragraph or other block.
    case paragraph
}

/// Which set of heuristic prosody rules importers apply.
public enum ProsodyProfile: String, CaseIterable, Sendable {
    /// Gentle, audiobook-like variation (the default).
    case natural
    /// A storyteller's wider swings of pitch and rate, like the tutorial's
    /// nursery rhyme.
    case expressive
    /// No properties at all: every utterance uses the engine's defaults.
    case none
}

/// Choices that shape how a book is imported.
public struct ImportOptions: Sendable {
    /// Utterance size for prose importers; plists keep their own utterances.
    public var granularity: Granularity = .sentence
    /// Prosody rules for prose importers; plists keep their authored prosody.
    public var prosody: ProsodyProfile = .natural
    /// EPUB: keep spine items marked `linear="no"` (default: skip them).
    public var includeNonlinear = false
    /// EPUB: speak images' alt text (default: images are silent).
    public var speakAltText = false
    /// EPUB: when set, each page's background image is written into this
    /// directory so the exported plist's names point at real files.
    public var extractImagesTo: String? = nil
    /// EPUB: how far the zip may expand, in total and per entry (zip bombs
    /// are refused by these absolute sizes).
    public var archiveLimits = ArchiveLimits()

    public init() {}
}
