/// Counts that describe a book's size, for `narrate info`.
public struct BookStatistics: Hashable, Sendable {
    /// Number of pages.
    public var pages = 0
    /// Number of utterances over all pages.
    public var utterances = 0
    /// Words: runs of letters or digits separated by anything else.
    public var words = 0
    /// Characters (extended grapheme clusters) of all utterance strings.
    public var characters = 0
    /// Authored pre- and post-utterance delays added up, in seconds.
    public var authoredSilence: Double = 0

    public init(_ book: Book) {
        pages = book.pages.count
        for utterance in book.utterances {
            utterances += 1
            characters += utterance.text.count
            words += Self.countWords(utterance.text)
            authoredSilence += max(0, utterance.prosody.preUtteranceDelay ?? 0)
            authoredSilence += max(0, utterance.prosody.postUtteranceDelay ?? 0)
        }
    }

    /// Counts runs of letters and digits (apostrophes inside a word do not
    /// split it).
    public static func countWords(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let isWordScalar = isWordCharacter(scalar) || (inWord && (scalar == "'" || scalar == "\u{2019}"))
            if isWordScalar && !inWord { count += 1 }
            inWord = isWordScalar
        }
        return count
    }

    /// Letters and digits; ASCII is decided without a Unicode table lookup.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0..<0x80: false
        default: scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}
