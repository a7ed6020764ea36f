import BookModel
import TextPrimitives

/// What the headings read so far say about the ones to come.
struct HeadingState {
    /// Words that number this book's chapters besides `Chapter`, `Book`…
    let seriesWords: Set<String>
    /// A chapter heading has been read: the front matter is over.
    var hasChapter = false
    /// Titled chapters number their sections (`A Scandal in Bohemia`, then
    /// `I.`, `II.`): a number alone is a section, not a new page.
    var numbersAreSections = false
}

extension LineGroup {
    /// A number alone on its line (`I.`, `12`): a chapter's or a section's.
    func isBareNumber(seriesWords: Set<String>) -> Bool {
        lines.count == 1 && lines[0].utf8.count <= 16
            && HeadingLine(lines[0], seriesWords: seriesWords)?.isBareNumber == true
    }
}

/// How the parser reads each group: a heading (and the page it opens), a
/// title line, a table of contents, a note, or prose.
extension PlainTextParser {
    /// Reads the group at `index` (and a chapter title after it); returns how
    /// many groups were used.
    mutating func read(_ groups: [LineGroup], at index: Int) -> Int {
        let group = groups[index]
        if group.lines.count == 1, let heading = HeadingLine(group.lines[0], seriesWords: headings.seriesWords) {
            return read(heading, of: groups, at: index)
        }
        if currentKind != .notes, group.isNote, isNoteSection(groups, from: index) {
            startChapter(title: "Notes", kind: .notes)
        } else if !headings.hasChapter, currentKind == .text, group.isContentsList {
            startChapter(title: "Contents", kind: .contents)
            append(group.blocks())
            startChapter(title: nil, kind: .text)
            return 1
        } else if currentKind != .notes, let title = group.titleLine, isPageTitle(groups, at: index) {
            startPage(title: title, kind: .text, groups: groups, after: index + 1)
            append([TextBlock(.heading(level: 1), text: title, source: group.source)])
            return 1
        }
        append(group.blocks())
        return 1
    }

    /// A heading line: opens a page (with a title line after a bare
    /// number), or a section inside one; inside notes a number is a note's.
    private mutating func read(_ line: HeadingLine, of groups: [LineGroup], at index: Int) -> Int {
        let group = groups[index]
        var heading = line
        if currentKind == .notes, heading.isBareNumber || heading.opens == .notes {
            append(group.blocks())
            return 1
        }
        if heading.isBareNumber, headings.numbersAreSections {
            (heading.level, heading.startsPage, heading.awaitsTitle) = (2, false, false)
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
            let kind: PlainTextDocument.Kind = switch heading.opens {
            case .contents: .contents
            case .notes: .notes
            case .chapter, .closing: .text
            }
            startPage(title: title, kind: kind, groups: groups, after: index + used)
            if !heading.isMatterTitle { headings.hasChapter = true }
        }
        append(blocks)
        return used
    }

    /// Starts a page; a number alone right after its heading shows that
    /// the book numbers sections inside titled chapters.
    private mutating func startPage(title: String, kind: PlainTextDocument.Kind, groups: [LineGroup], after next: Int) {
        startChapter(title: title, kind: kind)
        if next < groups.count, groups[next].isBareNumber(seriesWords: headings.seriesWords) {
            headings.numbersAreSections = true
        }
        if kind == .text { headings.hasChapter = headings.hasChapter || headings.numbersAreSections }
    }

    /// A title line opens a page when the layout sets it off (two blank
    /// lines or more before it, prose after), when numbered sections follow
    /// it, or when it opens the front matter's prose (`Etymology`).
    private func isPageTitle(_ groups: [LineGroup], at index: Int) -> Bool {
        let following = groups[(index + 1)...].prefix(2)
        guard let next = following.first else { return false }
        if next.isBareNumber(seriesWords: headings.seriesWords) { return true }
        if groups[index].blankLinesBefore >= 2, next.length >= 100 || next.lines.count > 1 { return true }
        return !headings.hasChapter && following.contains(where: \.isProse)
    }

    /// A bracketed note (`[1] …`) opens the notes when another follows it
    /// or it is the last group; a note with a back-link (`↩`) always does.
    private func isNoteSection(_ groups: [LineGroup], from index: Int) -> Bool {
        guard let first = groups[index].lines.first.map({ $0.trimmingWhitespace() }),
            LineGroup.bracketedNumber(first) != nil
        else { return true }
        return index + 1 == groups.count || groups[index + 1].isNote
    }
}
