import BookFiles
import BookModel

/// The metadata of an office document's properties part: DOCX's
/// `docProps/core.xml` and ODT's `meta.xml` both use Dublin Core names
/// (`dc:title`, `dc:creator`, `dc:language`, `dc:description`), beside
/// their own for authors and dates (`meta:initial-creator`,
/// `dcterms:created`, `meta:creation-date`).
enum DublinCoreProperties {
    /// The metadata in `bytes`; empty when they are not XML (the part is
    /// optional, and a damaged one is no reason to refuse the document).
    static func read(_ bytes: [UInt8]) -> BookMetadata {
        var metadata = BookMetadata()
        guard let document = try? XMLDocument.parse(bytes), let root = document.root else { return metadata }
        var created: String?
        var visitor = PropertyVisitor { name, text in
            switch name {
            case "title": metadata.title = metadata.title ?? text
            case "creator", "initial-creator": if !metadata.authors.contains(text) { metadata.authors.append(text) }
            case "language": metadata.language = metadata.language ?? text
            case "description": metadata.summary = metadata.summary ?? text
            case "identifier": metadata.identifier = metadata.identifier ?? text
            case "publisher": metadata.publisher = metadata.publisher ?? text
            case "created", "creation-date": created = created ?? text
            case "date": metadata.date = metadata.date ?? text
            default: break
            }
        }
        root.walk(&visitor)
        metadata.date = created ?? metadata.date
        return metadata
    }

    /// Hands each leaf element's local name and collapsed text to a closure.
    private struct PropertyVisitor: XMLVisitor {
        let found: (String, String) -> Void

        init(_ found: @escaping (String, String) -> Void) { self.found = found }

        mutating func enter(_ node: XMLNode) -> Bool {
            guard node.kind == .element else { return false }
            guard node.childElements.isEmpty else { return true }
            let text = node.textContent(limit: 16 << 10).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !text.isEmpty { found(node.name, text) }
            return false
        }
    }
}
