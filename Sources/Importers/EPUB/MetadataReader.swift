import BookFiles
import BookModel

/// Collects the package's Dublin Core title, creators, language,
/// identifiers, publisher, date, description and subjects, and its series
/// (EPUB 3 `belongs-to-collection`, calibre's `calibre:series`), wherever
/// they sit under `<metadata>` (OPF 2 books may nest them in `<dc-metadata>`).
struct MetadataReader: XMLVisitor {
    let uniqueIdentifier: String?
    var metadata = BookMetadata()
    private var firstIdentifier: String?
    /// `belongs-to-collection` names by the id refinements point at, in order.
    private var collections: [(id: String?, name: String)] = []
    /// `<meta refines="#id" property="P">V</meta>`: V by id and P.
    private var refinements: [String: [String: String]] = [:]
    /// `calibre:series` and `calibre:series_index`.
    private var calibreSeries: (name: String?, index: String?)

    init(uniqueIdentifier: String?) { self.uniqueIdentifier = uniqueIdentifier }

    /// The elements whose text is read; the text of others is never collected.
    private static let readNames: Set<String> = [
        "title", "creator", "language", "identifier", "publisher", "date", "description", "subject", "meta",
    ]

    mutating func enter(_ node: XMLNode) -> Bool {
        guard node.kind == .element else { return false }
        let name = node.name
        guard Self.readNames.contains(name) else { return true }
        let text = node.collapsedText
        switch name {
        case "title" where metadata.title == nil && !text.isEmpty: metadata.title = text
        case "creator" where !text.isEmpty: metadata.authors.append(text)
        case "language" where metadata.language == nil && !text.isEmpty: metadata.language = text
        case "publisher" where metadata.publisher == nil && !text.isEmpty: metadata.publisher = text
        case "date" where metadata.date == nil && !text.isEmpty: metadata.date = text
        case "description" where metadata.summary == nil && !text.isEmpty: metadata.summary = text
        case "subject" where !text.isEmpty: metadata.subjects.append(text)
        case "identifier" where !text.isEmpty: readIdentifier(node, text: text)
        case "meta": readMeta(node, text: text)
        default: return true
        }
        return false
    }

    mutating func exit(_ node: XMLNode) {
        guard node.name == "metadata" else { return }
        if metadata.identifier == nil { metadata.identifier = firstIdentifier }
        (metadata.series, metadata.seriesPosition) = series()
    }

    private mutating func readIdentifier(_ node: XMLNode, text: String) {
        if firstIdentifier == nil { firstIdentifier = text }
        if let uniqueIdentifier, node.attribute("id") == uniqueIdentifier { metadata.identifier = text }
        let scheme = node.attribute("scheme", namespace: "http://www.idpf.org/2007/opf") ?? node.attribute("opf:scheme")
        if metadata.isbn == nil { metadata.isbn = ISBN.digits(in: text, schemeSaysISBN: scheme?.lowercased() == "isbn") }
    }

    private mutating func readMeta(_ node: XMLNode, text: String) {
        if let property = node.attribute("property") {
            if let refined = node.attribute("refines"), refined.hasPrefix("#") {
                refinements[String(refined.dropFirst()), default: [:]][property] = text
            } else if property == "belongs-to-collection", !text.isEmpty {
                collections.append((node.attribute("id"), text))
            }
            return
        }
        let content = node.attribute("content")?.collapsingWhitespace()
        switch node.attribute("name") {
        case "calibre:series": calibreSeries.name = content
        case "calibre:series_index": calibreSeries.index = content
        default: break
        }
    }

    /// The first collection of type `series` (or of no type: not a `set`,
    /// which is a reading list), else calibre's series; with its position.
    private func series() -> (String?, String?) {
        for collection in collections {
            let refined = collection.id.flatMap { refinements[$0] } ?? [:]
            let type = refined["collection-type"]?.lowercased()
            guard type == nil || type == "series" else { continue }
            return (collection.name, refined["group-position"].flatMap(Self.position))
        }
        guard let name = calibreSeries.name, !name.isEmpty else { return (nil, nil) }
        return (name, calibreSeries.index.flatMap(Self.position))
    }

    /// `2.0` → `2`, `1.5` stays; nil for nothing.
    static func position(_ text: String) -> String? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasSuffix(".0"), let whole = Int(trimmed.dropLast(2)) { return String(whole) }
        return trimmed
    }
}

/// Finds an ISBN in an identifier.
enum ISBN {
    /// The ISBN's digits (and a final `X`) when `text` is `urn:isbn:…`,
    /// `isbn:…`, an identifier whose scheme says ISBN, or 10 or 13 digits
    /// (13 starting with 978 or 979) with hyphens or spaces; else nil.
    static func digits(in text: String, schemeSaysISBN: Bool) -> String? {
        let lowered = text.lowercased()
        let prefixed = ["urn:isbn:", "isbn:", "isbn "].first { lowered.hasPrefix($0) }
        let body = prefixed.map { String(text.dropFirst($0.count)) } ?? text
        let kept = body.filter { $0 != "-" && $0 != " " }.uppercased()
        guard !kept.isEmpty, kept.dropLast().allSatisfy(\.isASCII), kept.dropLast().allSatisfy(\.isNumber),
            kept.last.map({ $0.isNumber || $0 == "X" }) == true
        else { return nil }
        let looksLikeOne = (kept.count == 13 && (kept.hasPrefix("978") || kept.hasPrefix("979")) && kept.last != "X")
            || kept.count == 10
        return looksLikeOne && (prefixed != nil || schemeSaysISBN || kept.count == 13) ? kept : nil
    }
}
