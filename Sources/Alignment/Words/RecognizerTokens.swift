/// A written word as the recogniser's dictionary spells it: lower case,
/// letters, digits and apostrophes only, parted at hyphens and dashes
/// ("Rabbit-hole" → rabbit hole, "Alice’s" → alice's, "(when" → when).
public enum RecognizerTokens {
    public static func tokens(of word: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func close() {
            // An apostrophe only inside a token: quotes around a word are not its spelling.
            while current.hasPrefix("'") { current.removeFirst() }
            while current.hasSuffix("'") { current.removeLast() }
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in word.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                current.append("'")
            } else if character == "-" || character == "\u{2010}" || character == "\u{2013}" || character == "\u{2014}" || character == "/" {
                close()
            }
        }
        close()
        return tokens
    }
}
