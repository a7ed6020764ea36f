/// A line that names who said or wrote a quotation, set after a dash at the
/// start of a paragraph (`— Mark Twain`, `—Marcus Aurelius, Meditations`,
/// `— H. G. Wells, 1898`, `—Robert Burns.`): not speech, though dialogue
/// opens paragraphs with a dash too. It is told by its shape, the
/// paragraph's line read to its end: a few words (at most 12, within 100
/// scalars), the first capitalised and no more words in small letters than
/// capitalised ones or numbers, no ? ! … ; or dash standing apart, and no
/// sentence ending inside it (a period only after an initial or a short
/// abbreviation, `H.`, `Dr.`, `St.`). A period at the end is an
/// attribution's only after two words or more, all capitalised, with no
/// comma (`— Robert Burns.`); so `— Oui.`, `— Non, merci.`, `— Marie !`,
/// `— Bonjour Marie, viens.` stay speech.
package enum Attribution {
    /// The longest attribution read, in scalars after the dash.
    package static let maximumLength = 100
    private static let maximumWords = 12

    /// Whether the dash at `dash`, first in its paragraph, sets off an
    /// attribution: the text after it up to a line break or the end of
    /// `scalars`, which must reach the paragraph's end or run past
    /// ``maximumLength`` scalars.
    package static func follows(dash: Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>) -> Bool {
        var end = dash + 1
        while end < scalars.count, scalars[end] != "\n" {
            end += 1
            if end - dash > maximumLength { return false }
        }
        while end > dash + 1, ScalarClass.isWhitespace(scalars[end - 1]) { end -= 1 }
        var census = WordCensus()
        var start = dash + 1
        while start < end {
            if ScalarClass.isWhitespace(scalars[start]) {
                start += 1
                continue
            }
            var wordEnd = start
            while wordEnd < end, !ScalarClass.isWhitespace(scalars[wordEnd]) { wordEnd += 1 }
            guard census.count(scalars[start..<wordEnd], isLast: wordEnd == end) else { return false }
            start = wordEnd
        }
        return census.isAttribution
    }

    /// The words of a possible attribution, counted one by one.
    private struct WordCensus {
        var words = 0
        var capitalised = 0
        var small = 0
        var hasComma = false
        var endsWithPeriod = false

        var isAttribution: Bool {
            guard words > 0, small <= capitalised else { return false }
            return !endsWithPeriod || (words >= 2 && small == 0 && !hasComma)
        }

        /// Counts one word (scalars between white space); false when it
        /// rules the line out.
        mutating func count(_ word: Slice<UnsafeBufferPointer<Unicode.Scalar>>, isLast: Bool) -> Bool {
            guard let first = word.firstIndex(where: ScalarClass.isLetterOrDigit) else {
                // Marks alone: a dash standing apart turns speech and narration.
                return !word.contains(where: QuotationDepth.isDash) && !word.contains(where: Self.endsSpeech)
            }
            let initial = word[first]
            if ScalarClass.isUppercase(initial) || ScalarClass.isDigit(initial) {
                capitalised += 1
            } else if ScalarClass.isLowercase(initial), words > 0 {
                small += 1
            } else {
                return false  // a small letter first, or a script without capitals: cannot tell
            }
            words += 1
            guard words <= Attribution.maximumWords else { return false }
            for index in word.indices where !ScalarClass.isLetterOrDigit(word[index]) {
                let scalar = word[index]
                let between = index > word.startIndex && index + 1 < word.endIndex
                    && ScalarClass.isLetterOrDigit(word[index - 1]) && ScalarClass.isLetterOrDigit(word[index + 1])
                if Self.endsSpeech(scalar) { return false }
                if QuotationDepth.isDash(scalar) || scalar == ":", !between { return false }
                if scalar == "," { hasComma = true }
                if scalar == ".", !between, !Self.isAbbreviation(word[min(first, index)..<index]) {
                    guard isLast, index + 1 == word.endIndex || word[(index + 1)...].allSatisfy(ScalarClass.isCloser)
                    else { return false }
                    endsWithPeriod = true
                }
            }
            return true
        }

        /// ? ! … ; and their Spanish openers: a question, an exclamation or
        /// a sentence going on, never a name.
        private static func endsSpeech(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "?", "!", "…", ";", "¿", "¡": true
            default: false
            }
        }

        /// An initial (`H.`) or a short title or abbreviation before a name.
        private static func isAbbreviation(_ letters: Slice<UnsafeBufferPointer<Unicode.Scalar>>) -> Bool {
            if letters.count == 1, let letter = letters.first, ScalarClass.isUppercase(letter) { return true }
            return abbreviations.contains { $0.elementsEqual(letters) }
        }

        private static let abbreviations: [[Unicode.Scalar]] =
            ["Dr", "Mr", "Mrs", "Ms", "St", "Jr", "Sr", "Rev", "Ch", "Vol", "Ed", "ed", "trans", "Bk", "Mme", "Mlle"]
            .map { Array($0.unicodeScalars) }
    }
}
