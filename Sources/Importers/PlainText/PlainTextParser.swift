import BookModel
import TextPrimitives

/// A plain-text book cut into chapters of blocks, with what it says about
/// itself.
struct PlainTextDocument {
    struct Chapter {
        var title: String?
        var blocks: [TextBlock] = []
        /// Its first blocks were handed out before it ended (see
        /// ``PlainTextParser/takeOpenChapterHead(minimumLength:)``).
        var isContinued = false
        /// What the chapter holds.
        var kind = Kind.text
    }

    /// Pages that are not read by default.
    enum Kind {
        case text
        /// An in-book table of contents: read with `--contents`.
        case contents
        /// Notes gathered at the end: read with `--notes`.
        case notes
    }

    var title: String?
    var authors: [String] = []
    var language: String?
    var chapters: [Chapter] = []
}

/// Reads decoded plain text: drops a Project Gutenberg frame, groups lines
/// into paragraphs at blank lines, joins hard-wrapped lines, keeps verse and
/// indented text line by line, recognises list items and headings, and starts
/// a chapter at each chapter heading.
struct PlainTextParser {
    private var document = PlainTextDocument()
    private var current = PlainTextDocument.Chapter()
    /// Groups read but not yet used: the first four until the title block
    /// is decided, then ``lookahead`` kept to decide a heading by what
    /// follows it.
    private var pending: [LineGroup] = []
    /// Whether the title block (if any) has been read: from then on the
    /// document's title and authors are final.
    private(set) var hasReadTitleBlock = false
    /// What the headings read so far say about the ones to come.
    var headings: HeadingState

    /// Groups kept after the one being read.
    static let lookahead = 3

    /// A parser fed groups with ``add(_:)``, for the body of `frame`.
    /// - Parameter seriesWords: words that number a series of chapters in
    ///   this book (``HeadingSurvey``).
    /// - Parameter bookLanguage: the language of the book, against which a
    ///   paragraph in another language is marked with its own.
    init(frame: GutenbergFrame, seriesWords: Set<String> = [], bookLanguage: String? = nil) {
        document.title = frame.title
        document.authors = frame.authors
        document.language = frame.language
        headings = HeadingState(seriesWords: seriesWords)
        languages = ParagraphLanguages(bookLanguage: bookLanguage)
    }

    /// Marks paragraphs written in another language than the book's.
    private let languages: ParagraphLanguages

    /// A line of the text; a form feed (page break) is a blank line when it
    /// stands alone, a space between the words around it otherwise (its text
    /// is kept: `\fChapter 2` is a line of the book).
    /// A carriage return ending the line (CRLF line ends) is left out.
    static func line(_ bytes: Substring.UTF8View) -> Substring {
        let bytes = bytes.last == 0x0D ? bytes.dropLast() : bytes
        guard bytes.contains(0x0C) else { return Substring(bytes) }
        let spaced = bytes.map { $0 == 0x0C ? UInt8(ascii: " ") : $0 }
        guard spaced.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return "" }
        return Substring(String(decoding: spaced, as: UTF8.self))
    }

    /// The title, authors and language (final once ``hasReadTitleBlock``).
    var metadata: PlainTextDocument {
        PlainTextDocument(title: document.title, authors: document.authors, language: document.language)
    }

    /// The chapters completed so far, handed out once.
    mutating func takeChapters() -> [PlainTextDocument.Chapter] {
        defer { document.chapters = [] }
        return document.chapters
    }

    /// The first blocks of the chapter being read, once its text passes
    /// `minimumLength` UTF-8 bytes: all its blocks up to its last one with
    /// something to say, which is kept, with any after it, to end the
    /// chapter. nil when there is nothing to hand out yet.
    /// - Returns: the chapter's title, the blocks, and the kept block that
    ///   follows them.
    mutating func takeOpenChapterHead(minimumLength: Int)
        -> (title: String?, kind: PlainTextDocument.Kind, blocks: [TextBlock], next: TextBlock)?
    {
        guard current.blocks.reduce(0, { $0 + $1.text.utf8.count }) >= minimumLength,
            let last = current.blocks.lastIndex(where: { !PreparedBlock($0).scalars.isEmpty }), last > 0
        else { return nil }
        defer {
            current.blocks.removeFirst(last)
            current.isContinued = true
        }
        return (current.title, current.kind, Array(current.blocks[..<last]), current.blocks[last])
    }

    /// Reads the next group of the body.
    mutating func add(_ group: LineGroup) {
        pending.append(group)
        if !hasReadTitleBlock {
            guard pending.count >= 4 else { return }
            readTitleBlockAndGroups()
        }
        while pending.count > Self.lookahead { pending.removeFirst(read(pending, at: 0)) }
    }

    /// Reads what is left at the end of the text.
    mutating func finish() {
        if !hasReadTitleBlock { readTitleBlockAndGroups() }
        while !pending.isEmpty { pending.removeFirst(read(pending, at: 0)) }
        finishChapter()
    }

    private mutating func readTitleBlockAndGroups() {
        hasReadTitleBlock = true
        pending.removeFirst(readTitleBlock(pending))
    }

    /// `CHAPTER I.` + `Down the Rabbit-Hole` → `CHAPTER I. Down the Rabbit-Hole`.
    static func joinedTitle(_ heading: String, _ subtitle: String) -> String {
        let bare = heading.trimmingCharacters(".:")
        return "\(bare). \(subtitle)"
    }

    /// Adds blocks to the chapter being read, each paragraph in another
    /// language than the book's marked with it.
    mutating func append(_ blocks: [TextBlock]) {
        current.blocks += blocks.map(languages.marked)
    }

    /// Ends the chapter being read and starts one titled `title`.
    mutating func startChapter(title: String?, kind: PlainTextDocument.Kind) {
        finishChapter()
        current.title = title
        current.kind = kind
    }

    /// The kind of the chapter being read.
    var currentKind: PlainTextDocument.Kind { current.kind }

    mutating func finishChapter() {
        if current.isContinued || current.blocks.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            document.chapters.append(current)
        }
        current = PlainTextDocument.Chapter()
    }

    /// A leading title block: a few short lines, then `by Author` (or `by`
    /// and the author on the next line). It makes the first page, titled
    /// with it, and gives the book's title and authors unless a Gutenberg
    /// header did. Returns how many groups it used.
    private mutating func readTitleBlock(_ groups: [LineGroup]) -> Int {
        let head = groups.prefix(4).map { $0.lines.map { $0.trimmingWhitespace() } }
        guard let byIndex = head.indices.dropFirst().first(where: { Self.startsWithBy(head[$0]) }) else { return 0 }
        let titleLines = head[..<byIndex].joined()
        guard titleLines.count <= 4, titleLines.allSatisfy({ $0.count <= 80 }) else { return 0 }
        let byLines = head[byIndex]
        var author = byLines[0].dropFirst(2).trimmingWhitespace()
        var used = byIndex + 1
        if author.isEmpty, let next = byLines.dropFirst().first ?? head[safe: byIndex + 1]?.first {
            author = next
            if byLines.count == 1 { used += 1 }
        }
        let title = titleLines.joined(separator: " ")
        if document.title == nil {
            document.title = title
            document.authors = GutenbergFrame.names(author)
        }
        current.title = title
        current.blocks.append(TextBlock(.heading(level: 1), text: title, source: groups[0].source))
        current.blocks.append(TextBlock(.paragraph, text: "by " + author, source: groups[byIndex].source))
        return used
    }

    private static func startsWithBy(_ lines: [String]) -> Bool {
        guard let first = lines.first?.lowercased() else { return false }
        return first == "by" || first.hasPrefix("by ")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
