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
    ///     in table order; one without a fragment starts at the top.
    ///   - unresolved: receives the fragments that name no element.
    static func split(
        _ content: ChapterContent, entries: [TableOfContents.Entry], unresolved: inout [String]
    ) -> [Section] {
        var starts: [(index: Int, title: String?)] = []
        for entry in entries {
            let index: Int? = entry.target.fragment.map { content.anchors[$0] } ?? 0
            guard let index else {
                unresolved.append(entry.target.fragment ?? "")
                continue
            }
            if !starts.contains(where: { $0.index == index }) {
                starts.append((index, entry.title.isEmpty ? nil : entry.title))
            }
        }
        starts.sort { $0.index < $1.index }
        if starts.first?.index != 0 { starts.insert((0, nil), at: 0) }
        return starts.indices.map { position in
            let start = starts[position].index
            let end = position + 1 < starts.count ? starts[position + 1].index : content.blocks.count
            let isLast = position + 1 == starts.count
            let image = content.images.first { $0.blockIndex >= start && ($0.blockIndex < end || isLast) }
            let title = starts[position].title ?? content.firstHeading(in: start..<end)
            return Section(title: title, blocks: start..<end, backgroundImage: image?.path)
        }
    }
}
