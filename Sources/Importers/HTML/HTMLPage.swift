import BookFiles
import BookModel
import TextPrimitives

/// A single HTML or XHTML page read as a book: its head as metadata, its
/// body by the EPUB importer's content rules (notes, page numbers, hidden
/// text and ruby readings behave as in an EPUB), cut into pages at its
/// headings `h1`–`h3`.
struct HTMLPage {
    /// From the head (and the `lang` of `<html>`); `--language` wins.
    var metadata: BookMetadata
    /// The pages, cut at `h1`–`h3`.
    var sections: [DocumentSection]
    /// Paths of the images the page shows, relative to the page's folder
    /// resolved (`images/cover.jpg`), in document order.
    var imagePaths: [String]
    /// Problems that do not stop the reading (XHTML read with the HTML
    /// parser, text nested too deep to be read).
    var warnings: [Warning] = []
    /// Why the HTML parser stopped before the page's end (it is among
    /// ``warnings``), when it did.
    var truncation: XMLError?

    /// Parses a page: as XML first when it says it is XHTML (read with the
    /// HTML parser if it is not well-formed), else with the HTML parser.
    /// - Parameters:
    ///   - path: the page's name or archive path: sources and image paths are relative to it.
    /// - Throws: ``ImportError/malformed(format:location:message:)`` when
    ///   nothing could be read.
    init(bytes: [UInt8], path: String, options: ImportOptions) throws(ImportError) {
        let document: XMLDocument
        do { document = try Self.parse(bytes) } catch {
            throw .malformed(format: "HTML", location: error.line.map { "line \($0)" }, message: error.message)
        }
        if let error = document.recoveredError {
            warnings.append(Warning("not well-formed XHTML (\(error.message)); read with the HTML parser",
                at: error.line.map { "line \($0)" }))
        }
        truncation = document.truncation
        if let truncation { warnings.append(Warning(truncation.message, at: truncation.line.map { "line \($0)" })) }
        metadata = document.root.map(HTMLHeadMetadata.read) ?? BookMetadata()
        if let language = options.language { metadata.language = language }
        let content = ChapterContent(document: document, path: path, bookLanguage: metadata.language,
            speakAltText: options.speakAltText, readsNotes: options.readsNotes, readsContents: options.readsContents)
        let images = content.images.map { HeadingSections.Image(name: $0.path, block: $0.position.block) }
        sections = HeadingSections.split(content.blocks, images: images)
        imagePaths = content.images.map(\.path)
    }

    /// XHTML (an XML declaration, or the XHTML namespace near the top) is
    /// parsed as XML, anything else as HTML; UTF-8 bytes are read as UTF-8
    /// whatever the page declares.
    private static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLDocument {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        if head.hasPrefix("<?xml") || head.contains("xmlns=\"http://www.w3.org/1999/xhtml\"") {
            return try XMLDocument.parse(bytes, htmlFallback: true)
        }
        return try XMLDocument.parse(html: bytes, encoding: UTF8Validation.isValid(bytes) ? "UTF-8" : nil)
    }

    /// The page as a stream; images are the files of `resources` (a
    /// zipped page's entries), and a page whose image is not among them
    /// shows none.
    func pageStream(options: ImportOptions, sourceFile: String?, resources: [String: [UInt8]]) -> SectionedPageStream {
        var metadata = metadata
        metadata.sourceFile = sourceFile
        var sections = sections
        for index in sections.indices where sections[index].backgroundImage.map({ resources[$0] == nil }) ?? false {
            sections[index].backgroundImage = nil
        }
        if metadata.coverImage.map({ resources[$0] == nil }) ?? false { metadata.coverImage = nil }
        return SectionedPageStream(metadata: metadata, sections: sections, resources: resources, options: options)
    }
}
