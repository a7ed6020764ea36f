import TestSupport

@testable import BookFiles
@testable import Exporters
@testable import Importers
@testable import PropertyLists

/// Builds small EPUBs for tests: a container, a package document listing the
/// chapters in the given (spine) order, and a nav document and/or an NCX.
struct TestEPUB {
    struct Chapter {
        var path: String
        var xhtml: String
        var linear = true
    }

    var version = "3.0"
    var title = "Test Book"
    var language = "en"
    var chapters: [Chapter] = []
    /// Table of contents as (title, href relative to OEBPS/); nil = none.
    var nav: [(String, String)]?
    var ncx: [(String, String)]?
    /// Extra archive entries (images, encryption.xml …).
    var extraEntries: [(String, [UInt8])] = []
    /// Extra manifest `<item>`s, written as given.
    var manifestExtras: [String] = []
    /// Elements added to `<metadata>` as written.
    var metadataExtras: [String] = []

    /// A chapter file with `body` inside an XHTML skeleton.
    static func xhtml(_ body: String, lang: String? = nil, prologue: String = "<?xml version=\"1.0\" encoding=\"utf-8\"?>") -> String {
        let langAttribute = lang.map { " xml:lang=\"\($0)\" lang=\"\($0)\"" } ?? ""
        return """
            \(prologue)
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"\(langAttribute)>
            <head><title>t</title><style>p { color: red }</style></head>
            <body>\(body)</body>
            </html>
            """
    }

    mutating func add(_ path: String, _ body: String, linear: Bool = true) {
        chapters.append(Chapter(path: path, xhtml: Self.xhtml(body), linear: linear))
    }

    var entries: [(String, [UInt8])] {
        var list: [(String, [UInt8])] = [("mimetype", Array("application/epub+zip".utf8))]
        list.append(("META-INF/container.xml", Array(container.utf8)))
        list.append(("OEBPS/content.opf", Array(package.utf8)))
        if let nav { list.append(("OEBPS/nav.xhtml", Array(Self.navDocument(nav).utf8))) }
        if let ncx { list.append(("OEBPS/toc.ncx", Array(Self.ncxDocument(ncx).utf8))) }
        list += chapters.map { ("OEBPS/" + $0.path, Array($0.xhtml.utf8)) }
        return list + extraEntries
    }

    var zip: [UInt8] { TestZip.make(entries.map { (name: $0.0, bytes: $0.1) }) }

    func importBook(_ options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try Importing.epub(bytes: zip, options: options)
    }

    let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    var package: String {
        // Manifest in reverse order so tests notice reading in manifest order.
        var manifest = chapters.enumerated().reversed().map { index, chapter in
            "<item id=\"c\(index)\" href=\"\(chapter.path)\" media-type=\"application/xhtml+xml\"/>"
        }
        if nav != nil {
            manifest.append("<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>")
        }
        if ncx != nil { manifest.append("<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>") }
        manifest += manifestExtras
        let spine = chapters.indices.map { index in
            "<itemref idref=\"c\(index)\"\(chapters[index].linear ? "" : " linear=\"no\"")/>"
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="\(version)" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="other">isbn:0000</dc:identifier>
                <dc:identifier id="uid">urn:uuid:1234</dc:identifier>
                <dc:title>\(title)</dc:title>
                <dc:creator>Ann Author</dc:creator>
                <dc:creator>Bob Writer</dc:creator>
                <dc:language>\(language)</dc:language>
                \(metadataExtras.joined(separator: "\n"))
              </metadata>
              <manifest>\(manifest.joined(separator: "\n"))</manifest>
              <spine\(ncx != nil ? " toc=\"ncx\"" : "")>\(spine.joined(separator: "\n"))</spine>
            </package>
            """
    }

    static func navDocument(_ entries: [(String, String)]) -> String {
        let items = entries.map { "<li><a href=\"\($0.1)\">\($0.0)</a></li>" }.joined()
        return xhtml(
            "<nav epub:type=\"landmarks\"><ol><li><a href=\"wrong.xhtml\">Wrong</a></li></ol></nav>"
                + "<nav epub:type=\"toc\"><h1>Contents</h1><ol>\(items)</ol></nav>")
    }

    static func ncxDocument(_ entries: [(String, String)]) -> String {
        let points = entries.enumerated().map { index, entry in
            "<navPoint id=\"p\(index)\" playOrder=\"\(index + 1)\"><navLabel><text>\(entry.0)</text></navLabel>"
                + "<content src=\"\(entry.1)\"/></navPoint>"
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
            <head/><docTitle><text>T</text></docTitle>
            <navMap>\(points.joined())</navMap></ncx>
            """
    }
}

extension ImportResult {
    /// Page titles in order ("-" for none).
    var titles: [String] { book.pages.map { $0.title ?? "-" } }
    /// Each page's text with whitespace collapsed.
    var texts: [String] { book.pages.map { $0.displayText.collapsingWhitespace() } }
}
