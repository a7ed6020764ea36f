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
    /// is decided, then one kept as a chapter heading's possible title.
    private var pending: [LineGroup] = []
    /// Whether the title block (if any) has been read: from then on the
    /// document's title and authors are final.
    private(set) var hasReadTitleBlock = false

    /// A parser fed groups with ``add(_:)``, for the body of `frame`.
    init(frame: GutenbergFrame) {
        document.title = frame.title
        document.authors = frame.authors
        document.language = frame.language
    }

    /// The whole document of `text`.
    static func parse(text: String) -> PlainTextDocument {
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map(line)
        let frame = GutenbergFrame(lines: lines)
        var parser = PlainTextParser(frame: frame)
        for group in LineGroup.groups(of: lines, in: frame.body) { parser.add(group) }
        parser.finish()
        return parser.document
    }

    /// A line of the text; a form feed (page break) is a blank line when it
    /// stands alone, a space between the words around it otherwise (its text
    /// is kept: `\fChapter 2` is a line of the book).
    static func line(_ bytes: Substring.UTF8View) -> Substring {
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
    mutating func takeOpenChapterHead(minimumLength: Int) -> (title: String?, blocks: [TextBlock], next: TextBlock)? {
        guard current.blocks.reduce(0, { $0 + $1.text.utf8.count }) >= minimumLength,
            let last = current.blocks.lastIndex(where: { !PreparedBlock($0).scalars.isEmpty }), last > 0
        else { return nil }
        defer {
            current.blocks.removeFirst(last)
            current.isContinued = true
        }
        return (current.title, Array(current.blocks[..<last]), current.blocks[last])
    }

    /// Reads the next group of the body.
    mutating func add(_ group: LineGroup) {
        pending.append(group)
        if !hasReadTitleBlock {
            guard pending.count >= 4 else { return }
            readTitleBlockAndGroups()
        }
        while pending.count >= 2 { pending.removeFirst(read(pending, at: 0)) }
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

    /// Reads the group at `index` (and a chapter title after it); returns how
    /// many groups were used.
    private mutating func read(_ groups: [LineGroup], at index: Int) -> Int {
        let group = groups[index]
        guard group.lines.count == 1, let heading = HeadingLine(group.lines[0]) else {
            current.blocks += group.blocks()
            return 1
        }
        var title = heading.text
        var used = 1
        var blocks = [TextBlock(.heading(level: heading.level), text: heading.text, source: group.source)]
        if heading.awaitsTitle, index + 1 < groups.count, let subtitle = groups[index + 1].chapterTitle {
            title = Self.joinedTitle(heading.text, subtitle)
            blocks.append(TextBlock(.heading(level: heading.level + 1), text: subtitle, source: groups[index + 1].source))
            used = 2
        }
        if heading.startsPage {
            finishChapter()
            current.title = title
        }
        current.blocks += blocks
        return used
    }

    /// `CHAPTER I.` + `Down the Rabbit-Hole` → `CHAPTER I. Down the Rabbit-Hole`.
    private static func joinedTitle(_ heading: String, _ subtitle: String) -> String {
        let bare = heading.trimmingCharacters(".:")
        return "\(bare). \(subtitle)"
    }

    private mutating func finishChapter() {
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
