import BookFiles
/// Namespace URIs and small text helpers shared by the EPUB parsers.
enum EPUBNamespace {
    static let ops = "http://www.idpf.org/2007/ops"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let xlink = "http://www.w3.org/1999/xlink"
    static let ssml = "http://www.w3.org/2001/10/synthesis"
}

extension XMLNode {
    /// `epub:type` tokens, whether the document was read as XML (namespaced
    /// attribute) or by the HTML parser (literal `epub:type`).
    var epubTypes: [Substring] {
        let value = attribute("type", namespace: EPUBNamespace.ops) ?? attribute("epub:type") ?? ""
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    }

    /// `xml:lang`, else `lang`; `nil` when neither is set or it is empty.
    var languageAttribute: String? {
        let value = attribute("lang", namespace: EPUBNamespace.xml) ?? attribute("xml:lang") ?? attribute("lang")
        guard let value = value?.trimmingASCIIWhitespace(), !value.isEmpty else { return nil }
        return value
    }

    /// The text under the node with runs of whitespace collapsed and trimmed.
    var collapsedText: String { textContent(limit: 4096).collapsingWhitespace() }
}

extension String {
    /// Runs of whitespace become one space; leading and trailing ones go.
    /// No-break spaces (U+00A0, U+2007, U+202F) are text, not layout, and
    /// stay: French puts one before `:`, and a title keeps it.
    func collapsingWhitespace() -> String {
        if isASCII { return asciiCollapsingWhitespace() }
        var result = ""
        var pendingSpace = false
        for character in self {
            if character.isWhitespace, !Self.noBreakSpaces.contains(character) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }

    private static let noBreakSpaces: Set<Character> = ["\u{A0}", "\u{2007}", "\u{202F}"]

    /// ``collapsingWhitespace()`` of ASCII text, on its bytes: the same
    /// white space (tab, line feed, vertical tab, form feed, carriage
    /// return, space) without reading the text as Characters.
    private func asciiCollapsingWhitespace() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            if byte == UInt8(ascii: " ") || byte &- 0x09 < 5 {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(UInt8(ascii: " ")) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
