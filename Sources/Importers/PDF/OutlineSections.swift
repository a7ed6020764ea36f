import BookFiles

/// Cuts a PDF's blocks into pages at its outline's entries: each entry
/// starts a page, titled by it, at the first line at or below the height
/// it leads to. Entries that lead to the same line make one page, titled
/// by the first whose own page that line is on (an entry that leads to a
/// page without text, an image, gives way to the next that leads to its
/// text); one that leads back before the entry above it is left out.
/// Blocks before the first entry make an untitled page.
enum OutlineSections {
    /// An outline entry placed in the text flow.
    struct Mark: Hashable {
        var title: String
        /// The flow line the entry's page starts at.
        var line: Int
        /// Whether the entry leads to an earlier page than the line's (one without text).
        var isDisplaced = false
    }

    /// Where each entry of `outline` starts in `lines` (the flow of the
    /// pages' lines), in order; entries past the last line are left out.
    static func marks(_ outline: [PDFOutlineEntry], in lines: [FlowLine]) -> [Mark] {
        var marks: [Mark] = []
        for entry in outline {
            guard let line = firstLine(at: entry, in: lines) else { continue }
            let mark = Mark(title: entry.title, line: line, isDisplaced: lines[line].page != entry.page)
            if let last = marks.last, line <= last.line {
                if line == last.line, last.isDisplaced, !mark.isDisplaced { marks[marks.count - 1] = mark }
                continue
            }
            marks.append(mark)
        }
        return marks
    }

    /// The first line on the entry's page whose middle is below the height
    /// the entry leads to (producers point at a heading's top), else the
    /// first line of a later page.
    private static func firstLine(at entry: PDFOutlineEntry, in lines: [FlowLine]) -> Int? {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].page < entry.page { low = middle + 1 } else { high = middle }
        }
        guard let top = entry.top else { return low < lines.count ? low : nil }
        var index = low
        while index < lines.count, lines[index].page == entry.page, (lines[index].line.top + lines[index].line.bottom) / 2 < top {
            index += 1
        }
        return index < lines.count ? index : nil
    }

    /// The sections of `blocks` (each block starts at a mark or after it).
    static func split(_ blocks: [PDFBlock], at marks: [Mark]) -> [DocumentSection] {
        var sections = [DocumentSection()]
        var next = 0
        for block in blocks {
            while next < marks.count, block.firstLine >= marks[next].line {
                sections.append(DocumentSection(title: marks[next].title))
                next += 1
            }
            sections[sections.count - 1].blocks.append(block.block)
        }
        return sections.filter { !$0.blocks.isEmpty }
    }
}
