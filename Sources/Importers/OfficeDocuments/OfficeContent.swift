import BookFiles
import BookModel
import TextPrimitives

/// What a word-processor document (DOCX, ODT) says, ready to be cut into
/// pages: its paragraphs as blocks, its images and notes by the block they
/// stand in. Pages start at headings of levels 1–3 (``HeadingSections``);
/// with `--notes`, footnotes are read at the end of the page that cites
/// them and endnotes make a last page, as an EPUB's are.
struct OfficeContent {
    /// Notes cited in one block.
    struct Citation {
        /// Index into ``OfficeContent/blocks``.
        var block: Int
        /// The note's blocks, its first marked with its number.
        var note: [TextBlock]
    }

    /// The paragraphs, in reading order.
    var blocks: [TextBlock] = []
    /// Per block, the bytes of its text inside links within the document
    /// (see ``BlockCollector/linkedBytes``); empty when unknown.
    var linkedBytes: [Int] = []
    /// Images by archive path, in document order.
    var images: [HeadingSections.Image] = []
    /// Footnotes by the block that cites them, numbered, in block order.
    var footnotes: [Citation] = []
    /// Endnotes, numbered in the order they are cited.
    var endnotes: [TextBlock] = []
    /// Note references met in the text, in order (DOCX; ODT notes are inline).
    var references: [WordBodyReader.NoteReference] = []

    /// The pages: one per heading of level 1–3, notes added when they are
    /// read, a table of contents left out unless it is read (with the notes
    /// it cites).
    func sections(readsNotes: Bool, readsContents: Bool = false) -> [DocumentSection] {
        var sections = HeadingSections.split(blocks, images: images)
        let ranges = blockRanges(of: sections)
        let kept = ranges.map { readsContents || !isContents($0) }
        if readsNotes { addFootnotes(to: &sections, ranges: ranges) }
        sections = zip(sections, kept).compactMap { $1 ? $0 : nil }
        if readsNotes, !endnotes.isEmpty { sections.append(DocumentSection(title: "Notes", blocks: endnotes)) }
        return sections
    }

    /// The blocks each section holds, as indices into ``blocks``.
    private func blockRanges(of sections: [DocumentSection]) -> [Range<Int>] {
        var start = 0
        return sections.map { section in
            defer { start += section.blocks.count }
            return start..<(start + section.blocks.count)
        }
    }

    /// Footnotes at the end of the section that cites them (citations come
    /// in block order: one pass over them).
    private func addFootnotes(to sections: inout [DocumentSection], ranges: [Range<Int>]) {
        var next = 0
        for index in sections.indices {
            while next < footnotes.count, footnotes[next].block < ranges[index].upperBound || index == sections.count - 1 {
                sections[index].blocks += footnotes[next].note
                next += 1
            }
        }
    }

    /// A table of contents: three linked paragraphs or more making up most
    /// of the text, as for an EPUB page.
    private func isContents(_ range: Range<Int>) -> Bool {
        guard linkedBytes.count == blocks.count else { return false }
        let linked = linkedBytes[range]
        let text = blocks[range].reduce(0) { $0 + $1.text.utf8.count }
        return linked.filter { $0 > 0 }.count >= 3 && linked.reduce(0, +) * 10 >= text * 6
    }

    /// The first image, for documents that name no cover.
    var firstImage: String? { images.first?.name }

    /// The document as a stream: the images its pages and cover show are
    /// read from `archive` (one that cannot be read is left out).
    func pageStream(metadata: BookMetadata, archive: some Archive, options: ImportOptions) -> SectionedPageStream {
        var metadata = metadata
        if let language = options.language { metadata.language = language }
        var sections = sections(readsNotes: options.readsNotes, readsContents: options.readsContents)
        var resources: [String: [UInt8]] = [:]
        for path in Set(sections.compactMap(\.backgroundImage) + [metadata.coverImage].compactMap { $0 }) {
            resources[path] = try? archive.read(path)
        }
        for index in sections.indices where sections[index].backgroundImage.map({ resources[$0] == nil }) ?? false {
            sections[index].backgroundImage = nil
        }
        if metadata.coverImage.map({ resources[$0] == nil }) ?? false { metadata.coverImage = nil }
        return SectionedPageStream(metadata: metadata, sections: sections, resources: resources, options: options)
    }

    /// `note` marked as a note, its first block marked by its number, as it is read.
    static func numbered(_ note: [TextBlock], _ number: Int) -> [TextBlock] {
        var note = TextBlock.notes(note)
        if !note.isEmpty { note[0].kind = .listItem(marker: "\(number).") }
        return note
    }
}
