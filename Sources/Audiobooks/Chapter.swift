/// One chapter of an audiobook: a page of the book, where its audio starts.
public struct Chapter: Hashable, Sendable {
    /// The page's title, or "Chapter N" for an untitled page; never empty.
    public var title: String
    /// Where the chapter starts in the file's audio, in seconds.
    public var start: Double
    /// Where it ends (the next chapter's start, or the end of the audio), in seconds.
    public var end: Double

    public init(title: String, start: Double, end: Double) {
        self.title = title
        self.start = start
        self.end = end
    }

    /// A page's chapter title: its own with white space collapsed, else
    /// `Chapter N` (N counting the book's pages from 1).
    public static func title(_ pageTitle: String?, pageIndex: Int) -> String {
        let collapsed = (pageTitle ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return collapsed.isEmpty ? "Chapter \(pageIndex + 1)" : collapsed
    }
}
