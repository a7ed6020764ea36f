/// One page of a book: in the tutorial's app, what is on screen at once; for
/// an imported e-book, one chapter (or one section of a chapter).
public struct Page: Hashable, Sendable {
    /// The page's heading, such as a chapter title from the table of contents;
    /// `nil` when the page has none (the tutorial's plists never do).
    public var title: String?
    /// Name or archive path of the image shown behind the page's text, as the
    /// tutorial's `backgroundImage` key holds it; `nil` when there is none.
    public var backgroundImage: String?
    /// What is spoken, in order. Their strings concatenated give
    /// ``displayText``.
    public var utterances: [Utterance]
    /// Page-level plist keys that narrate does not interpret, kept verbatim.
    public var extraKeys: PropertyListDictionary

    public init(
        title: String? = nil, backgroundImage: String? = nil, utterances: [Utterance] = [],
        extraKeys: PropertyListDictionary = PropertyListDictionary()
    ) {
        self.title = title
        self.backgroundImage = backgroundImage
        self.utterances = utterances
        self.extraKeys = extraKeys
    }

    /// What a page holds: the book's running text, or its notes.
    public enum Role: String, Hashable, Sendable {
        /// The running text (chapters, front and back matter); it may hold
        /// notes too, read where the book puts them (footnotes at the end of
        /// a chapter), each marked ``Utterance/isNote``.
        case body
        /// Only notes: an FB2 notes body, a DOCX or ODT endnotes page, a
        /// plain-text `Notes` chapter, an EPUB endnotes document.
        case notes
    }

    /// ``Role/notes`` when the page has utterances and every one is part of
    /// a note (``Utterance/isNote``), else ``Role/body``. Derived rather
    /// than stored, so a page and its utterances cannot disagree; importers
    /// mark notes on the utterances (through their blocks).
    public var role: Role {
        !utterances.isEmpty && utterances.allSatisfy(\.isNote) ? .notes : .body
    }

    /// The page's text: the plain concatenation of its utterance strings, the
    /// way the tutorial's app builds `displayText` (no separators added).
    public var displayText: String {
        var text = ""
        for utterance in utterances { text += utterance.text }
        return text
    }
}
