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
        guard let id = guideContentsAnchor(markup), let start = markup.firstRange(of: Array("<a id=\"\(id)\"".utf8))
        else { return nil }
        let rest = markup[start.upperBound...]
        let end = rest.firstRange(of: Array("<mbp:pagebreak".utf8))?.lowerBound
            ?? rest.firstRange(of: Array("</body>".utf8))?.lowerBound ?? markup.endIndex
        guard markup[start.upperBound..<end].firstRange(of: Array(" id=\"".utf8)) == nil else { return nil }
        return Array(markup[..<start.lowerBound] + markup[end...])
    }

    /// The anchor of the guide's `toc` reference, from the document's head.
    private static func guideContentsAnchor(_ markup: [UInt8]) -> String? {
        let head = markup.prefix(16_384)
        guard let guide = head.firstRange(of: Array("<guide>".utf8)),
            let guideEnd = head[guide.upperBound...].firstRange(of: Array("</guide>".utf8))
        else { return nil }
        var references = head[guide.upperBound..<guideEnd.lowerBound]
        while let open = references.firstRange(of: Array("<reference".utf8)) {
            let tagEnd = references[open.upperBound...].firstIndex(of: UInt8(ascii: ">")) ?? references.endIndex
            let tag = references[open.upperBound..<tagEnd]
            if tag.firstRange(of: Array("type=\"toc\"".utf8)) != nil, let href = tag.firstRange(of: Array("href=\"#".utf8)) {
                let id = tag[href.upperBound...].prefix { $0 != UInt8(ascii: "\"") }
                return id.isEmpty ? nil : String(decoding: id, as: UTF8.self)
            }
            references = references[tagEnd...]
        }
        return nil
    }
}
