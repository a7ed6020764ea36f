import BookFiles
import BookModel

/// The package document (`package.opf`) of a converted book: its
/// metadata, the manifest of every file and the spine in reading order.
struct EPUBPackageDocument {
    /// One file of the manifest.
    struct Item {
        var id: String
        /// Relative to the package document.
        var href: String
        var mediaType: String
        var properties: String? = nil
    }

    let metadata: BookMetadata
    let identifier: String
    let title: String
    let language: String
    /// `dcterms:modified`, such as `2026-12-03T08:00:00Z`.
    let modified: String
    /// The manifest id of the cover image, if the book has one.
    var coverID: String? = nil
    var manifest: [Item] = []
    /// Manifest ids in reading order.
    var spine: [String] = []

    var bytes: [UInt8] {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"bookid\" xml:lang=\"\(XMLText.escaped(language))\">",
            "  <metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">",
        ]
        lines += metadataLines.map { "    " + $0 }
        lines += ["  </metadata>", "  <manifest>"]
        lines += manifest.map { "    " + line(for: $0) }
        lines += ["  </manifest>", "  <spine>"]
        lines += spine.map { "    <itemref idref=\"\($0)\"/>" }
        lines += ["  </spine>", "</package>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }

    private var metadataLines: [String] {
        var lines = [element("dc:identifier", identifier, id: "bookid")]
        if let isbn = metadata.isbn, !identifier.contains(isbn) { lines.append(element("dc:identifier", "urn:isbn:" + isbn)) }
        lines.append(element("dc:title", title))
        lines.append(element("dc:language", language))
        lines += metadata.authors.map { element("dc:creator", $0) }
        if let publisher = metadata.publisher { lines.append(element("dc:publisher", publisher)) }
        if let date = metadata.date.flatMap(W3CDate.datePart) { lines.append(element("dc:date", date)) }
        if let summary = metadata.summary { lines.append(element("dc:description", summary)) }
        lines += metadata.subjects.map { element("dc:subject", $0) }
        lines += seriesLines
        lines.append(element("meta", modified, attributes: "property=\"dcterms:modified\""))
        if let coverID { lines.append("<meta name=\"cover\" content=\"\(coverID)\"/>") }
        return lines.filter { !$0.isEmpty }
    }

    /// The series as an EPUB 3 collection, with its position when given.
    private var seriesLines: [String] {
        guard let series = metadata.series else { return [] }
        var lines = [element("meta", series, id: "series", attributes: "property=\"belongs-to-collection\"")]
        lines.append(element("meta", "series", attributes: "refines=\"#series\" property=\"collection-type\""))
        if let position = metadata.seriesPosition {
            lines.append(element("meta", position, attributes: "refines=\"#series\" property=\"group-position\""))
        }
        return lines
    }

    /// `<name>value</name>`, or nothing when the value has no text left
    /// after escaping (the package may not hold empty metadata).
    private func element(_ name: String, _ value: String, id: String? = nil, attributes: String? = nil) -> String {
        let text = XMLText.escaped(value).collapsingXMLWhitespace
        guard !text.isEmpty else { return "" }
        let extra = (id.map { " id=\"\($0)\"" } ?? "") + (attributes.map { " " + $0 } ?? "")
        return "<\(name)\(extra)>\(text)</\(name)>"
    }

    private func line(for item: Item) -> String {
        let properties = item.properties.map { " properties=\"\($0)\"" } ?? ""
        return "<item id=\"\(item.id)\" href=\"\(XMLText.escaped(item.href))\" media-type=\"\(XMLText.escaped(item.mediaType))\"\(properties)/>"
    }
}
