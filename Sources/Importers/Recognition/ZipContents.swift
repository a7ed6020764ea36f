import BookFiles

/// What kind of zip an archive is, from its entry names and its `mimetype`
/// entry: an EPUB, a Word or OpenDocument text, a zipped FB2 or HTML book;
/// or a spreadsheet, a comic-book archive, a Java or Android package, or
/// another zip, each refused with its name instead of a message about a
/// missing EPUB part.
enum ZipContents: Equatable {
    case epub
    case wordDocument
    case openDocumentText
    /// A zip holding one FB2 document (`.fb2.zip`), at this entry.
    case fictionBook(entry: String)
    /// calibre's zipped HTML (`.htmlz`) or another zip of one HTML page, at this entry.
    case html(entry: String)
    /// A zip narrate does not read.
    case foreign(ForeignFormat)

    /// The kind of `archive`.
    static func kind(of archive: some Archive) -> ZipContents {
        let type = archive.contains("mimetype")
            ? (try? archive.read("mimetype")).map { String(decoding: $0.prefix(100), as: UTF8.self).trimmingASCIIWhitespace() }
            : nil
        if let type, type.hasPrefix(openDocumentType) { return openDocument(type) }
        if archive.contains("META-INF/container.xml") || type == "application/epub+zip" { return .epub }
        return byEntries(archive.entryPaths)
    }

    /// The format this kind is read as; nil for foreign zips.
    var format: InputFormat? {
        switch self {
        case .epub: .epub
        case .wordDocument: .wordDocument
        case .openDocumentText: .openDocumentText
        case .fictionBook: .fictionBook
        case .html: .html
        case .foreign: nil
        }
    }

    private static let openDocumentType = "application/vnd.oasis.opendocument."

    private static func byEntries(_ paths: [String]) -> ZipContents {
        let names = Set(paths)
        if names.contains("[Content_Types].xml") {
            if paths.contains(where: { $0.hasPrefix("word/") }) { return .wordDocument }
            if paths.contains(where: { $0.hasPrefix("xl/") }) { return office("an Excel workbook (XLSX)") }
            if paths.contains(where: { $0.hasPrefix("ppt/") }) { return office("a PowerPoint presentation (PPTX)") }
            return office("an Office Open XML document")
        }
        if names.contains("AndroidManifest.xml") { return .foreign(ForeignFormat("an Android app (APK)", hint: ForeignFormat.notText)) }
        if names.contains("META-INF/MANIFEST.MF") { return .foreign(ForeignFormat("a Java archive (JAR)", hint: ForeignFormat.notText)) }
        let files = paths.filter { !$0.hasSuffix("/") }
        let fictionBooks = files.filter { $0.lowercased().hasSuffix(".fb2") }
        if fictionBooks.count == 1, let entry = fictionBooks.first { return .fictionBook(entry: entry) }
        if let page = htmlPage(files) { return .html(entry: page) }
        if !files.isEmpty, files.allSatisfy(isImageOrSidecar), files.contains(where: isImage) {
            return .foreign(ForeignFormat("a comic-book archive (CBZ) of images", hint: ForeignFormat.notText))
        }
        return .foreign(ForeignFormat("a zip archive that is not an EPUB (it has no META-INF/container.xml)",
            hint: "if a book is inside, extract it first: unzip FILE"))
    }

    /// calibre's `index.html` beside its `metadata.opf`, else the one HTML
    /// page at the top of the zip.
    private static func htmlPage(_ files: [String]) -> String? {
        if files.contains("index.html") { return "index.html" }
        let pages = files.filter { path in
            let lower = path.lowercased()
            return !path.contains("/") && (lower.hasSuffix(".html") || lower.hasSuffix(".htm") || lower.hasSuffix(".xhtml"))
        }
        return pages.count == 1 ? pages.first : nil
    }

    private static func openDocument(_ type: String) -> ZipContents {
        switch type.dropFirst(openDocumentType.count) {
        case "text": .openDocumentText
        case "spreadsheet": office("an OpenDocument spreadsheet (ODS)")
        case "presentation": office("an OpenDocument presentation (ODP)")
        default: office("an OpenDocument file")
        }
    }

    private static func office(_ name: String) -> ZipContents {
        .foreign(ForeignFormat(name, hint: ForeignFormat.saveAsText))
    }

    private static func isImage(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp"].contains { lower.hasSuffix($0) }
    }

    /// Images, and the text files comic archives carry beside them.
    private static func isImageOrSidecar(_ path: String) -> Bool {
        let lower = path.lowercased()
        return isImage(path) || lower.hasSuffix(".xml") || lower.hasSuffix(".txt") || lower.hasSuffix("thumbs.db")
    }
}
