import BookFiles
import BookModel

/// Opens the formats that are one document (FB2, HTML, Markdown, PDF), alone or in a zip,
/// and the office documents (DOCX, ODT), which are zips of parts: each is
/// read whole, then handed out page by page by a ``SectionedPageStream``.
package enum SingleDocumentImporter {
    /// The stream of an FB2, HTML or Markdown document.
    /// - Parameters:
    ///   - archive: the zip the document came from (a `.fb2.zip`, an
    ///     `.htmlz`), for the files it links; nil for a file on its own.
    ///   - entry: the document's path in `archive`.
    /// - Throws: ``ImportError`` when the document cannot be parsed.
    package static func open(
        _ bytes: [UInt8], format: InputFormat, options: ImportOptions, sourceFile: String?, warnings: WarningSink,
        archive: (any Archive)? = nil, entry: String? = nil
    ) throws(ImportError) -> any PageStream {
        switch format {
        case .fictionBook:
            let document = try FictionBookDocument(bytes: bytes, resource: entry ?? sourceFile)
            for warning in document.warnings { warnings.warn(warning) }
            return document.pageStream(options: options, sourceFile: sourceFile)
        case .html:
            if let archive, let entry {
                return try ZippedHTML.open(archive, entry: entry, options: options, sourceFile: sourceFile, warnings: warnings)
            }
            let page = try HTMLPage(bytes: bytes, path: sourceFile ?? "page.html", options: options)
            for warning in page.warnings { warnings.warn(warning) }
            return page.pageStream(options: options, sourceFile: sourceFile, resources: [:])
        case .markdown:
            let page = try MarkdownDocument.page(bytes: bytes, path: sourceFile ?? "book.md", options: options)
            for warning in page.warnings { warnings.warn(warning) }
            return page.pageStream(options: options, sourceFile: sourceFile, resources: [:])
        case .pdf:
            return try PDFBook.open(bytes, options: options, sourceFile: sourceFile)
        default:
            throw .unsupported("\(format.description) is not read yet")
        }
    }

    /// The stream of an OpenDocument text, else of a Word document (the
    /// only other zip of parts narrate reads).
    /// - Throws: ``ImportError`` when a part the document needs is missing or cannot be parsed.
    package static func open(
        _ archive: some Archive, format: InputFormat, options: ImportOptions, sourceFile: String?, warnings: WarningSink
    ) throws(ImportError) -> any PageStream {
        switch format {
        case .openDocumentText: try OpenDocumentText.open(archive, options: options, sourceFile: sourceFile)
        default: try WordDocument.open(archive, options: options, sourceFile: sourceFile)
        }
    }
}
