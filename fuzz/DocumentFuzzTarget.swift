// libFuzzer entry point for the single-document importers of issue 26, one
// target per format, chosen at build time (-D FB2, HTML, DOCX, ODT or PDF): any
// bytes must give a book or an ImportError, never a crash, hang or runaway
// allocation. FB2, HTML and PDF take the input as the document; DOCX and ODT cut
// it at each "\0\0" into the parts of a package in memory (document or
// content, styles, notes or meta, relationships), so the XML readers are
// fuzzed past the zip's CRCs.
// Built and run by fuzz/run.sh, not by the package.
import BookFiles
import BookModel
import Importers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for readsNotes in [false, true] {
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
