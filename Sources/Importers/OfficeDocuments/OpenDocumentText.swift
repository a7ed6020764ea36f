import BookFiles
import BookModel
import TextPrimitives

/// An OpenDocument text (ODT) read as a book: `content.xml`'s body with
/// the styles of `content.xml` and `styles.xml`, its notes (footnotes at
/// the end of their chapter, endnotes on a last page, with `--notes`),
/// `meta.xml` as metadata and the first image as the cover.
enum OpenDocumentText {
    /// The document in `archive` as a page stream.
    /// - Throws: ``ImportError`` when `content.xml` is missing or not XML.
    static func open(_ archive: some Archive, options: ImportOptions, sourceFile: String?) throws(ImportError)
        -> SectionedPageStream
    {
        let root = try OfficePart.root("content.xml", in: archive, format: "ODT")
        var styles = OpenDocumentStyles()
        if let stylesRoot = try? OfficePart.root("styles.xml", in: archive, format: "ODT") { styles.add(stylesRoot) }
        styles.add(root)
        var reader = OpenDocumentBodyReader(resource: "content.xml", styles: styles)
        if let text = root.firstChild(named: "body")?.firstChild(named: "text") { text.walk(&reader) }
        var content = reader.takeContent()
        if options.readsNotes { addNotes(reader.notes, to: &content, styles: styles) }
        var metadata = DublinCoreProperties.read((try? archive.read("meta.xml")) ?? [])
        metadata.sourceFile = sourceFile
        metadata.coverImage = content.firstImage
        return content.pageStream(metadata: metadata, archive: archive, options: options)
    }

    /// Each note's body read as blocks, numbered in order, by where it is cited.
    private static func addNotes(_ notes: [OpenDocumentBodyReader.Note], to content: inout OfficeContent,
        styles: OpenDocumentStyles)
    {
        var numbers = (footnote: 0, endnote: 0)
        for note in notes {
            var reader = OpenDocumentBodyReader(resource: "content.xml", styles: styles)
            note.body.walk(&reader)
            let blocks = reader.takeBlocks()
            if note.isEndnote {
                numbers.endnote += 1
                content.endnotes += OfficeContent.numbered(blocks, numbers.endnote)
            } else {
                numbers.footnote += 1
                content.footnotes.append(.init(block: note.block, note: OfficeContent.numbered(blocks, numbers.footnote)))
            }
        }
    }
}
