/// Whether a page's first utterances spell out its title, so the content
/// document shows them as its heading: the text importer keeps "I" and
/// "Down the Rabbit-Hole" as the first utterances of the page titled
/// "I. Down the Rabbit-Hole". Letters and digits are compared; spaces and
/// punctuation are not.
public enum EPUBHeading {
    /// How many of the first `texts` spell out `title` (one per word when
    /// a book is split by word; at most 64); 0 when they do not, or the
    /// title has no letter or digit.
    public static func utteranceCount(spelling title: String, in texts: some Sequence<String>) -> Int {
        let target = letters(title)
        guard !target.isEmpty else { return 0 }
        var joined: [Unicode.Scalar] = []
        for (offset, text) in texts.prefix(64).enumerated() {
            joined += letters(text)
            if joined == target { return offset + 1 }
            if !target.starts(with: joined) { return 0 }
        }
        return 0
    }

    private static func letters(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
