import BookModel

/// Finds where a lexicon's graphemes occur in text, as whole words (see
/// ``Lexicon`` for the rules).
enum WordScanner {
    /// A grapheme found in text: the entry and the scalars it covers.
    struct Match {
        var entry: Lexicon.Entry
        var range: Range<Int>
    }

    /// Every match of `lexicon`'s entries in `text`, left to right, not
    /// overlapping; at each word the longest grapheme that fits wins.
    static func matches(of lexicon: Lexicon, in text: [Unicode.Scalar]) -> [Match] {
        var found: [Match] = []
        var index = 0
        while index < text.count {
            guard startsWord(text, at: index) else {
                index += 1
                continue
            }
            let end = wordEnd(text, from: index)
            let key = lowercased(text[index..<end])
            if let match = lexicon.candidates(forWord: key).lazy.compactMap({ entry in
                matchEnd(of: entry, in: text, at: index).map { Match(entry: entry, range: index..<$0) }
            }).first {
                found.append(match)
                index = match.range.upperBound
            } else {
                index = end
            }
        }
        return found
    }

    /// The lower-cased first word of a grapheme: the key it is filed under.
    static func firstWordKey(_ scalars: [Unicode.Scalar]) -> String? {
        guard let start = scalars.firstIndex(where: isWordScalar) else { return nil }
        return lowercased(scalars[start..<wordEnd(scalars, from: start)])
    }

    /// Where the entry's grapheme, starting at `start`, ends in `text`, when
    /// it is there with a word boundary after it.
    private static func matchEnd(of entry: Lexicon.Entry, in text: [Unicode.Scalar], at start: Int) -> Int? {
        var position = start
        var graphemeIndex = 0
        let grapheme = entry.scalars
        while graphemeIndex < grapheme.count {
            let wanted = grapheme[graphemeIndex]
            guard position < text.count else { return nil }
            if wanted.properties.isWhitespace {
                guard text[position].properties.isWhitespace else { return nil }
                while position < text.count, text[position].properties.isWhitespace { position += 1 }
                while graphemeIndex < grapheme.count, grapheme[graphemeIndex].properties.isWhitespace { graphemeIndex += 1 }
                continue
            }
            guard same(text[position], wanted, caseSensitive: entry.isCaseSensitive) else { return nil }
            position += 1
            graphemeIndex += 1
        }
        return endsWord(text, at: position) ? position : nil
    }

    private static func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        if a == b { return true }
        if isApostrophe(a), isApostrophe(b) { return true }
        guard !caseSensitive else { return false }
        return a.properties.lowercaseMapping == b.properties.lowercaseMapping
    }

    /// A word starts here: a word scalar with none just before it.
    private static func startsWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        isWordScalar(text[index]) && (index == 0 || !continuesWord(text, at: index - 1))
    }

    /// A word may end before `index`: the text ends, or what follows is not
    /// part of a word, or is a possessive `'s` that ends there.
    private static func endsWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index < text.count else { return true }
        if isPossessive(text, at: index) { return true }
        return !continuesWord(text, at: index)
    }

    /// Whether the scalar at `index` belongs to a word: a letter, mark or
    /// digit, or an apostrophe between letters (`don't`).
    private static func continuesWord(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = text[index]
        if isWordScalar(scalar) { return true }
        guard isApostrophe(scalar), index > 0, index + 1 < text.count else { return false }
        return isWordScalar(text[index - 1]) && isWordScalar(text[index + 1])
    }

    /// `'s` or `’s` followed by the end of the word.
    static func isPossessive(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < text.count, isApostrophe(text[index]), text[index + 1] == "s" || text[index + 1] == "S" else {
            return false
        }
        return index + 2 == text.count || !isWordScalar(text[index + 2])
    }

    private static func wordEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, continuesWord(scalars, at: end), !(end > start && isPossessive(scalars, at: end)) {
            end += 1
        }
        return end
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }

    private static func lowercased(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        for scalar in scalars {
            if isApostrophe(scalar) { text.unicodeScalars.append("'") } else { text += scalar.properties.lowercaseMapping }
        }
        return text
    }
}
