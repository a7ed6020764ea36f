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
    /// overlapping; at each word the longest grapheme that fits wins. One
    /// pass: each word's key is hashed as its end is found.
    static func matches(of lexicon: Lexicon, in text: [Unicode.Scalar]) -> [Match] {
        var found: [Match] = []
        var index = 0
        let count = text.count
        while index < count {
            guard isWordScalar(text[index]) else {
                index += 1
                continue
            }
            if index > 0, continuesWord(text, at: index - 1) {
                index += 1  // inside a word (the `s` after a possessive apostrophe)
                continue
            }
            var hasher = KeyHasher()
            var end = index
            while end < count {
                let scalar = text[end]
                if isWordScalar(scalar) || (isApostrophe(scalar) && isInnerApostrophe(text, at: end)) {
                    hasher.add(scalar)
                    end += 1
                } else {
                    break
                }
            }
            if let match = lexicon.match(forWord: hasher.hash, in: text, at: index) {
                found.append(match)
                index = match.range.upperBound
            } else {
                index = end
            }
        }
        return found
    }

    /// An apostrophe between two letters that is not a possessive `'s`.
    private static func isInnerApostrophe(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        index > 0 && index + 1 < text.count && isWordScalar(text[index - 1]) && isWordScalar(text[index + 1])
            && !isPossessive(text, at: index)
    }

    /// The key a grapheme is filed under: the hash of its first word in
    /// lower case.
    static func firstWordKey(_ scalars: [Unicode.Scalar]) -> UInt64? {
        guard let start = scalars.firstIndex(where: isWordScalar) else { return nil }
        return keyHash(scalars[start..<wordEnd(scalars, from: start)])
    }

    /// FNV-1a over a word's scalars in lower case (apostrophes as `'`):
    /// looking a word up costs no allocation. Equal hashes are checked
    /// scalar by scalar before a match counts.
    static func keyHash(_ scalars: ArraySlice<Unicode.Scalar>) -> UInt64 {
        var hasher = KeyHasher()
        for scalar in scalars { hasher.add(scalar) }
        return hasher.hash
    }

    /// FNV-1a, fed one scalar at a time.
    struct KeyHasher {
        private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

        @inline(__always)
        mutating func add(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            if value < 0x80 {
                mix(value &- 0x41 < 26 ? value + 0x20 : value)
            } else if isApostrophe(scalar) {
                mix(0x27)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars { mix(lower.value) }
            }
        }

        private mutating func mix(_ value: UInt32) {
            hash = (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Where the entry's grapheme, starting at `start`, ends in `text`, when
    /// it is there with a word boundary after it.
    static func matchEnd(of entry: Lexicon.Entry, in text: [Unicode.Scalar], at start: Int) -> Int? {
        var position = start
        var graphemeIndex = 0
        let grapheme = entry.scalars
        while graphemeIndex < grapheme.count {
            let wanted = grapheme[graphemeIndex]
            guard position < text.count else { return nil }
            if isSpace(wanted) {
                guard isSpace(text[position]) else { return nil }
                while position < text.count, isSpace(text[position]) { position += 1 }
                while graphemeIndex < grapheme.count, isSpace(grapheme[graphemeIndex]) { graphemeIndex += 1 }
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
        if a.isASCII, b.isASCII { return a.value | 0x20 == b.value | 0x20 && a.value | 0x20 &- 0x61 < 26 }
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
        if scalar.value < 0x80, scalar != "'" { return false }
        guard isApostrophe(scalar), index > 0, index + 1 < text.count else { return false }
        return isWordScalar(text[index - 1]) && isWordScalar(text[index + 1])
    }

    /// `'s` or `’s` followed by the end of the word.
    static func isPossessive(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < text.count, text[index] == "'" || text[index] == "\u{2019}", text[index + 1] == "s" || text[index + 1] == "S" else {
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

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" : scalar.properties.isWhitespace
    }

    @inline(__always)
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value | 0x20 &- 0x61 < 26 || value &- 0x30 < 10 }
        return isNonASCIIWordScalar(scalar)
    }

    private static func isNonASCIIWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value | 0x20 &- 0x61 < 26 || value &- 0x30 < 10 }
        // General punctuation (quotes, dashes, joiners): never part of a word.
        if value &- 0x2000 < 0x70 { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }
}
