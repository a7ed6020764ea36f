/// Note markers written into the text without markup: a bracketed number or
/// letter after some text (`السرطان[1]`, `evening.[2]`, `says [12],`,
/// `word[a]`), a parenthesised number right after a word (`word(1)`),
/// superscript digits (`word¹`), and the plain digits a converter leaves of
/// a superscript after a sentence's punctuation (`the world.1 More`, what
/// pandoc writes for a Standard Ebooks note reference). They are part of
/// the text, not of what is said.
///
/// Not markers: `[sic]` and other bracketed words, a number in parentheses
/// after a space (`(1813)`, `(1) first item`) or after a digit or operator
/// (`f(1)` stays when a formula follows: `f(1) = 2`), an index `[0]`,
/// superscripts inside a word (`L³C`) or after a number or unit (`10²`,
/// `m²`), and digits after an abbreviation's period (`No.5`, `Fig.2`) or
/// another digit's (`3.1`).
package enum NoteMarkers {
    /// `¹ ² ³` and `⁰ ⁴`…`⁹`.
    package static func isSuperscriptDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xB9, 0xB2, 0xB3, 0x2070, 0x2074...0x2079: true
        default: false
        }
    }

    /// The ranges of the note markers in `scalars`, after some text (at the
    /// very start, `[1]` labels a note or a list item), in order.
    package static func ranges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        var seenText = false
        while index < scalars.count {
            if seenText, mayStartMarker(scalars[index]), let end = markerEnd(scalars, at: index) {
                ranges.append(index..<end)
                index = end
            } else if seenText, isSuperscriptDigit(scalars[index]) {
                let start = index
                while index < scalars.count, isSuperscriptDigit(scalars[index]) { index += 1 }
                if isNoteAfter(scalars, before: start), index == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index]) {
                    ranges.append(start..<index)
                }
            } else {
                seenText = seenText || !ScalarClass.isWhitespace(scalars[index])
                index += 1
            }
        }
        return ranges
    }

    /// Whether a bracketed, parenthesised or plain-digit marker can start
    /// with `scalar`: most scalars are passed over without a call.
    private static func mayStartMarker(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "[" || scalar == "(" || (0x30...0x39).contains(scalar.value)
    }

    /// Where a bracketed, parenthesised or plain-digit marker starting at
    /// `start` ends; nil when none starts there.
    private static func markerEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        switch scalars[start] {
        case "[": bracketEnd(scalars, at: start)
        case "(": parenthesisEnd(scalars, at: start)
        default: plainDigitsEnd(scalars, at: start)
        }
    }

    /// Whether superscript digits at `start` can mark a note: after
    /// punctuation or a word of three letters or more, not after a digit
    /// (`10²`) or a unit's one or two letters (`m²`, `cm³`).
    private static func isNoteAfter(_ scalars: [Unicode.Scalar], before start: Int) -> Bool {
        let letters = lettersBefore(scalars, start)
        if letters == 0 { return start > 0 && !ScalarClass.isDigit(scalars[start - 1]) }
        return letters >= 3
    }

    /// How many letters come right before `index`.
    private static func lettersBefore(_ scalars: [Unicode.Scalar], _ index: Int) -> Int {
        var start = index
        while start > 0, ScalarClass.isLetter(scalars[start - 1]) { start -= 1 }
        return index - start
    }

    /// `[12]` (not `[0]`) after some text; `[a]`, `[*]`, `[†]` right after
    /// a word or punctuation (`he was [a] fool` is an editor's word): where
    /// the marker starting at `start` ends; nil when none starts there.
    private static func bracketEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard start + 2 < scalars.count else { return nil }
        let first = scalars[start + 1]
        if scalars[start + 2] == "]", ScalarClass.isLowercase(first) || "*†‡".unicodeScalars.contains(first) {
            return start > 0 && !ScalarClass.isWhitespace(scalars[start - 1]) ? start + 3 : nil
        }
        let end = digitsEnd(scalars, from: start + 1)
        guard end > start + 1, end < scalars.count, scalars[end] == "]", !isZero(scalars[(start + 1)..<end]) else {
            return nil
        }
        return end + 1
    }

    /// `(12)` right after a word of two letters or more or after a closing
    /// punctuation mark, not followed by a letter, a digit or a formula.
    private static func parenthesisEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard start > 0, followsWordOrPunctuation(scalars, start) else { return nil }
        let end = digitsEnd(scalars, from: start + 1)
        guard end > start + 1, end < scalars.count, scalars[end] == ")", !isZero(scalars[(start + 1)..<end]) else {
            return nil
        }
        return endsMarker(scalars, at: end + 1) ? end + 1 : nil
    }

    /// `the world.1 More`: one to three digits right after a sentence's or
    /// clause's punctuation that ends a word (not an abbreviation's period,
    /// not a number's), followed by a space, the end or more punctuation.
    private static func plainDigitsEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard ScalarClass.isDigit(scalars[start]), start >= 2, closingPunctuation.contains(scalars[start - 1])
        else { return nil }
        var wordEnd = start - 1
        while wordEnd > 0, start - wordEnd < 3, closingPunctuation.contains(scalars[wordEnd - 1]) { wordEnd -= 1 }
        let letters = lettersBefore(scalars, wordEnd)
        let wordStart = wordEnd - letters
        // Not in an address (`www.example.50.com`, `a.b@c.1`) nor after an abbreviation.
        guard letters >= 2, wordStart == 0 || !"./@_\\".unicodeScalars.contains(scalars[wordStart - 1]) else { return nil }
        let word = String(String.UnicodeScalarView(scalars[wordStart..<wordEnd])).lowercased()
        if scalars[wordEnd] == ".", abbreviations.contains(word) { return nil }
        let end = digitsEnd(scalars, from: start)
        guard end > start else { return nil }
        // After a full stop, digits are a note only before the next
        // sentence or the end (`world.1 More`), not a file's or version's
        // (`pxelinux.0";`, `libfoo.so.6,`).
        if scalars[start - 1] == "." { return startsSentenceOrEnds(scalars, at: end) ? end : nil }
        return isSpaceOrEnd(scalars, after: end) ? end : nil
    }

    /// The text ends at `index` (white space may come first), or white
    /// space and then a capital letter or an opening quotation mark follow.
    private static func startsSentenceOrEnds(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index < scalars.count else { return true }
        guard ScalarClass.isWhitespace(scalars[index]) else { return false }
        var next = index
        while next < scalars.count, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
        guard next < scalars.count else { return true }
        return scalars[next].properties.isUppercase || "“‘\"'«„".unicodeScalars.contains(scalars[next])
    }

    /// The text ends at `index`, or white space follows, perhaps after
    /// punctuation (`world.1.` but not `example.50.com`).
    private static func isSpaceOrEnd(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        var next = index
        while next < scalars.count, next - index < 2, ".,;:!?)”’\"".unicodeScalars.contains(scalars[next]) { next += 1 }
        return next == scalars.count || ScalarClass.isWhitespace(scalars[next])
    }

    /// After a word of two letters or more, or after closing punctuation.
    private static func followsWordOrPunctuation(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        let before = scalars[index - 1]
        if ScalarClass.isLetter(before) { return lettersBefore(scalars, index) >= 2 }
        return closingPunctuation.contains(before)
    }

    /// What ends a sentence, a clause or a quotation.
    private static let closingPunctuation = Set(".,;:!?”’\"".unicodeScalars)

    /// A marker ends at `index`: the text ends, or white space or
    /// punctuation follows that does not go on with a formula (`= 2`).
    private static func endsMarker(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index < scalars.count else { return true }
        let next = scalars[index]
        if ScalarClass.isLetterOrDigit(next) || "=+−×÷*/^<>([".unicodeScalars.contains(next) { return false }
        var after = index
        while after < scalars.count, scalars[after] == " " { after += 1 }
        return after == scalars.count || !"=+−×÷*/^<>".unicodeScalars.contains(scalars[after])
    }

    /// Where a run of at most three ASCII digits from `start` ends.
    private static func digitsEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count, end - start < 3, scalars[end].isASCII, ScalarClass.isDigit(scalars[end]) { end += 1 }
        if end < scalars.count, end - start == 3, ScalarClass.isDigit(scalars[end]) { return start }
        return end
    }

    private static func isZero(_ digits: ArraySlice<Unicode.Scalar>) -> Bool {
        digits.allSatisfy { $0 == "0" }
    }

    /// Abbreviations that a number follows after their period (`No.5`).
    private static let abbreviations: Set<String> = [
        "no", "nos", "nr", "fig", "figs", "vol", "vols", "pp", "ch", "chap", "art", "sec", "sect", "op", "ed",
        "ex", "eq", "vs", "ps", "mr", "dr", "st", "ver", "rev", "col", "cf", "ibid", "id", "tab", "pl", "bk",
    ]
}
