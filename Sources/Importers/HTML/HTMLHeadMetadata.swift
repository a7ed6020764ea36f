import BookFiles
import BookModel

/// The facts an HTML page's `<head>` and `<html>` give: `<title>`, the
/// `lang` attribute, and the `<meta>` names pandoc, calibre and Dublin Core
/// in HTML use (`author`, `dcterms.date`, `description`, `DC.identifier`…).
enum HTMLHeadMetadata {
    /// The metadata of the page whose root element is `root`.
    static func read(_ root: XMLNode) -> BookMetadata {
        var metadata = BookMetadata()
        metadata.language = (root.attribute("lang") ?? root.attribute("lang", namespace: xmlNamespace)).flatMap(nonEmpty)
        guard let head = root.firstChild(named: "head") else { return metadata }
        metadata.title = head.firstChild(named: "title").flatMap { nonEmpty($0.textContent(limit: 4096)) }
        for meta in head.childElements where meta.name == "meta" {
            guard let name = meta.attribute("name")?.lowercased(), let content = meta.attribute("content").flatMap(nonEmpty)
            else { continue }
            apply(content, named: name, to: &metadata)
        }
        return metadata
    }

    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    private static func apply(_ content: String, named name: String, to metadata: inout BookMetadata) {
        switch name {
        case "author", "dc.creator", "dcterms.creator":
            if !metadata.authors.contains(content) { metadata.authors.append(content) }
        case "dcterms.date", "dc.date", "date": metadata.date = metadata.date ?? content
        case "description", "dc.description", "dcterms.description": metadata.summary = metadata.summary ?? content
        case "dc.identifier", "dcterms.identifier": metadata.identifier = metadata.identifier ?? content
        case "dc.publisher", "dcterms.publisher": metadata.publisher = metadata.publisher ?? content
        case "dc.title", "dcterms.title": metadata.title = metadata.title ?? content
        case "dc.language", "dcterms.language": metadata.language = metadata.language ?? content
        default: break
        }
    }

    private static func nonEmpty(_ text: String) -> String? {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }
}
