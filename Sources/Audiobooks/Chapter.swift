/// One chapter of an audiobook: a page of the book, where its audio starts.
public struct Chapter: Hashable, Sendable {
    /// The page's title, or a stand-in for an untitled page (``titles(_:bookTitle:)``); never empty.
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
        collapsed(pageTitle) ?? "Chapter \(pageIndex + 1)"
    }

    /// The chapter titles of a book's pages, from their own titles. A book
    /// with no titled page has `Chapter N`s. Else an untitled page is named
    /// for what it most likely is, never with a number a real chapter may
    /// carry: the front matter before the first titled page takes the
    /// book's title, a page after a titled one continues it (`Title
    /// (continued)`).
    public static func titles(_ pageTitles: [String?], bookTitle: String?) -> [String] {
        let own = pageTitles.map(collapsed)
        guard own.contains(where: { $0 != nil }) else { return own.indices.map { "Chapter \($0 + 1)" } }
        var previous: String?
        var frontMatter = 0
        return own.indices.map { index in
            if let title = own[index] {
                previous = title
                return title
            }
            if let previous { return previous + " (continued)" }
            defer { frontMatter += 1 }
            guard let book = collapsed(bookTitle) else { return "Chapter \(index + 1)" }
            return frontMatter == 0 ? book : book + " (continued)"
        }
    }

    private static func collapsed(_ text: String?) -> String? {
        let words = (text ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.isEmpty ? nil : words
    }
}
