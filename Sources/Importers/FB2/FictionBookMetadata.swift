import BookFiles
import BookModel

/// The facts an FB2 `<description>` gives: `<title-info>` (title, authors,
/// language, date, annotation, cover page), `<publish-info>` (publisher,
/// ISBN) and `<document-info>` (the document's id).
struct FictionBookMetadata {
    /// The book's metadata; ``BookMetadata/coverImage`` is the binary's id.
    var metadata = BookMetadata()

    /// Reads `description`, the FB2 `<description>` element; nil reads nothing.
    init(_ description: XMLNode?) {
        guard let description else { return }
        if let title = description.firstChild(named: "title-info") { readTitleInfo(title) }
        let publish = description.firstChild(named: "publish-info")
        metadata.publisher = publish.flatMap { Self.text($0.firstChild(named: "publisher")) }
        let isbn = publish.flatMap { Self.text($0.firstChild(named: "isbn")) }.map { "urn:isbn:" + $0 }
        let id = description.firstChild(named: "document-info").flatMap { Self.text($0.firstChild(named: "id")) }
        metadata.identifier = isbn ?? id
        if metadata.date == nil { metadata.date = publish.flatMap { Self.text($0.firstChild(named: "year")) } }
    }

    private mutating func readTitleInfo(_ info: XMLNode) {
        metadata.title = Self.text(info.firstChild(named: "book-title"))
        metadata.authors = info.childElements.filter { $0.name == "author" }.compactMap(Self.authorName)
        metadata.language = Self.text(info.firstChild(named: "lang"))
        if let date = info.firstChild(named: "date") {
            metadata.date = date.attribute("value").flatMap(Self.nonEmpty) ?? Self.text(date)
        }
        metadata.summary = info.firstChild(named: "annotation").flatMap(Self.paragraphs)
        let image = info.firstChild(named: "coverpage")?.firstChild(named: "image")
        metadata.coverImage = image.flatMap(Self.imageReference)
    }

    /// `Jane Austen` from first, middle and last names; the nickname when
    /// there are none.
    private static func authorName(_ author: XMLNode) -> String? {
        let parts = ["first-name", "middle-name", "last-name"].compactMap { text(author.firstChild(named: $0)) }
        return parts.isEmpty ? text(author.firstChild(named: "nickname")) : parts.joined(separator: " ")
    }

    /// The binary id an `<image l:href="#id">` points at, without the `#`;
    /// nil for links outside the document.
    static func imageReference(_ image: XMLNode) -> String? {
        let href = image.attribute("href", namespace: xlink) ?? image.attribute("href") ?? ""
        guard href.hasPrefix("#"), href.count > 1 else { return nil }
        return String(href.dropFirst())
    }

    static let xlink = "http://www.w3.org/1999/xlink"

    /// The element's text with white space collapsed; nil when empty.
    static func text(_ node: XMLNode?) -> String? {
        node.flatMap { nonEmpty($0.textContent(limit: 64 << 10)) }
    }

    /// The text of an element of paragraphs (an `<annotation>`), one space between them.
    private static func paragraphs(_ node: XMLNode) -> String? {
        let children = node.childElements
        guard !children.isEmpty else { return text(node) }
        return nonEmpty(children.compactMap(text).joined(separator: " "))
    }

    private static func nonEmpty(_ text: String) -> String? {
        let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }
}
