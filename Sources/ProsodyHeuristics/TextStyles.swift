import BookModel
import TextPrimitives

/// Per-scalar styles of a block that prosody rules look at: inside quotation
/// marks (dialogue), inside brackets (an aside), emphasised. Emphasis comes
/// from the runs and from the text itself: `*word*`, `_word_` and words in
/// capitals (unless the whole block is in capitals, like a heading).
package struct TextStyles {
    package struct Flags: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let dialogue = Flags(rawValue: 1)
        package static let parenthetical = Flags(rawValue: 2)
        package static let emphasized = Flags(rawValue: 4)
        /// Not a style: the scalar is a letter or digit, the kind of scalar
        /// ``TextStyles/mostly(in:)`` counts.
        static let letterOrDigit = Flags(rawValue: 8)
    }

    private(set) var flags: [Flags]

    /// - Parameters:
    ///   - emphasizedRanges: the parts of `scalars` from emphasised runs.
    package init(_ scalars: [Unicode.Scalar], emphasizedRanges: [Range<Int>]) {
        var census = CapitalsCensus()
        var flags = Self.quotesBracketsAndLetters(scalars, census: &census)
        for range in emphasizedRanges {
            for index in range { flags[index].insert(.emphasized) }
        }
        if census.hasEmphasisMarker {
            Self.markEmphasisMarkup(scalars, marker: "*", in: &flags)
            Self.markEmphasisMarkup(scalars, marker: "_", in: &flags)
        }
        if census.capitals * 2 < census.letters {  // words in capitals, unless the block is in capitals
            for word in census.shoutedWords {
                for index in word { flags[index].insert(.emphasized) }
            }
        }
        self.flags = flags
    }

    /// The styles that most letters and digits in `range` carry.
    package func mostly(in range: Range<Int>) -> Flags {
        let counts = flags.withUnsafeBytes { Self.counts(of: UnsafeRawBufferPointer(rebasing: $0[range])) }
        var styles: Flags = []
        if counts.dialogue * 2 > counts.letters { styles.insert(.dialogue) }
        if counts.parenthetical * 2 > counts.letters { styles.insert(.parenthetical) }
        if counts.emphasized * 2 > counts.letters { styles.insert(.emphasized) }
        return styles
    }

    /// How many of the flag bytes are letters or digits, and how many of
    /// those carry each style: eight flags a step. Each style's bit is moved
    /// to bit 0 of its byte and masked by the letter bits, leaving a 0 or 1
    /// in every byte; multiplying by 0x0101…01 adds the eight bytes up into
    /// the top one (at most 8: nothing carries over).
    static func counts(of bytes: UnsafeRawBufferPointer)
        -> (letters: Int, dialogue: Int, parenthetical: Int, emphasized: Int)
    {
        var letters = 0
        var dialogue = 0
        var parenthetical = 0
        var emphasized = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let letter = word >> 3 & ones  // .letterOrDigit
            letters &+= Int(truncatingIfNeeded: (letter &* ones) >> 56)
            dialogue &+= Int(truncatingIfNeeded: ((word & letter) &* ones) >> 56)
            parenthetical &+= Int(truncatingIfNeeded: ((word >> 1 & letter) &* ones) >> 56)
            emphasized &+= Int(truncatingIfNeeded: ((word >> 2 & letter) &* ones) >> 56)
            index += 8
        }
        while index < bytes.count {
            let raw = Int(bytes[index])
            let letter = raw >> 3 & 1
            letters &+= letter
            dialogue &+= raw & letter
            parenthetical &+= raw >> 1 & letter
            emphasized &+= raw >> 2 & letter
            index += 1
        }
        return (letters, dialogue, parenthetical, emphasized)
    }

    /// The first flags of every scalar: letter or digit, inside quotation
    /// marks or brackets; and the count of letters and capitals, and
    /// whether there is a `*` or `_`. A run of ASCII letters, most of most
    /// text, is read in a tight inner loop: its flags are all the same.
    private static func quotesBracketsAndLetters(
        _ scalars: [Unicode.Scalar], census: inout CapitalsCensus
    ) -> [Flags] {
        var quotes = QuoteTracker()
        let flags = [Flags](unsafeUninitializedCapacity: scalars.count) { buffer, count in
            scalars.withUnsafeBufferPointer { scalars in
                var offset = 0
                while offset < scalars.count {
                    var value = scalars[offset].value
                    if isASCIILetter(value) {
                        let letter = quotes.flags.union(.letterOrDigit)
                        census.startWord(at: offset)
                        var capitals = 0
                        repeat {
                            capitals &+= value &- 0x41 < 26 ? 1 : 0
                            buffer[offset] = letter
                            offset &+= 1
                            guard offset < scalars.count else { break }
                            value = scalars[offset].value
                        } while isASCIILetter(value)
                        census.countCapitals(capitals)
                        // The word ends here unless a letter beyond ASCII goes on with it.
                        if offset == scalars.count || value < 0x80 { census.endWord(at: offset, in: scalars) }
                        continue
                    }
                    if value == 0x20 {  // a space between words
                        census.endWord(at: offset, in: scalars)
                        buffer[offset] = quotes.flags
                        offset &+= 1
                        continue
                    }
                    buffer[offset] = firstFlags(of: scalars[offset], at: offset, in: scalars, quotes: &quotes, census: &census)
                    offset += 1
                }
            }
            count = scalars.count
        }
        scalars.withUnsafeBufferPointer { census.endWord(at: $0.count, in: $0) }
        return flags
    }

    /// `a`–`z` or `A`–`Z` (no scalar above ASCII passes: or-ing 0x20 keeps its high bits).
    @inline(__always)
    private static func isASCIILetter(_ value: UInt32) -> Bool {
        (value | 0x20) &- 0x61 < 26
    }

    /// The first flags of a scalar that is not an ASCII letter.
    private static func firstFlags(
        of scalar: Unicode.Scalar, at offset: Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>,
        quotes: inout QuoteTracker, census: inout CapitalsCensus
    ) -> Flags {
        let value = scalar.value
        if value < 0x80 {
            if value == 0x22 || value == 0x28 || value == 0x29 || value == 0x5B || value == 0x5D {
                quotes.read(scalar)
            } else if value == 0x2A || value == 0x5F {  // * or _
                census.hasEmphasisMarker = true
            }
            census.endWord(at: offset, in: scalars)
            return value &- 0x30 < 10 ? quotes.flags.union(.letterOrDigit) : quotes.flags
        }
        if ScalarClass.isLetter(scalar) {
            census.startWord(at: offset)
            census.countCapitals(ScalarClass.isUppercase(scalar) ? 1 : 0)
            return quotes.flags.union(.letterOrDigit)
        }
        quotes.read(scalar)
        census.endWord(at: offset, in: scalars)
        return ScalarClass.isDigit(scalar) ? quotes.flags.union(.letterOrDigit) : quotes.flags
    }

    /// How deep the text stands in quotation marks and brackets.
    private struct QuoteTracker {
        private var quoteDepth = 0
        private var bracketDepth = 0
        private var germanQuotes = false
        /// `.dialogue` inside quotation marks, `.parenthetical` inside brackets.
        private(set) var flags: Flags = []

        mutating func read(_ scalar: Unicode.Scalar) {
            guard !Self.isPlain(scalar) else { return }
            switch scalar {
            case "„": quoteDepth += 1; germanQuotes = true
            case "“" where germanQuotes && quoteDepth > 0, "”", "»": quoteDepth = max(0, quoteDepth - 1)
            case "“", "«": quoteDepth += 1
            case "\"": quoteDepth = quoteDepth > 0 ? quoteDepth - 1 : 1
            case "(", "[": bracketDepth += 1
            case ")", "]": bracketDepth = max(0, bracketDepth - 1)
            default: break
            }
            flags = []
            if quoteDepth > 0 { flags.insert(.dialogue) }
            if bracketDepth > 0 { flags.insert(.parenthetical) }
        }

        /// Anything but a quotation mark or bracket.
        private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x22, 0x28, 0x29, 0x5B, 0x5D, 0xAB, 0xBB, 0x201C, 0x201D, 0x201E: false
            default: true
            }
        }
    }

    /// `*word*` or `_a few words_`: the marker after a space or at the start,
    /// followed by a letter; the closing marker after a letter and before a
    /// space, punctuation or the end; at most 120 scalars apart.
    private static func markEmphasisMarkup(
        _ scalars: [Unicode.Scalar], marker: Unicode.Scalar, in flags: inout [Flags]
    ) {
        var offset = 0
        while offset < scalars.count {
            defer { offset += 1 }
            guard scalars[offset] == marker, opens(scalars, at: offset),
                  let close = closing(scalars, marker: marker, after: offset)
            else { continue }
            for index in offset...close { flags[index].insert(.emphasized) }
            offset = close
        }
    }

    private static func opens(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        let before = offset == 0 || ScalarClass.isWhitespace(scalars[offset - 1]) || ScalarClass.isOpener(scalars[offset - 1])
        return before && offset + 1 < scalars.count && ScalarClass.isLetterOrDigit(scalars[offset + 1])
    }

    private static func closing(_ scalars: [Unicode.Scalar], marker: Unicode.Scalar, after open: Int) -> Int? {
        let limit = min(scalars.count, open + 120)
        for index in (open + 2)..<max(open + 2, limit) where scalars[index] == marker {
            let after = index + 1 == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index + 1])
            if after && ScalarClass.isLetterOrDigit(scalars[index - 1]) { return index }
        }
        return nil
    }

    /// Counts a block's letters and capitals and finds its words (runs of
    /// letters) of two or more capitals that are not Roman numerals: fed
    /// every letter, and told where every run of letters ends.
    private struct CapitalsCensus {
        private(set) var letters = 0
        private(set) var capitals = 0
        private(set) var shoutedWords: [Range<Int>] = []
        /// Whether the block has a `*` or `_`, which may mark emphasis.
        var hasEmphasisMarker = false
        /// Where the current run of letters started; -1 between words.
        private var wordStart = -1
        private var wordCapitals = 0

        /// A letter at `offset`: it starts a word unless one is open.
        @inline(__always)
        mutating func startWord(at offset: Int) {
            if wordStart < 0 { wordStart = offset }
        }

        @inline(__always)
        mutating func countCapitals(_ count: Int) {
            wordCapitals &+= count
        }

        /// The open word, if any, ends before `offset`.
        @inline(__always)
        mutating func endWord(at offset: Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>) {
            if wordStart >= 0 { closeWord(at: offset, in: scalars) }
        }

        private mutating func closeWord(at offset: Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>) {
            let start = wordStart
            let length = offset - start
            letters += length
            capitals += wordCapitals
            if length >= 2, wordCapitals == length, !scalars[start..<offset].allSatisfy(Self.isRomanDigit) {
                shoutedWords.append(start..<offset)
            }
            wordStart = -1
            wordCapitals = 0
        }

        private static func isRomanDigit(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "I", "V", "X", "L", "C", "D", "M": true
            default: false
            }
        }
    }
}
