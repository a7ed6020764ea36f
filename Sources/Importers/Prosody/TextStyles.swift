/// Per-scalar styles of a block that prosody rules look at: inside quotation
/// marks (dialogue), inside brackets (an aside), emphasised. Emphasis comes
/// from the runs and from the text itself: `*word*`, `_word_` and words in
/// capitals (unless the whole block is in capitals, like a heading).
struct TextStyles {
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let dialogue = Flags(rawValue: 1)
        static let parenthetical = Flags(rawValue: 2)
        static let emphasized = Flags(rawValue: 4)
    }

    private(set) var flags: [Flags]

    init(_ scalars: [Unicode.Scalar], emphasized: [Bool]) {
        flags = emphasized.map { $0 ? .emphasized : [] }
        markQuotesAndBrackets(scalars)
        markEmphasisMarkup(scalars, marker: "*")
        markEmphasisMarkup(scalars, marker: "_")
        markCapitalisedWords(scalars)
    }

    /// True when most letters in `range` carry `flag`.
    func mostly(_ flag: Flags, in range: Range<Int>, of scalars: [Unicode.Scalar]) -> Bool {
        var letters = 0
        var flagged = 0
        for offset in range where ScalarClass.isLetterOrDigit(scalars[offset]) {
            letters += 1
            if flags[offset].contains(flag) { flagged += 1 }
        }
        return letters > 0 && flagged * 2 > letters
    }

    private mutating func markQuotesAndBrackets(_ scalars: [Unicode.Scalar]) {
        var quoteDepth = 0
        var bracketDepth = 0
        var germanQuotes = false
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case "„": quoteDepth += 1; germanQuotes = true
            case "“" where germanQuotes && quoteDepth > 0, "”", "»": quoteDepth = max(0, quoteDepth - 1)
            case "“", "«": quoteDepth += 1
            case "\"": quoteDepth = quoteDepth > 0 ? quoteDepth - 1 : 1
            case "(", "[": bracketDepth += 1
            case ")", "]": bracketDepth = max(0, bracketDepth - 1)
            default: break
            }
            if quoteDepth > 0 { flags[offset].insert(.dialogue) }
            if bracketDepth > 0 { flags[offset].insert(.parenthetical) }
        }
    }

    /// `*word*` or `_a few words_`: the marker after a space or at the start,
    /// followed by a letter; the closing marker after a letter and before a
    /// space, punctuation or the end; at most 120 scalars apart.
    private mutating func markEmphasisMarkup(_ scalars: [Unicode.Scalar], marker: Unicode.Scalar) {
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

    private func opens(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        let before = offset == 0 || ScalarClass.isWhitespace(scalars[offset - 1]) || ScalarClass.isOpener(scalars[offset - 1])
        return before && offset + 1 < scalars.count && ScalarClass.isLetterOrDigit(scalars[offset + 1])
    }

    private func closing(_ scalars: [Unicode.Scalar], marker: Unicode.Scalar, after open: Int) -> Int? {
        let limit = min(scalars.count, open + 120)
        for index in (open + 2)..<max(open + 2, limit) where scalars[index] == marker {
            let after = index + 1 == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index + 1])
            if after && ScalarClass.isLetterOrDigit(scalars[index - 1]) { return index }
        }
        return nil
    }

    /// Words of two or more capitals (not Roman numerals) in a block that is
    /// not itself mostly capitals.
    private mutating func markCapitalisedWords(_ scalars: [Unicode.Scalar]) {
        var letters = 0
        var capitals = 0
        for scalar in scalars where ScalarClass.isLetter(scalar) {
            letters += 1
            if ScalarClass.isUppercase(scalar) { capitals += 1 }
        }
        guard capitals * 2 < letters else { return }
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count, ScalarClass.isLetter(scalars[end]) { end += 1 }
            if end - start >= 2, isShouted(scalars[start..<end]) {
                for index in start..<end { flags[index].insert(.emphasized) }
            }
            start = end + 1
        }
    }

    private func isShouted(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        word.allSatisfy(ScalarClass.isUppercase) && !word.allSatisfy { "IVXLCDM".unicodeScalars.contains($0) }
    }
}
