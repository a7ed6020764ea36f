import BookFiles
import BookModel

/// The metadata of an office document's properties part: DOCX's
/// `docProps/core.xml` and ODT's `meta.xml` both use Dublin Core names
/// (`dc:title`, `dc:creator`, `dc:language`, `dc:description`), beside
/// their own for authors and dates (`meta:initial-creator`,
/// `dcterms:created`, `meta:creation-date`) and the user-defined
/// properties converters fill (`<meta:user-defined meta:name="date">`,
/// DOCX's `docProps/custom.xml` `<property name="date">`).
/// The date is the book's when a user-defined one gives it, else the
/// file's creation date.
enum DublinCoreProperties {
    /// The metadata in the property parts `parts`, the first part's first;
    /// a part that is not XML gives nothing (the parts are optional, and a
    /// damaged one is no reason to refuse the document).
    static func read(_ parts: [UInt8]...) -> BookMetadata {
        var visitor = PropertyVisitor()
        for bytes in parts {
            guard let document = try? XMLDocument.parse(bytes), let root = document.root else { continue }
            root.walk(&visitor)
        }
        return metadata(visitor.values, authors: visitor.authors)
    }

    private static func metadata(_ values: [String: String], authors: [String]) -> BookMetadata {
        func value(_ names: String...) -> String? { names.lazy.compactMap { values[$0] }.first }
        return BookMetadata(
            title: value("title", "user:title"), authors: authors, language: value("language", "user:language"),
            identifier: value("identifier", "user:identifier"), publisher: value("publisher", "user:publisher"),
            date: value("user:date", "created", "creation-date", "date"),
            summary: value("description", "user:description", "user:abstract"))
    }

    /// Gathers each leaf element's collapsed text by local name (the first
    /// of each name wins; user-defined properties as `user:NAME`), and the
    /// authors in order.
    private struct PropertyVisitor: XMLVisitor {
        var values: [String: String] = [:]
        var authors: [String] = []

        mutating func enter(_ node: XMLNode) -> Bool {
            guard node.kind == .element else { return false }
            let customName = node.name == "property" ? node.attribute("name") : nil
            guard node.childElements.isEmpty || customName != nil else { return true }
            let text = node.textContent(limit: 16 << 10).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !text.isEmpty else { return false }
            var name = node.name
            if let userName = customName ?? (name == "user-defined" ? node.attribute("name", namespace: metaNamespace) : nil) {
                name = "user:" + userName.lowercased()
            }
            if name == "creator" || name == "initial-creator" || name == "user:author" {
                if !authors.contains(text) { authors.append(text) }
            } else if values[name] == nil {
                values[name] = text
            }
            return false
        }
    }

    static let metaNamespace = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
}
