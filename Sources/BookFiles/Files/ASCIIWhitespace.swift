import BookModel

extension String {
    /// The text without the ASCII spaces, tabs and line breaks around it
    /// (XML's whitespace), other spaces kept.
    package func trimmingASCIIWhitespace() -> String {
        // Nothing to trim, the usual case: a Character that is one of the
        // four starts and ends with its byte, so when neither end byte is one
        // of them, neither end Character is.
        let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if let first = utf8.first, let last = utf8.last, !isSpaceByte(first), !isSpaceByte(last) { return self }
        if isASCII, !utf8.contains(UInt8(ascii: "\r")) {  // bytewise: the same, as no "\r\n" Character is in play
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
            guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
            else { return "" }
            return String(Substring(utf8[first...last]))
        }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
