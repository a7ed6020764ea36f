import BookFiles
/// Cuts one content document into pages at the places its table-of-contents
/// entries point to, and titles each piece.
enum ChapterSections {
    /// One page's share of a content document.
    struct Section: Hashable {
        /// From the table of contents, else the section's first heading.
        var title: String?
        /// Indices into the document's blocks.
        var blocks: Range<Int>
        /// Archive path of the first image in the section.
        var backgroundImage: String?
    }

    /// Sections of `content`, in document order.
    /// - Parameters:
    ///   - entries: table-of-contents entries that point into this document,
    ///     in table order; one without a fragment starts at the top, unless
    ///     several have none: then each starts at the next heading that
    ///     reads as its title (a Kindle book's table of contents, rebuilt by
    ///     libmobi, loses the places inside a file that its entries point
    ///     to), and at the top when no heading does.
    ///   - unresolved: receives the fragments that name no element.
    static func split(
        _ content: ChapterContent, entries: [TableOfContents.Entry], unresolved: inout [String]
    ) -> [Section] {
        typealias Position = ChapterContent.Position
        let top = Position(block: 0, order: 0)
        var starts: [(position: Position, title: String?)] = []
        let findsHeadings = entries.count { $0.target.fragment == nil } > 1
        var nextHeading = 0
        for entry in entries {
            var position: Position? = entry.target.fragment.map { content.anchors[$0] } ?? top
            if findsHeadings, entry.target.fragment == nil, let block = heading(titled: entry.title, in: content, from: nextHeading) {
                position = Position(block: block, order: 0)
                nextHeading = block + 1
            }
            guard let position else {
                unresolved.append(entry.target.fragment ?? "")
                continue
            }
            if !starts.contains(where: { $0.position.block == position.block }) {
                starts.append((position, entry.title.isEmpty ? nil : entry.title))
            }
        }
        starts.sort { $0.position < $1.position }
        if starts.first?.position.block != 0 { starts.insert((top, nil), at: 0) }
        starts[0].position = top
        return sections(content, starts: starts)
    }

    /// The sections between successive starts (the first at the top).
    private static func sections(
        _ content: ChapterContent, starts: [(position: ChapterContent.Position, title: String?)]
    ) -> [Section] {
        let end = ChapterContent.Position(block: Int.max, order: 0)
        return starts.indices.map { index in
            let start = starts[index].position
            let next = index + 1 < starts.count ? starts[index + 1].position : end
            let blocks = start.block..<min(next.block, content.blocks.count)
            let image = content.images.first { $0.position >= start && $0.position < next }
            let title = starts[index].title ?? content.firstHeading(in: blocks)
            return Section(title: title, blocks: blocks, backgroundImage: image?.path)
        }
    }

    /// The first heading block from `first` on whose letters and digits are
    /// `title`'s, ignoring case.
    private static func heading(titled title: String, in content: ChapterContent, from first: Int) -> Int? {
        let wanted = letters(title)
        guard !wanted.isEmpty, first < content.blocks.count else { return nil }
        return content.blocks.indices[first...].first { index in
            guard case .heading = content.blocks[index].kind else { return false }
            return letters(content.blocks[index].text) == wanted
        }
    }

    private static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }
}
