/// Puts each block of cmark's HTML on the line its Markdown started on, so
/// that a line the HTML reader reports is a line of the Markdown file:
/// cmark marks block start tags with `data-sourcepos="LINE:COLUMN-…"`, and
/// line breaks are added before such a tag while the HTML is behind its
/// line. Breaks between blocks are not text, so nothing spoken changes.
/// The HTML is never shortened: where it has more lines than its source
/// (a table's rows, notes at the end), later blocks keep the later line.
struct SourceLineAligner {
    /// Markdown line 1 goes to HTML line `1 + lineOffset` (the lines of
    /// front matter taken off before cmark saw the text).
    var lineOffset = 0

    /// `html` with line breaks added before its blocks' start tags.
    func aligned(_ html: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(html.count + html.count / 16)
        var line = 1
        var tagStart = 0
        var index = 0
        while index < html.count {
            let byte = html[index]
            if byte == UInt8(ascii: "<") {
                tagStart = index
            } else if byte == UInt8(ascii: "\n") {
                line += 1
            } else if byte == UInt8(ascii: " "), html[index...].starts(with: Self.marker), isBlock(html, tagStart: tagStart),
                let source = Self.number(in: html, at: index + Self.marker.count)
            {
                // The tag so far has been copied: move it down past the breaks.
                let tag = result.count - (index - tagStart)
                let breaks = max(0, source + lineOffset - line)
                result.insert(contentsOf: repeatElement(UInt8(ascii: "\n"), count: breaks), at: tag)
                line += breaks
            }
            result.append(byte)
            index += 1
        }
        return result
    }

    private static let marker = Array(" data-sourcepos=\"".utf8)

    /// The decimal number at `start`, up to six digits; nil when there is none.
    private static func number(in bytes: [UInt8], at start: Int) -> Int? {
        var value = 0
        var index = start
        while index < bytes.count, index - start < 6, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    /// Whether the tag opening at `tagStart` is a block's, before which a
    /// line break is not text: cmark also marks some inlines.
    private func isBlock(_ html: [UInt8], tagStart: Int) -> Bool {
        var end = tagStart + 1
        while end < html.count, end - tagStart < 12, html[end] != UInt8(ascii: " "), html[end] != UInt8(ascii: ">") { end += 1 }
        return Self.blockNames.contains(html[(tagStart + 1)..<end])
    }

    private static let blockNames: Set<ArraySlice<UInt8>> = Set(
        ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "hr", "table", "thead", "tbody",
            "tr", "th", "td", "div", "section"].map { ArraySlice($0.utf8) })
}
