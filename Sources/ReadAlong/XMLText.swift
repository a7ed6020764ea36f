/// Escaping for the documents narrate writes itself (SMIL, the navigation
/// document, a generated book's pages): generated text, never edited markup.
enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element text and
    /// double-quoted attributes; control characters XML cannot hold dropped.
    static func escaped(_ text: String) -> String {
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

    /// A clock value SMIL and `media:duration` take: `0:01:23.456`.
    static func clock(_ seconds: Double) -> String {
        let milliseconds = Int((max(seconds, 0) * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let rest = milliseconds % 60_000
        let secondsText = String(rest / 1000)
        let fraction = String(rest % 1000)
        return "\(hours):" + pad(String(minutes), 2) + ":" + pad(secondsText, 2) + "." + pad(fraction, 3)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
