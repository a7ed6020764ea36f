import BookModel

/// Escaping for the XML narrate writes itself (SMIL, navigation documents,
/// generated pages, PLS word lists): generated text, never edited markup.
public enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element text and
    /// double-quoted attributes; control characters XML cannot hold dropped
    /// (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF).
    /// Read as UTF-8 bytes: text with nothing to escape, nearly all of a
    /// book's, is returned as it is.
    public static func escaped(_ text: String) -> String {
        return text.withUTF8Bytes { bytes in
            guard let first = bytes.firstIndex(where: needsAttention) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: bytes[..<first])
            var index = first
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
                    index += 3  // U+FFFE or U+FFFF
                    continue
                }
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case 0x09, 0x0A, 0x0D: result.append(byte)
                case ..<0x20: break
                default: result.append(byte)
                }
                index += 1
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    /// A byte that starts something to escape or drop: markup characters,
    /// C0 controls, and 0xEF (which leads U+FFFE and U+FFFF, among others).
    private static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF: true
        case 0x09, 0x0A, 0x0D: false
        default: byte < 0x20
        }
    }
}
