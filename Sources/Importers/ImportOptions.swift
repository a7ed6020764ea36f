import BookFiles
import ProsodyHeuristics
import TextPrimitives

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
