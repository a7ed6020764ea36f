import BookFiles
import ProsodyHeuristics
import TextPrimitives

/// Choices that shape how a book is imported.
public struct ImportOptions: Hashable, Sendable, Codable {
    /// Utterance size for prose importers; plists keep their own utterances.
    public var granularity: Granularity = .sentence
    /// Prosody rules for prose importers; plists keep their authored prosody.
    public var prosody: ProsodyProfile = .natural
    /// Prose: the pauses after sentences, paragraphs and pages asked for
    /// (`--pause`), replacing the prosody rules' (under any profile);
    /// empty keeps the rules'. Plists keep their authored delays.
    public var pauses = PauseLengths()
    /// EPUB: keep spine items marked `linear="no"` (default: skip them).
    public var includeNonlinear = false
    /// EPUB: speak images' alt text (default: images are silent).
    public var speakAltText = false
    /// Read footnotes, endnotes and rear notes (default: notes are not
    /// read). EPUB notes are read where the book puts them (footnotes at
    /// the end of their chapter, endnotes as the pages they are on);
    /// plain-text notes gathered at the end make a `Notes` page.
    public var readsNotes = false
    /// Read the book's own table of contents (an EPUB `toc` section or a
    /// page that is mostly links to other chapters; a plain-text `Contents`
    /// list). Default: not read, since the pages it lists are.
    public var readsContents = false
    /// EPUB: when set, each page's background image is written into this
    /// directory so the exported plist's names point at real files.
    public var extractImagesTo: String? = nil
    /// BCP 47 tag of the text, overriding what the book says (an EPUB's
    /// `dc:language`, a Gutenberg header's `Language:`) and what plain text
    /// is guessed to be; nil: the book's own or the guess.
    public var language: String? = nil
    /// EPUB: how far the zip may expand, in total and per entry (zip bombs
    /// are refused by these absolute sizes).
    public var archiveLimits = ArchiveLimits()
    /// A book with no readable text at all is an error
    /// (``ImportError/noText``) rather than a warning: for commands that
    /// write or speak it, where such a book would give an empty (or, as an
    /// EPUB, invalid) result. Default: a warning and a book without pages.
    public var requiresText = false

    public init() {}
}
