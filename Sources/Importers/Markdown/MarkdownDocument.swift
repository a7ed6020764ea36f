import BookFiles
import BookModel

/// A Markdown file read as a book: decoded as plain text is (any encoding
/// narrate recognises), its YAML front matter taken as metadata, the rest
/// turned into HTML by cmark-gfm and read as an HTML page is, so headings
/// `#`–`###` (ATX or Setext) start pages, footnotes are notes and raw HTML
/// is read as HTML.
enum MarkdownDocument {
    /// The page the Markdown in `bytes` makes.
    /// - Parameter path: the file's name: image paths are relative to it.
    /// - Throws: ``ImportError/tooLarge(_:)`` past a sixteenth of the
    ///   per-file limit (4 MB by default), ``ImportError/malformed(format:location:message:)``
    ///   when the HTML cmark made cannot be parsed.
    static func page(bytes: [UInt8], path: String, options: ImportOptions) throws(ImportError) -> HTMLPage {
        let limit = options.archiveLimits.maxEntrySize / 16
        guard bytes.count <= limit else {
            // cmark's tree takes up to 250 times the text (2 MB of `*a* `:
            // 495 MB); the whole import of 8 MB of it peaked at 2.1 GB.
            throw .tooLarge("the Markdown document is \((bytes.count + (1 << 20) - 1) >> 20) MB, more than the limit of \(limit >> 20) MB for Markdown (a sixteenth of the per-file limit)")
        }
        let decoder = TextDecoder(bytes: bytes)
        let (frontMatter, body) = FrontMatter.split(Substring(decoder.text))
        let lineOffset = decoder.text[..<body.startIndex].utf8.count { $0 == UInt8(ascii: "\n") }
        let markdown = QuadraticInputs(Array(body.utf8), lineOffset: lineOffset)
        let rendering = CommonMark.html(markdown.bytes, lineOffset: lineOffset, readsTables: markdown.readsTables)
        let html = head(frontMatter ?? FrontMatter()) + rendering.html + Array("</body></html>\n".utf8)
        var page: HTMLPage
        do throws(ImportError) { page = try HTMLPage(bytes: html, path: path, options: options) } catch {
            guard case .malformed(_, let location, let message) = error else { throw error }
            throw .malformed(format: "Markdown", location: location, message: message)
        }
        page.warnings = decoder.warnings + markdown.warnings + page.warnings
        if rendering.depth > maxDepth {
            // Said in Markdown's terms (its line, its blocks) instead of the HTML parser's.
            if let truncation = page.truncation { page.warnings.removeAll { $0.message == truncation.message } }
            page.warnings.append(Warning("blocks and inlines nested \(rendering.depth) deep: the HTML reader keeps \(maxDepth) levels and the text deeper is not read",
                at: "line \(rendering.deepestLine)"))
        }
        return page
    }

    /// The deepest nesting of Markdown elements whose text is read: libxml2's
    /// HTML parser keeps 256 levels, two of them `<html>` and `<body>`
    /// (measured: 254 nested quotes and their paragraph are read, 255 are not).
    static let maxDepth = 255

    /// An HTML head that says what the front matter says, in the names
    /// ``HTMLHeadMetadata`` reads; an empty head without front matter. It
    /// is one line, so the body's lines are the Markdown's.
    static func head(_ frontMatter: FrontMatter) -> [UInt8] {
        let language = frontMatter.first("lang", "language").map { " lang=\"\(escaped($0))\"" } ?? ""
        var head = "<!DOCTYPE html><html\(language)><head><meta charset=\"utf-8\">"
        if let title = frontMatter.first("title") { head += "<title>\(escaped(title))</title>" }
        for author in frontMatter.all("author", "authors", "creator") { head += meta("author", author) }
        let named = [("date", frontMatter.first("date")), ("description", frontMatter.first("description", "abstract", "summary")),
            ("dc.identifier", frontMatter.first("identifier", "isbn")), ("dc.publisher", frontMatter.first("publisher"))]
        for case let (name, value?) in named { head += meta(name, value) }
        return Array((head + "</head><body>").utf8)
    }

    private static func meta(_ name: String, _ content: String) -> String {
        "<meta name=\"\(name)\" content=\"\(escaped(content))\">"
    }

    /// Text safe inside an element or a double-quoted attribute.
    private static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
