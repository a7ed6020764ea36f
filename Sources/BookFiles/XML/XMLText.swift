/// Escaping for the XML narrate writes itself (SMIL, navigation documents,
/// generated pages, PLS word lists): generated text, never edited markup.
public enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element text and
    /// double-quoted attributes; control characters XML cannot hold dropped.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
