import BookFiles

/// What kind of zip an archive is, from its entry names and its `mimetype`
/// entry: an EPUB, or a Word or OpenDocument file, a comic-book archive, a
/// Java or Android package, or another zip, each refused with its name
/// instead of a message about a missing EPUB part.
enum ZipContents {
    /// Nil for an EPUB (it has `META-INF/container.xml` or the EPUB
    /// `mimetype`); otherwise what the zip is.
    static func foreignFormat(of archive: some Archive) -> ForeignFormat? {
        let type = archive.contains("mimetype")
            ? (try? archive.read("mimetype")).map { String(decoding: $0.prefix(100), as: UTF8.self).trimmingASCIIWhitespace() }
            : nil
        if let type, type.hasPrefix(openDocumentType) { return openDocument(type) }
        if archive.contains("META-INF/container.xml") || type == "application/epub+zip" { return nil }
        return byEntries(archive.entryPaths)
    }

    private static let openDocumentType = "application/vnd.oasis.opendocument."

    private static func byEntries(_ paths: [String]) -> ForeignFormat {
        let names = Set(paths)
        if names.contains("[Content_Types].xml") {
            if paths.contains(where: { $0.hasPrefix("word/") }) { return office("a Word document (DOCX)") }
            if paths.contains(where: { $0.hasPrefix("xl/") }) { return office("an Excel workbook (XLSX)") }
            if paths.contains(where: { $0.hasPrefix("ppt/") }) { return office("a PowerPoint presentation (PPTX)") }
            return office("an Office Open XML document")
        }
        if names.contains("AndroidManifest.xml") { return ForeignFormat("an Android app (APK)", hint: ForeignFormat.notText) }
        if names.contains("META-INF/MANIFEST.MF") { return ForeignFormat("a Java archive (JAR)", hint: ForeignFormat.notText) }
        let files = paths.filter { !$0.hasSuffix("/") }
        if !files.isEmpty, files.allSatisfy(isImageOrSidecar), files.contains(where: isImage) {
            return ForeignFormat("a comic-book archive (CBZ) of images", hint: ForeignFormat.notText)
        }
        return ForeignFormat("a zip archive that is not an EPUB (it has no META-INF/container.xml)",
            hint: "if a book is inside, extract it first: unzip FILE")
    }

    private static func openDocument(_ type: String) -> ForeignFormat {
        let kind = type.dropFirst(openDocumentType.count)
        let name = switch kind {
        case "text": "an OpenDocument text (ODT)"
        case "spreadsheet": "an OpenDocument spreadsheet (ODS)"
        case "presentation": "an OpenDocument presentation (ODP)"
        default: "an OpenDocument file"
        }
        return office(name)
    }

    private static func office(_ name: String) -> ForeignFormat {
        ForeignFormat(name, hint: ForeignFormat.saveAsText)
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
