import BookFiles
import BookModel
import TextPrimitives

/// A Word document (DOCX, Office Open XML) read as a book: the main part
/// the package's relationships name (`word/document.xml`), its styles for
/// headings, its footnotes and endnotes, `docProps/core.xml` (and
/// `custom.xml`, where converters put the book's date and language) for metadata
/// and the first image as the cover.
enum WordDocument {
    /// The document in `archive` as a page stream.
    /// - Throws: ``ImportError`` when the main part is missing or not XML.
    static func open(_ archive: some Archive, options: ImportOptions, sourceFile: String?) throws(ImportError)
        -> SectionedPageStream
    {
        let main = WordRelationships(of: "", in: archive).byType["officeDocument"] ?? "word/document.xml"
        let relationships = WordRelationships(of: main, in: archive)
        let styles = WordStyles(relationships.byType["styles"].flatMap { try? archive.read($0) })
        var content = try read(main, archive: archive, styles: styles, relationships: relationships)
        var metadata = DublinCoreProperties.read(
            (try? archive.read("docProps/core.xml")) ?? [], (try? archive.read("docProps/custom.xml")) ?? [])
        metadata.sourceFile = sourceFile
        metadata.coverImage = content.firstImage
        if options.readsNotes { content = addNotes(content, archive: archive, relationships: relationships, styles: styles) }
        return content.pageStream(metadata: metadata, archive: archive, options: options)
    }

    /// The blocks and images of the main part, and its note references.
    private static func read(
        _ main: String, archive: some Archive, styles: WordStyles, relationships: WordRelationships
    ) throws(ImportError) -> OfficeContent {
        let root = try OfficePart.root(main, in: archive, format: "DOCX")
        var reader = WordBodyReader(resource: main, styles: styles, relationships: relationships)
        if let body = root.firstChild(named: "body") { body.walk(&reader) }
        var content = reader.takeContent()
        content.references = reader.references
        return content
    }

    /// The footnotes cited, at the blocks that cite them, and the endnotes,
    /// numbered in the order they are cited.
    private static func addNotes(
        _ content: OfficeContent, archive: some Archive, relationships: WordRelationships, styles: WordStyles
    ) -> OfficeContent {
        var content = content
        let footnotes = notes("footnotes", archive: archive, relationships: relationships, styles: styles)
        let endnotes = notes("endnotes", archive: archive, relationships: relationships, styles: styles)
        var numbers = (footnote: 0, endnote: 0)
        for reference in content.references {
            if reference.isEndnote, let note = endnotes[reference.id] {
                numbers.endnote += 1
                content.endnotes += OfficeContent.numbered(note, numbers.endnote)
            } else if !reference.isEndnote, let note = footnotes[reference.id] {
                numbers.footnote += 1
                content.footnotes.append(.init(block: reference.block, note: OfficeContent.numbered(note, numbers.footnote)))
            }
        }
        return content
    }

    /// The notes of the `footnotes` or `endnotes` part by id; none when the
    /// part is missing or damaged (the text is read without them).
    private static func notes(
        _ type: String, archive: some Archive, relationships: WordRelationships, styles: WordStyles
    ) -> [String: [TextBlock]] {
        guard let path = relationships.byType[type], let root = try? OfficePart.root(path, in: archive, format: "DOCX")
        else { return [:] }
        let noteRelationships = WordRelationships(of: path, in: archive)
        var notes: [String: [TextBlock]] = [:]
        for note in root.childElements where note.name == "footnote" || note.name == "endnote" {
            guard let id = WordNamespace.attribute("id", of: note), WordNamespace.attribute("type", of: note) == nil
            else { continue }
            var reader = WordBodyReader(resource: path, styles: styles, relationships: noteRelationships)
            note.walk(&reader)
            notes[id] = reader.takeBlocks()
        }
        return notes
    }
}
