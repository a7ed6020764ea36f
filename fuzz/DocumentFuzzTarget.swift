// libFuzzer entry point for the importers, one target per format, chosen at
// build time (-D FB2, HTML, MARKDOWN, TEXT, DOCX, ODT, EPUB, MOBI or PDF): any bytes
// must give a book or an ImportError, never a crash, hang or runaway
// allocation. FB2, HTML, Markdown, PDF and plain text take the input as the
// document; DOCX, ODT and EPUB cut it at each "\0\0" into the parts of a
// package in memory (document or content, styles, notes or meta,
// relationships; an EPUB's container, package document, NCX, navigation
// and two chapters), so the XML readers are fuzzed past the zip's CRCs.
// MOBI takes the input as a whole book file.
// Built and run by fuzz/run.sh, not by the package.
import BookFiles
import BookModel
import Importers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    #if PDF
        // Notes change only what is done with the text poppler gives, not
        // how the PDF is read: one reading per input, with notes read when
        // its length is odd (each reading is most of the time here).
        let readings = [size % 2 == 1]
    #else
        let readings = [false, true]
    #endif
    for readsNotes in readings {
        var options = ImportOptions()
        options.readsNotes = readsNotes
        guard let stream = try? open(bytes, options: options) else { continue }
        _ = try? BookImporter.drain(stream)
    }
    return 0
}

private func open(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> any PageStream {
    #if FB2
        return try SingleDocumentImporter.open(bytes, format: .fictionBook, options: options, sourceFile: nil, warnings: .ignoring)
    #elseif HTML
        return try SingleDocumentImporter.open(bytes, format: .html, options: options, sourceFile: nil, warnings: .ignoring)
    #elseif MOBI
        return try BookImporter.open(MemoryByteSource(bytes), fileName: "book.mobi", options: options)
    #elseif MARKDOWN
        return try SingleDocumentImporter.open(bytes, format: .markdown, options: options, sourceFile: nil, warnings: .ignoring)
    #elseif TEXT
        return try PlainTextPageStream(source: MemoryByteSource(bytes), options: options)
    #elseif EPUB
        let names = ["META-INF/container.xml", "OEBPS/package.opf", "OEBPS/toc.ncx", "OEBPS/nav.xhtml",
            "OEBPS/text/stories.xhtml", "OEBPS/text/notes.xhtml"]
        return try EPUBPageStream(archive: package(bytes, names), options: options)
    #elseif PDF
        return try SingleDocumentImporter.open(bytes, format: .pdf, options: options, sourceFile: nil, warnings: .ignoring)
    #elseif DOCX
        let names = ["word/document.xml", "word/styles.xml", "word/footnotes.xml", "word/_rels/document.xml.rels"]
        return try SingleDocumentImporter.open(package(bytes, names), format: .wordDocument, options: options,
            sourceFile: nil, warnings: .ignoring)
    #else
        let names = ["content.xml", "styles.xml", "meta.xml", "Pictures/1.png"]
        return try SingleDocumentImporter.open(package(bytes, names), format: .openDocumentText, options: options,
            sourceFile: nil, warnings: .ignoring)
    #endif
}

/// The input cut at each "\0\0" into the entries `names`, in order.
private func package(_ bytes: [UInt8], _ names: [String]) -> MemoryArchive {
    var parts: [[UInt8]] = [[]]
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0, index + 1 < bytes.count, bytes[index + 1] == 0, parts.count < names.count {
            parts.append([])
            index += 2
        } else {
            parts[parts.count - 1].append(bytes[index])
            index += 1
        }
    }
    return MemoryArchive(Array(zip(names, parts)))
}
