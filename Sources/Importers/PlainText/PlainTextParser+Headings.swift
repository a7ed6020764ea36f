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
    /// The names of the chapters a table of contents at the top lists
    /// (``ContentsEntry``): a line that names one opens its page.
    var contentsEntries: Set<String> = []
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
        if currentKind == .contents, isContentsEntry(groups, at: index) {
            recordContentsEntries(of: group)
            append(group.blocks())
            return 1
        }
        if group.lines.count == 1, let heading = HeadingLine(group.lines[0], seriesWords: headings.seriesWords) {
            return read(heading, of: groups, at: index)
        }
        if currentKind != .notes, group.isNote, isNoteSection(groups, from: index) {
            startChapter(title: "Notes", kind: .notes)
        } else if !headings.hasChapter, currentKind == .text, group.isContentsList {
            startChapter(title: "Contents", kind: .contents)
            recordContentsEntries(of: group)
            append(group.blocks())
            startChapter(title: nil, kind: .text)
            return 1
        } else if currentKind != .notes, let title = group.titleLine, isPageTitle(groups, at: index) {
            startPage(title: title, kind: .text, groups: groups, after: index + 1)
            // A chapter the contents names ends the front matter.
            if namesContentsEntry(group) { headings.hasChapter = true }
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
        if currentKind == .notes, !endsNotes(heading, groups, at: index) {
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
    /// In a book of titled chapters with numbered sections, a story's title
    /// (`The Redheaded League`) opens a page before prose too; and so does
    /// a line the contents at the top names.
    private func isPageTitle(_ groups: [LineGroup], at index: Int) -> Bool {
        let following = groups[(index + 1)...].prefix(2)
        guard let next = following.first else { return false }
        if next.isBareNumber(seriesWords: headings.seriesWords) || namesContentsEntry(groups[index]) { return true }
        if groups[index].blankLinesBefore >= 2, next.length >= 100 || next.lines.count > 1 { return true }
        if headings.numbersAreSections, groups[index].isStoryTitle, next.length >= 80, ListLine(next.lines[0]) == nil {
            return true
        }
        return !headings.hasChapter && following.contains(where: \.isProse)
    }

    /// The group is one line naming a chapter of the contents read before.
    private func namesContentsEntry(_ group: LineGroup) -> Bool {
        guard !headings.contentsEntries.isEmpty, group.lines.count == 1,
            let key = ContentsEntry.key(group.lines[0], seriesWords: headings.seriesWords)
        else { return false }
        return headings.contentsEntries.contains(key)
    }

    /// Notes the names a group of a table of contents lists.
    private mutating func recordContentsEntries(of group: LineGroup) {
        for line in group.lines {
            if let key = ContentsEntry.key(line, seriesWords: headings.seriesWords) { headings.contentsEntries.insert(key) }
        }
    }

    /// Inside a table of contents, a group is one of its entries unless it
    /// names one already listed (the chapter itself) or content follows it:
    /// prose or a section number, or, after a chapter number, its title
    /// and prose.
    private func isContentsEntry(_ groups: [LineGroup], at index: Int) -> Bool {
        let group = groups[index]
        guard group.lines.allSatisfy({ $0.utf8.count <= 240 }), !namesContentsEntry(group) else { return false }
        guard index + 1 < groups.count else { return false }
        let next = groups[index + 1]
        if next.isProse || next.isBareNumber(seriesWords: headings.seriesWords) { return false }
        guard group.lines.count == 1, let heading = HeadingLine(group.lines[0], seriesWords: headings.seriesWords),
            heading.awaitsTitle, next.chapterTitle != nil, index + 2 < groups.count
        else { return true }
        return !groups[index + 2].isProse
    }

    /// Whether a heading inside the notes ends them: a back-matter title
    /// (`Colophon`), or a chapter heading with prose after it that is no
    /// note. A number, a numbered line (`2. The Whale-Ship Essex ↩`) or a
    /// line in capitals followed by notes is a note's.
    private func endsNotes(_ heading: HeadingLine, _ groups: [LineGroup], at index: Int) -> Bool {
        if heading.isMatterTitle { return heading.opens != .notes }
        if heading.isBareNumber || heading.opens == .notes || heading.text.first?.isNumber == true { return false }
        let after = heading.awaitsTitle && index + 2 < groups.count ? index + 2 : index + 1
        guard after < groups.count else { return false }
        return groups[after].isProse && !groups[after].isNote
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
