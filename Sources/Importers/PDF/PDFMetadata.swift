import BookFiles
import BookModel

/// A PDF's metadata: its XMP packet's Dublin Core (`dc:title`,
/// `dc:creator`, `dc:language`, `dc:date`, `dc:identifier`,
/// `dc:description`, `dc:subject`, `dc:publisher`) first, then the document
/// information dictionary (Title, Author, Subject as the description,
/// Keywords as subjects, the creation date).
enum PDFMetadata {
    static func read(_ info: PDFInfo) -> BookMetadata {
        let xmp = info.xmp.map(XMPValues.read) ?? XMPValues()
        var metadata = BookMetadata()
        metadata.title = xmp.first("title") ?? info.title.flatMap(nonEmpty)
        metadata.authors = xmp.values["creator"] ?? info.author.map(splitAuthors) ?? []
        metadata.language = xmp.first("language")
        metadata.date = xmp.first("date").map { String($0.prefix { $0 != "T" }) } ?? info.creationDate
        metadata.identifier = xmp.first("identifier")
        metadata.publisher = xmp.first("publisher")
        metadata.summary = xmp.first("description") ?? info.subject.flatMap(nonEmpty)
        metadata.subjects = xmp.values["subject"] ?? info.keywords.map(splitKeywords) ?? []
        return metadata
    }

    /// `Jane Austen & Anne Brontë` or `A; B` as names.
    private static func splitAuthors(_ text: String) -> [String] {
        text.replacingOccurrences(of: " & ", with: ";").replacingOccurrences(of: " and ", with: ";")
            .split(separator: ";").compactMap { nonEmpty(String($0)) }
    }

    private static func splitKeywords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" }).compactMap { nonEmpty(String($0)) }
    }

    static func nonEmpty(_ text: String) -> String? {
        let collapsed = text.collapsingWhitespace()
        return collapsed.isEmpty ? nil : collapsed
    }

    /// The Dublin Core values of an XMP packet by local name, each a list
    /// (`rdf:li` items, or the element's own text); an unreadable packet gives none.
    struct XMPValues {
        var values: [String: [String]] = [:]

        func first(_ name: String) -> String? { values[name]?.first }

        static func read(_ bytes: [UInt8]) -> XMPValues {
            var visitor = Visitor()
            guard let document = try? XMLDocument.parse(bytes), let root = document.root else { return XMPValues() }
            root.walk(&visitor)
            return XMPValues(values: visitor.values)
        }

        static let dublinCore = "http://purl.org/dc/elements/1.1/"

        private struct Visitor: XMLVisitor {
            var values: [String: [String]] = [:]

            mutating func enter(_ node: XMLNode) -> Bool {
                guard node.kind == .element else { return false }
                guard node.namespace == XMPValues.dublinCore else { return true }
                let items = Self.items(node)
                if !items.isEmpty, values[node.name] == nil { values[node.name] = items }
                return false
            }

            /// The texts of the `rdf:li` under `node`, else its own text.
            private static func items(_ node: XMLNode) -> [String] {
                var list: [String] = []
                var pending = [node]
                while let element = pending.popLast(), list.count < 100 {
                    if element.name == "li" {
                        if let text = PDFMetadata.nonEmpty(element.textContent(limit: 16 << 10)) { list.append(text) }
                    } else {
                        pending += element.childElements.reversed()
                    }
                }
                return list.isEmpty ? PDFMetadata.nonEmpty(node.textContent(limit: 16 << 10)).map { [$0] } ?? [] : list
            }
        }
    }
}
