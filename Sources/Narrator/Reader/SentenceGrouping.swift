/// Finds a page's sentences and paragraphs in its text: the one place that
/// decides where a sentence ends, whatever `--split` made the utterances.
///
/// The model stores no boundaries. A page's utterance strings concatenate to
/// its text, with paragraph breaks as newlines inside the strings; an
/// utterance may be a word, a sentence, a clause of a long sentence, or a
/// paragraph. So the reader looks at the text alone: a sentence ends after
/// terminal punctuation (`.`, `!`, `?`, `…`, `。`, possibly followed by
/// closing quotes or brackets) when a space and then no lower-case letter
/// follow and the word before a full stop is not a known abbreviation or an
/// initial; and at every line break, which also starts a paragraph.
public enum SentenceGrouping {
    /// The sentences of a page text, in order, covering all of it except
    /// leading space.
    public static func sentences(of scalars: [Unicode.Scalar]) -> [ReaderSentence] {
        var sentences: [ReaderSentence] = []
        var start = firstContent(scalars, from: 0), paragraph = 0, index = start
        while index < scalars.count {
            guard let end = boundary(scalars, at: index) else {
                index += 1
                continue
            }
            let next = firstContent(scalars, from: end)
            sentences.append(ReaderSentence(range: start..<next, paragraph: paragraph))
            if scalars[start..<next].contains("\n") { paragraph += 1 }
            start = next
            index = next
        }
        if start < scalars.count { sentences.append(ReaderSentence(range: start..<scalars.count, paragraph: paragraph)) }
        return sentences
    }

    /// Where the sentence ends when the scalar at `index` closes it: just
    /// after it (and any closing quotes); `nil` when it does not close one.
    private static func boundary(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        let scalar = scalars[index]
        if scalar == "\n" { return index + 1 }
        guard terminals.contains(scalar) else { return nil }
        var end = index + 1
        while end < scalars.count, closers.contains(scalars[end]) || terminals.contains(scalars[end]) { end += 1 }
        if end < scalars.count, isWide(scalar) { return end }
        guard end == scalars.count || scalars[end].properties.isWhitespace else { return nil }
        let next = firstContent(scalars, from: end)
        if next < scalars.count, scalars[next].properties.isLowercase { return nil }
        if scalar == ".", isAbbreviation(scalars[..<index]) { return nil }
        return end
    }

    /// The first non-space scalar at or after `index`.
    private static func firstContent(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        return index
    }

    private static func isAbbreviation(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let letters = scalars.reversed().prefix { $0.properties.isAlphabetic || $0 == "." }.reversed()
        let word = String(String.UnicodeScalarView(letters)).lowercased()
        let isInitial = letters.count == 1 && letters.first?.properties.isUppercase == true
        return isInitial || word.contains(".") || abbreviations.contains(word)
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x3000 }

    private static let terminals: Set<Unicode.Scalar> = [
        ".", "!", "?", "\u{2026}", "\u{3002}", "\u{FF01}", "\u{FF1F}", "\u{203C}",
    ]
    private static let closers: Set<Unicode.Scalar> = [
        "\"", "'", ")", "]", "}", "\u{201D}", "\u{2019}", "\u{00BB}", "\u{203A}", "\u{300D}", "\u{300F}", "\u{2060}",
    ]
    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "rev", "vs", "etc", "no", "vol", "ch", "fig", "cf",
    ]
}

/// One sentence of a page: where it lies in the page text and which
/// paragraph it belongs to.
public struct ReaderSentence: Hashable, Sendable {
    /// Unicode-scalar offsets into the page text; trailing space and a
    /// closing line break included.
    public var range: Range<Int>
    /// 0-based paragraph number within the page.
    public var paragraph: Int
}
