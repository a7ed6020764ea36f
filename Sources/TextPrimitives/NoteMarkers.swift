/// Note markers written into the text without markup: a bracketed number
/// right after a word (`السرطان[1]`, `evening.[2]`) or superscript digits
/// (`word¹`). They are part of the text, not of what is said.
package enum NoteMarkers {
    /// `¹ ² ³` and `⁰ ⁴`…`⁹`.
    package static func isSuperscriptDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xB9, 0xB2, 0xB3, 0x2070, 0x2074...0x2079: true
        default: false
        }
    }

    /// The ranges of the note markers in `scalars`: `[` 1–3 digits `]` and
    /// runs of superscript digits, after some text (at the very start, `[1]`
    /// labels a note or a list item); superscripts inside a word (`L³C`) or
    /// after a number or a unit (`10²`, `m²`) are no markers.
    package static func ranges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        var seenText = false
        while index < scalars.count {
            let follows = seenText
            seenText = seenText || !ScalarClass.isWhitespace(scalars[index])
            if follows, let end = bracketEnd(scalars, at: index) {
                ranges.append(index..<end)
                index = end
            } else if follows, isSuperscriptDigit(scalars[index]) {
                let start = index
                while index < scalars.count, isSuperscriptDigit(scalars[index]) { index += 1 }
                if isNoteAfter(scalars, before: start), index == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index]) {
                    ranges.append(start..<index)
                }
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// Whether superscript digits at `start` can mark a note: after
    /// punctuation or a word of three letters or more, not after a digit
    /// (`10²`) or a unit's one or two letters (`m²`, `cm³`).
    private static func isNoteAfter(_ scalars: [Unicode.Scalar], before start: Int) -> Bool {
        var letters = 0
        var index = start
        while index > 0, ScalarClass.isLetter(scalars[index - 1]) {
            letters += 1
            index -= 1
        }
        if letters == 0 { return index > 0 && !ScalarClass.isDigit(scalars[index - 1]) }
        return letters >= 3
    }

    /// Where a `[12]` starting at `start` ends; nil when none starts there.
    private static func bracketEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard scalars[start] == "[" else { return nil }
        var index = start + 1
        while index < scalars.count, index - start <= 3, ScalarClass.isDigit(scalars[index]) { index += 1 }
        return index > start + 1 && index < scalars.count && scalars[index] == "]" ? index + 1 : nil
    }
}
