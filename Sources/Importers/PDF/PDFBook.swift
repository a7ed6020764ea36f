import BookFiles
import BookModel

/// A PDF read as a book through poppler: the text of its pages in reading
/// order without running headers, footers and page numbers
/// (``RunningLines``), put back into paragraphs and headings
/// (``LineParagraphs``), cut into pages at its outline's entries
/// (``OutlineSections``) or, without an outline, at its headings; the
/// metadata of its XMP packet and information dictionary; its first page,
/// drawn, as the cover (as calibre and file managers show a PDF), made
/// only when the cover is asked for. Notes are not kept apart: in a PDF
/// they are text on the page.
enum PDFBook {
    /// The cover's name, for ``BookMetadata/coverImage`` and ``PageStream/resource(at:)``.
    static let coverName = "cover.png"
    /// The cover's longer side, in pixels (an EPUB reader's or an audio player's cover).
    static let coverSize = 1600

    /// The PDF in `bytes` as a page stream.
    /// - Throws: ``ImportError`` for an encrypted or damaged PDF, or one
    ///   with no text to read (a scan).
    static func open(_ bytes: [UInt8], options: ImportOptions, sourceFile: String?) throws(ImportError)
        -> SectionedPageStream
    {
        let document: PDFDocument
        do { document = try PDFDocument(bytes: bytes) } catch { throw ImportError(error) }
        let pages = (0..<document.pageCount).map(document.textPage(at:))
        guard pages.contains(where: { !$0.lines.isEmpty }) else { throw noText(pageCount: pages.count) }
        let lines = FlowLine.flow(RunningLines.removed(from: pages))
        let marks = OutlineSections.marks(document.outline(), in: lines)
        let blocks = LineParagraphs(lines).blocks(breaks: Set(marks.map(\.line)), resource: sourceFile)
        let sections = marks.isEmpty ? HeadingSections.split(blocks.map(\.block)) : OutlineSections.split(blocks, at: marks)
        var metadata = PDFMetadata.read(document.info)
        metadata.sourceFile = sourceFile
        metadata.language = options.language ?? metadata.language ?? LanguageGuesser.guess(sample(blocks)[...])
        metadata.coverImage = coverName
        let cover = { document.picture(ofPage: 0, longestSide: coverSize) }
        return SectionedPageStream(
            metadata: metadata, sections: sections, madeResources: [coverName: cover], options: options)
    }

    /// The refusal of a PDF whose pages hold no text, only images of it.
    private static func noText(pageCount: Int) -> ImportError {
        let pages = pageCount == 1 ? "its page" : "any of its \(pageCount) pages"
        return .unsupported("the PDF has no text on \(pages) (a scan without a text layer?): "
            + "narrate reads text, not images of it; make it searchable first, for example with ocrmypdf")
    }

    /// The opening text, for guessing the language.
    private static func sample(_ blocks: [PDFBlock]) -> String {
        var sample = ""
        for block in blocks where sample.utf8.count < LanguageGuesser.sampleLength { sample += block.block.text + "\n" }
        return sample
    }
}

extension ImportError {
    /// The import error for a PDF poppler cannot open.
    init(_ error: PDFError) {
        switch error {
        case .encrypted, .unavailable: self = .unsupported(error.description)
        case .damaged(let message): self = .malformed(format: "PDF", location: nil, message: message)
        }
    }
}
