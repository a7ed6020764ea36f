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
        /// Each style read as its bit (`contains` from another module went
        /// through the generic `SetAlgebra` witness, three times an utterance).
        package var isDialogue: Bool { rawValue & 1 != 0 }
        package var isParenthetical: Bool { rawValue & 2 != 0 }
        package var isEmphasized: Bool { rawValue & 4 != 0 }
        /// Not a style: the scalar is a letter or digit, the kind of scalar
        /// ``TextStyles/mostly(in:)`` counts.
        static let letterOrDigit = Flags(rawValue: 8)
        /// Not a style: a capital letter (uppercase or titlecase).
        static let capital = Flags(rawValue: 16)
        /// Not a style: a letter (not a digit).
        static let letter = Flags(rawValue: 32)
    }

    private(set) var flags: [Flags]
    /// The quotations open at the block's end.
    package private(set) var endQuotation: QuotationDepth

    /// - Parameters:
    ///   - emphasizedRanges: the parts of `scalars` from emphasised runs.
    ///   - quotation: the quotations open where the block starts (none
    ///     unless one goes on from the paragraph before:
    ///     ``QuotationDepth/endParagraph(before:)``).
    package init(_ scalars: [Unicode.Scalar], emphasizedRanges: [Range<Int>], quotation: QuotationDepth = QuotationDepth()) {
        var census = CapitalsCensus()
        var quotes = QuoteTracker(quotation)
        var flags = Self.quotesBracketsAndLetters(scalars, quotes: &quotes, census: &census)
        endQuotation = quotes.quotation
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

    /// The first flags of every scalar: letter or digit, letter, capital,
    /// inside quotation marks or brackets; and whether there is a `*` or
    /// `_`. One branch-light step per ASCII scalar (its kind from a table); a
    /// word in capitals has two capitals side by side, so the block's letters
    /// and capitals are counted, and its words looked for, only in a block
    /// that has such a pair (headings, Roman numerals, a shout: few blocks of
    /// prose).
    private static func quotesBracketsAndLetters(
        _ scalars: [Unicode.Scalar], quotes: inout QuoteTracker, census: inout CapitalsCensus
    ) -> [Flags] {
        var capitalPairs = false
        let flags = [Flags](unsafeUninitializedCapacity: scalars.count) { buffer, count in
            scalars.withUnsafeBufferPointer { scalars in
                ASCIIKind.table.withUnsafeBufferPointer { table in
                    capitalPairs = firstFlags(of: scalars, into: buffer, kinds: table, quotes: &quotes, census: &census)
                }
            }
            count = scalars.count
        }
        if capitalPairs {
            (census.letters, census.capitals) = Self.lettersAndCapitals(in: flags)
            census.shoutedWords = shoutedWords(in: scalars, flags: flags)
        }
        return flags
    }

    /// Fills `buffer` with the first flags of `scalars`; true when two
    /// capitals stand side by side. Scalars other than plain ASCII are read
    /// out of line, to keep the loop's few values in registers.
    private static func firstFlags(
        of scalars: UnsafeBufferPointer<Unicode.Scalar>, into buffer: UnsafeMutableBufferPointer<Flags>,
        kinds: UnsafeBufferPointer<UInt8>, quotes: inout QuoteTracker, census: inout CapitalsCensus
    ) -> Bool {
        var quoteFlags = quotes.flags.rawValue
        var (previous, pairs): (UInt8, UInt8) = (0, 0)
        for offset in scalars.indices {
            let value = scalars[offset].value
            var kind = value < 0x80 ? kinds[Int(value)] : ASCIIKind.marked
            if kind >= ASCIIKind.tagPunctuation {
                if kind == ASCIIKind.marked {
                    kind = readMarked(scalars, at: offset, quotes: &quotes, census: &census)
                    quoteFlags = quotes.flags.rawValue
                } else {
                    // Punctuation, read only inside speech, where a tag may start or end.
                    if quotes.mayHoldTag {
                        quotes.readTagPunctuation(scalars, at: offset)
                        quoteFlags = quotes.flags.rawValue
                    }
                    kind = 0
                }
            }
            buffer[offset] = Flags(rawValue: quoteFlags | kind)
            pairs |= previous & kind
            previous = kind
        }
        return pairs & Flags.capital.rawValue != 0
    }

    /// How many of the flag bytes are letters, and how many capitals (only
    /// for the few blocks with two capitals side by side).
    private static func lettersAndCapitals(in flags: [Flags]) -> (letters: Int, capitals: Int) {
        var (letters, capitals) = (0, 0)
        for flag in flags {
            if flag.contains(.letter) { letters += 1 }
            if flag.contains(.capital) { capitals += 1 }
        }
        return (letters, capitals)
    }

    /// The kind of a scalar beyond ASCII or of a marked one (a quotation
    /// mark, a bracket, `*` or `_`), after reading it into `quotes` or
    /// `census`.
    @inline(never)
    private static func readMarked(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, at offset: Int, quotes: inout QuoteTracker,
        census: inout CapitalsCensus
    ) -> UInt8 {
        let scalar = scalars[offset]
        if scalar == "*" || scalar == "_" {
            census.hasEmphasisMarker = true
            return 0
        }
        if scalar.value >= 0x80, ScalarClass.isLetter(scalar) {
            return ScalarClass.isUppercase(scalar) ? ASCIIKind.capitalLetter : ASCIIKind.letter
        }
        quotes.read(scalars, at: offset)
        return ScalarClass.isDigit(scalar) ? ASCIIKind.digit : 0
    }

    /// What an ASCII scalar is, for ``quotesBracketsAndLetters(_:census:)``:
    /// the flags it gives, or `marked`.
    private enum ASCIIKind {
        static let letter = Flags([.letter, .letterOrDigit]).rawValue
        static let capitalLetter = Flags([.letter, .capital, .letterOrDigit]).rawValue
        static let digit = Flags.letterOrDigit.rawValue
        /// A quotation mark, a bracket, `*` or `_`: read one by one.
        static let marked: UInt8 = 0x80
        /// Punctuation that may start or end a speech tag inside speech:
        /// read one by one inside speech, else passed over.
        static let tagPunctuation: UInt8 = 0x40

        static let table: [UInt8] = (0..<128).map { value in
            switch UInt8(value) {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): capitalLetter
            case UInt8(ascii: "a")...UInt8(ascii: "z"): letter
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "*"), UInt8(ascii: "_"): marked
            case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "!"):
                tagPunctuation
            default: 0
            }
        }
    }

    /// The runs of two or more letters, all capitals, that are not Roman
    /// numerals; letters and capitals read from the first pass's `flags`.
    private static func shoutedWords(in scalars: [Unicode.Scalar], flags: [Flags]) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var offset = 0
        while offset < flags.count {
            guard flags[offset].contains(.letter) else {
                offset += 1
                continue
            }
            let start = offset
            var allCapitals = true
            while offset < flags.count, flags[offset].contains(.letter) {
                allCapitals = allCapitals && flags[offset].contains(.capital)
                offset += 1
            }
            if allCapitals, offset - start >= 2, !scalars[start..<offset].allSatisfy(isRomanDigit) {
                words.append(start..<offset)
            }
        }
        return words
    }

    private static func isRomanDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "I", "V", "X", "L", "C", "D", "M": true
        default: false
        }
    }

    /// How deep the text stands in quotation marks and brackets.
    private struct QuoteTracker {
        private(set) var quotation: QuotationDepth
        private var bracketDepth = 0
        /// `.dialogue` inside quotation marks, `.parenthetical` inside brackets.
        private(set) var flags: Flags = []
        /// Inside speech, where punctuation may start or end a speech tag.
        private(set) var mayHoldTag = false

        init(_ quotation: QuotationDepth) {
            self.quotation = quotation
            updateFlags()
        }

        /// Reads the scalar at `offset` (its neighbours tell a single quote
        /// from an apostrophe).
        mutating func read(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at offset: Int) {
            let scalar = scalars[offset]
            switch scalar {
            case "(", "[": bracketDepth += 1
            case ")", "]": bracketDepth = max(0, bracketDepth - 1)
            default:
                guard QuotationDepth.mayChangeDepth(scalar) else { return }
                quotation.read(scalars, at: offset)
            }
            updateFlags()
        }

        /// Reads punctuation inside speech (`,` `.` `;` `?` `!`), which may
        /// start or end a speech tag set inside it.
        mutating func readTagPunctuation(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at offset: Int) {
            quotation.readTagPunctuation(scalars, at: offset)
            updateFlags()
        }

        private mutating func updateFlags() {
            flags = []
            mayHoldTag = quotation.isInsideMarks
            if quotation.isInside { flags.insert(.dialogue) }
            if bracketDepth > 0 { flags.insert(.parenthetical) }
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

    /// A block's letters and capitals, its words (runs of letters) of two or
    /// more capitals that are not Roman numerals, and whether it has a `*`
    /// or `_`, which may mark emphasis.
    private struct CapitalsCensus {
        var letters = 0
        var capitals = 0
        var shoutedWords: [Range<Int>] = []
        var hasEmphasisMarker = false
    }
}
