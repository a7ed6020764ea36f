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
    /// pass over the text's UTF-8: each word's key is hashed as its end is
    /// found, and ranges are counted in Unicode scalars as they go.
    static func matches(of lexicon: Lexicon, in text: String) -> [Match] {
        var text = text
        return text.withUTF8 { matches(of: lexicon, utf8: UTF8Text(bytes: $0)) }
    }

    private static func matches(of lexicon: Lexicon, utf8 text: UTF8Text) -> [Match] {
        var found: [Match] = []
        var position = UTF8Text.Position()
        var previous: Unicode.Scalar = " ", beforePrevious: Unicode.Scalar = " "
        let bytes = text.bytes
        while position.byte < bytes.count {
            let byte = bytes[position.byte]
            if byte < 0x80, !isASCIIWordByte(byte) {  // spaces and punctuation, most of what is not a word
                (beforePrevious, previous) = (previous, Unicode.Scalar(byte))
                position.advance(by: 1)
                continue
            }
            let (scalar, length) = text.scalar(at: position.byte)
            let startsWord = isWordScalar(scalar) && !isWordScalar(previous)
                && !(isApostrophe(previous) && isWordScalar(beforePrevious))
            guard startsWord else {
                (beforePrevious, previous) = (previous, scalar)
                position.advance(by: length)
                continue
            }
            var hasher = KeyHasher()
            var end = position
            var last = previous, lastButOne = beforePrevious
            while end.byte < bytes.count {
                let byte = bytes[end.byte]
                if byte < 0x80, isASCIIWordByte(byte) {  // the letters of most words
                    hasher.addASCII(byte)
                    (lastButOne, last) = (last, Unicode.Scalar(byte))
                    end.advance(by: 1)
                    continue
                }
                let (next, nextLength) = text.scalar(at: end.byte)
                guard isWordScalar(next) || (isApostrophe(next) && text.isInnerApostrophe(at: end.byte, after: last))
                else { break }
                hasher.add(next)
                (lastButOne, last) = (last, next)
                end.advance(by: nextLength)
            }
            if lexicon.mayHave(hasher.hash), let match = lexicon.match(forWord: hasher.hash, in: text, at: position) {
                found.append(Match(entry: match.entry, range: position.scalar..<match.end.scalar))
                position = match.end
                (beforePrevious, previous) = match.lastTwo
            } else {
                position = end
                (beforePrevious, previous) = (lastButOne, last)
            }
        }
        return found
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

        /// An ASCII letter or digit.
        @inline(__always)
        mutating func addASCII(_ byte: UInt8) {
            let value = UInt32(byte)
            mix(value &- 0x41 < 26 ? value + 0x20 : value)
        }

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

        @inline(__always)
        private mutating func mix(_ value: UInt32) {
            hash = (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Where the entry's grapheme, starting at `start`, ends in `text`
    /// when it is there with a word boundary after it, and the last two
    /// scalars it took.
    static func matchEnd(of entry: Lexicon.Entry, in text: UTF8Text, at start: UTF8Text.Position)
        -> (end: UTF8Text.Position, lastTwo: (Unicode.Scalar, Unicode.Scalar))?
    {
        var position = start
        var graphemeIndex = 0
        var lastTwo: (Unicode.Scalar, Unicode.Scalar) = (" ", " ")
        let grapheme = entry.scalars
        while graphemeIndex < grapheme.count {
            guard position.byte < text.bytes.count else { return nil }
            let wanted = grapheme[graphemeIndex]
            var (scalar, length) = text.scalar(at: position.byte)
            if isSpace(wanted) {
                guard isSpace(scalar) else { return nil }
                while isSpace(scalar) {
                    position.advance(by: length)
                    guard position.byte < text.bytes.count else { break }
                    (scalar, length) = text.scalar(at: position.byte)
                }
                while graphemeIndex < grapheme.count, isSpace(grapheme[graphemeIndex]) { graphemeIndex += 1 }
                lastTwo = (" ", " ")
                continue
            }
            guard same(scalar, wanted, caseSensitive: entry.isCaseSensitive) else { return nil }
            position.advance(by: length)
            graphemeIndex += 1
            lastTwo = (lastTwo.1, scalar)
        }
        return text.endsWord(at: position.byte, after: lastTwo.1) ? (position, lastTwo) : nil
    }

    private static func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        if a == b { return true }
        if isApostrophe(a), isApostrophe(b) { return true }
        guard !caseSensitive else { return false }
        if a.isASCII, b.isASCII { return a.value | 0x20 == b.value | 0x20 && a.value | 0x20 &- 0x61 < 26 }
        return a.properties.lowercaseMapping == b.properties.lowercaseMapping
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

    /// An ASCII letter or digit.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        byte | 0x20 &- 0x61 < 26 || byte &- 0x30 < 10
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
