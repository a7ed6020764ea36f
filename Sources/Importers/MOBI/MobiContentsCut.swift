/// The table of contents that calibre and KindleGen append to an old MOBI
/// book's one document, cut out: the document's `<guide>` names it
/// (`<reference type="toc" href="#0000776880"/>`), and it runs from that
/// anchor to the next page break. Read as text it would end the last
/// chapter with a list of every chapter's title; like an EPUB's table of
/// contents it is read only with `--contents`.
enum MobiContentsCut {
    /// `markup` without the table of contents its guide names; nil when it
    /// names none, the anchor is missing, or the span holds another anchor
    /// (a chapter might start inside it: then nothing is cut).
    static func cut(_ markup: [UInt8]) -> [UInt8]? {
        guard let id = guideContentsAnchor(markup), let start = find("<a id=\"\(id)\"", in: markup[...])
        else { return nil }
        let rest = markup[start.upperBound...]
        let end = find("<mbp:pagebreak", in: rest)?.lowerBound
            ?? find("</body>", in: rest)?.lowerBound ?? markup.endIndex
        guard find(" id=\"", in: markup[start.upperBound..<end]) == nil else { return nil }
        return Array(markup[..<start.lowerBound] + markup[end...])
    }

    /// The anchor of the guide's `toc` reference, from the document's head.
    private static func guideContentsAnchor(_ markup: [UInt8]) -> String? {
        let head = markup.prefix(16_384)
        guard let guide = find("<guide>", in: head),
            let guideEnd = find("</guide>", in: head[guide.upperBound...])
        else { return nil }
        var references = head[guide.upperBound..<guideEnd.lowerBound]
        while let open = find("<reference", in: references) {
            let tagEnd = references[open.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? references.endIndex
            let tag = references[open.upperBound..<tagEnd]
            if find("type=\"toc\"", in: tag) != nil, let href = find("href=\"#", in: tag) {
                let id = tag[href.upperBound...].prefix { $0 != UInt8(ascii: "\"") }
                return id.isEmpty ? nil : String(decoding: id, as: UTF8.self)
            }
            references = references[tagEnd...]
        }
        return nil
    }

    /// Where `needle` first occurs in `bytes`, as indices of `bytes` (a
    /// plain byte search: Foundation's generic `firstRange(of:)` took 7% of
    /// a novel's import).
    private static func find(_ needle: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var index = bytes.startIndex
        while let candidate = bytes[index...].firstIndex(of: first) {
            let end = candidate + pattern.count
            guard end <= bytes.endIndex else { return nil }
            if bytes[candidate..<end].elementsEqual(pattern) { return candidate..<end }
            index = candidate + 1
        }
        return nil
    }
}
