/// One piece of speech: a string and how to say it. The tutorial's plists hold
/// one word per utterance; importers may also make one per sentence or
/// paragraph.
public struct Utterance: Hashable, Sendable {
    /// What is said, exactly as authored: leading and trailing whitespace and
    /// punctuation are kept so that a page's utterances concatenate back to its
    /// text.
    public var text: String
    /// BCP 47 language tag of this utterance when it differs from the book's
    /// (a French phrase in an English novel); `nil` means the book's language.
    public var language: String?
    /// Rate, pitch, volume and delays; every property is optional.
    public var prosody: Prosody
    /// Where the text came from, for error messages, timings and highlighting;
    /// `nil` when unknown (a plist that does not record it, generated text).
    public var source: SourceLocation?
    /// Utterance-level plist keys that narrate does not interpret (beside
    /// `utteranceString` and `utteranceProperties`), kept verbatim.
    public var extraKeys: PropertyListDictionary
    /// How parts of ``text`` are said when not as written (lexicon entries,
    /// `ssml:ph`), in text order and never overlapping; empty for most.
    public var pronunciations: [Pronunciation]
    /// Part of a note (a footnote, an endnote, the text of a notes page)
    /// rather than of the running text; false by default. Importers set it
    /// only for the notes they read (`--notes`); ``Page/role`` follows from
    /// it, and the EPUB writer marks such text as notes. Narrated-book
    /// plists carry it as `narrateNote`.
    public var isNote: Bool

    public init(
        _ text: String, language: String? = nil, prosody: Prosody = Prosody(),
        source: SourceLocation? = nil, extraKeys: PropertyListDictionary = PropertyListDictionary(), pronunciations: [Pronunciation] = [],
        isNote: Bool = false
    ) {
        self.text = text
        self.language = language
        self.prosody = prosody
        self.source = source
        self.extraKeys = extraKeys
        self.pronunciations = pronunciations
        self.isNote = isNote
    }
}

extension Utterance {
    /// Whether the utterance ends its block (a paragraph, a heading, a
    /// verse line): a line break in its trailing white space, as every
    /// importer writes one there.
    public var endsBlock: Bool {
        text.unicodeScalars.reversed().prefix { $0.properties.isWhitespace }.contains("\n")
    }
}
