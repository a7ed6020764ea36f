import BookModel

/// A block of prose as a document gives it — a paragraph, a heading, a list
/// item — before it is cut into utterances. Every prose importer (plain text,
/// EPUB) produces blocks; ``UtteranceBuilder`` turns them into utterances.
public struct TextBlock: Hashable, Sendable {
    /// What kind of block this is; headings and quotes change prosody.
    public var kind: Kind
    /// The block's text in runs of uniform style, in order. Whitespace inside
    /// runs is kept; the builder normalises it.
    public var runs: [TextRun]
    /// Runs said otherwise than written (`ssml:ph` on the element that holds
    /// them); empty for most blocks.
    public var pronunciations: [RunPronunciation]
    /// Part of a note (a footnote, an endnote, a notes page's text); its
    /// utterances are marked ``Utterance/isNote``. False by default.
    public var isNote: Bool

    public init(_ kind: Kind, runs: [TextRun], pronunciations: [RunPronunciation] = [], isNote: Bool = false) {
        self.kind = kind
        self.runs = runs
        self.pronunciations = pronunciations
        self.isNote = isNote
    }

    /// A block of one plain run.
    public init(_ kind: Kind, text: String, source: SourceLocation? = nil) {
        self.init(kind, runs: [TextRun(text, source: source)])
    }

    /// `blocks` marked as notes.
    public static func notes(_ blocks: [TextBlock]) -> [TextBlock] {
        blocks.map { block in
            var block = block
            block.isNote = true
            return block
        }
    }

    /// The block's text: its runs concatenated.
    public var text: String { runs.map(\.text).joined() }

    /// Kinds of block that matter for segmentation and prosody.
    public enum Kind: Hashable, Sendable {
        case paragraph
        /// A heading; level 1 is the largest (h1).
        case heading(level: Int)
        /// A list item; `marker` is its spoken label ("3." or "b)") or nil.
        case listItem(marker: String?)
        case blockQuote
        /// Preformatted text or code: line breaks are kept.
        case preformatted
        case tableCell
        /// A figure or table caption.
        case caption
        case definitionTerm
        case definition
    }
}

/// Consecutive runs of a block that are said as one pronunciation.
public struct RunPronunciation: Hashable, Sendable {
    /// Indices into ``TextBlock/runs``.
    public var runs: Range<Int>
    public var spoken: Pronunciation.Spoken

    public init(runs: Range<Int>, spoken: Pronunciation.Spoken) {
        self.runs = runs
        self.spoken = spoken
    }
}

/// A stretch of text in one style.
public struct TextRun: Hashable, Sendable {
    /// The text, as in the source (entities decoded).
    public var text: String
    /// Emphasised (`<em>`, `<strong>`, `*word*`): higher pitch, slower.
    public var isEmphasized: Bool
    /// BCP 47 tag when the run's language differs from the book's; nil otherwise.
    public var language: String?
    /// Where the run starts in its document; nil when unknown.
    public var source: SourceLocation?

    public init(_ text: String, isEmphasized: Bool = false, language: String? = nil, source: SourceLocation? = nil) {
        self.text = text
        self.isEmphasized = isEmphasized
        self.language = language
        self.source = source
    }
}
