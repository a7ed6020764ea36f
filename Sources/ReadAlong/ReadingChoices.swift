/// Which parts of a content document the narration read beyond its main
/// text, as the import options chose: those parts are looked for, and
/// highlighted, in the read-along book too.
public struct ReadingChoices: Hashable, Sendable {
    /// Footnotes and endnotes were read (`--notes`).
    public var readsNotes: Bool
    /// The book's own table of contents was read (`--contents`).
    public var readsContents: Bool

    public init(readsNotes: Bool = false, readsContents: Bool = false) {
        self.readsNotes = readsNotes
        self.readsContents = readsContents
    }
}
