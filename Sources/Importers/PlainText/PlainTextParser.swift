import BookModel

/// A plain-text book cut into chapters of blocks, with what it says about
/// itself.
struct PlainTextDocument {
    struct Chapter {
        var title: String?
        var blocks: [TextBlock] = []
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
    private let lines: [Substring]
    private var document = PlainTextDocument()
    private var current = PlainTextDocument.Chapter()

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.contains("\u{0C}") ? "" : $0 }
    }

    /// The document the text holds.
    mutating func parse() -> PlainTextDocument {
        let frame = GutenbergFrame(lines: lines)
        document.title = frame.title
        document.authors = frame.authors
        document.language = frame.language
        let groups = LineGroup.groups(of: lines, in: frame.body)
        readTitleBlock(groups)
        var index = 0
        while index < groups.count {
            index += read(groups, at: index)
        }
        finishChapter()
        return document
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
        if current.blocks.contains(where: { !$0.text.trimmingWhitespace().isEmpty }) {
            document.chapters.append(current)
        }
        current = PlainTextDocument.Chapter()
    }

    /// A leading title block: a few short lines, then `by Author`.
    private mutating func readTitleBlock(_ groups: [LineGroup]) {
        guard document.title == nil else { return }
        let head = groups.prefix(4).map { $0.lines.map { $0.trimmingWhitespace() } }
        for (index, lines) in head.enumerated() where index > 0 {
            guard let first = lines.first, first.lowercased() == "by" || first.lowercased().hasPrefix("by ") else {
                continue
            }
            let titleLines = head[..<index].joined()
            guard titleLines.allSatisfy({ $0.count <= 80 }), titleLines.count <= 4 else { return }
            var author = first.dropFirst(2).trimmingWhitespace()
            if author.isEmpty { author = lines.dropFirst().first ?? head[safe: index + 1]?.first ?? "" }
            document.title = titleLines.joined(separator: " ")
            document.authors = author.isEmpty ? [] : GutenbergFrame.names(author)
            return
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
