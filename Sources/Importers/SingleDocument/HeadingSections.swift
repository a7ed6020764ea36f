import TextPrimitives

/// Cuts a document's blocks into sections at its headings: each heading of
/// level `maximumLevel` or above starts a page titled with its text, except
/// one that follows another heading with no text between (a chapter's
/// number and name, a part title before its first chapter stay one page,
/// titled by the first). Blocks before the first heading make an untitled
/// page.
enum HeadingSections {
    /// An image and the index of the block it stands before.
    struct Image: Hashable {
        var name: String
        var block: Int
    }

    /// The sections of `blocks`, in order; `images` (in document order)
    /// give each section its first image.
    static func split(_ blocks: [TextBlock], images: [Image] = [], maximumLevel: Int = 3) -> [DocumentSection] {
        let starts = pageStarts(blocks, maximumLevel: maximumLevel)
        return starts.indices.map { index in
            let range = starts[index]..<(index + 1 < starts.count ? starts[index + 1] : blocks.count)
            let image = images.first { range.contains($0.block) || ($0.block == blocks.count && range.upperBound == blocks.count) }
            let title = range.isEmpty ? nil : title(of: blocks[range.lowerBound], maximumLevel: maximumLevel)
            return DocumentSection(title: title, blocks: Array(blocks[range]), backgroundImage: image?.name)
        }
    }

    /// Indices of the blocks that start a page; always starts with 0.
    private static func pageStarts(_ blocks: [TextBlock], maximumLevel: Int) -> [Int] {
        var starts = [0]
        var previousWasHeading = false
        for index in blocks.indices {
            let headingLevel = level(of: blocks[index])
            if let headingLevel, headingLevel <= maximumLevel, !previousWasHeading, index > 0 { starts.append(index) }
            previousWasHeading = headingLevel != nil
        }
        return starts
    }

    private static func level(of block: TextBlock) -> Int? {
        switch block.kind {
        case .heading(let level): return level
        default: return nil
        }
    }

    /// A page heading's text on one line; nil for other blocks.
    private static func title(of block: TextBlock, maximumLevel: Int) -> String? {
        guard let level = level(of: block), level <= maximumLevel else { return nil }
        let text = block.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
