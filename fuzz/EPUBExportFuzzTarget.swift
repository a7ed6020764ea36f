// libFuzzer entry point for writing any book as an EPUB 3 (issue 26):
// whatever the import of any bytes gives, every XML file of the EPUB made
// from it (package, navigation, pages) must be well-formed XML, read back
// by libxml2 with no HTML fallback, and the writer must never crash, hang
// or allocate without bound. A file that is not well-formed stops the run.
// Built and run by fuzz/run.sh, not by the package.
import BookFiles
import BookModel
import Exporters
import Importers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let book = try? BookImporter.importBook(bytes: bytes, fileName: nil).book else { return 0 }
    let picture = EPUBImage(bytes: [0x89, 0x50, 0x4E, 0x47], fileExtension: "png", mediaType: "image/png")
    let pictures = Dictionary(book.pages.compactMap(\.backgroundImage).map { ($0, picture) }, uniquingKeysWith: { first, _ in first })
    let publication = EPUBPublication(book: book, cover: picture, pageImages: pictures, modified: "2026-12-03T00:00:00Z")
    for entry in publication.entries() where entry.path.hasSuffix(".xhtml") || entry.path.hasSuffix(".opf") || entry.path.hasSuffix(".xml") {
        do { _ = try XMLDocument.parse(entry.bytes) } catch {
            fatalError("\(entry.path) is not well-formed: \(error)")
        }
    }
    return 0
}
