/// The word after a terminal mark, past any opening quotes or brackets and
/// a dash that introduces a speech tag (`? – спросила`).
package struct NextWord {
    package private(set) var startsWithOpener = false
    /// A dash and white space come before the word (`! — деді`).
    package private(set) var startsAfterDash = false
    package private(set) var startsUppercase = false
    package private(set) var startsLowercase = false
    /// A letter of a script without case (Arabic, Devanagari, CJK…).
    package private(set) var startsCaseless = false
    package private(set) var startsWithDigit = false
    /// `№`, `§`, or `#` and a digit: a number follows.
    package private(set) var startsWithNumberSign = false
    /// A comma, semicolon, colon or closing bracket follows: the sentence
    /// goes on (`?” ,,Das weiß ich`).
    package private(set) var startsWithClauseMark = false
    /// Another terminal mark follows (`. . .`, a spaced ellipsis).
    package private(set) var startsWithTerminator = false
    /// Offset of the word's first scalar (past openers and a dash).
    package private(set) var start: Int
    /// Offset just past the word's letters and apostrophes.
    package private(set) var end: Int
    /// The word's letters and apostrophes (at most 24).
    private var keyScalars: ArraySlice<Unicode.Scalar> = []

    /// The word lowercased (letters and apostrophes), for opener lookups;
    /// made only when asked for, as most boundaries are decided without it.
    package var key: String { lowercasedKey(keyScalars) }

    /// Letters in the word.
    package var letterCount: Int { keyScalars.count { ScalarClass.isLetter($0) } }

    /// A letter or two and a period, then white space or punctuation (`B.`
    /// of `z. B.`, `UU.` of `EE. UU.`): the second half of a spaced
    /// abbreviation (not the `J.` of `J.R.R.`).
    package func isShortAbbreviation(in scalars: [Unicode.Scalar], limit: Int) -> Bool {
        guard (1...2).contains(end - start), letterCount == end - start, end < limit, scalars[end] == "." else {
            return false
        }
        return end + 1 == limit || !ScalarClass.isLetterOrDigit(scalars[end + 1])
    }

    package init(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) {
        var index = start
        while index < limit, ScalarClass.isOpener(scalars[index]) {
            startsWithOpener = true
            index += 1
        }
        // An elided word (`’Tis`, `’twas`): its apostrophe is no closer.
        if index + 1 < limit, scalars[index] == "’", ScalarClass.isLetter(scalars[index + 1]) { index += 1 }
        if index + 1 < limit, Self.isDash(scalars[index]), ScalarClass.isWhitespace(scalars[index + 1]) {
            startsAfterDash = true
            index += 1
            while index < limit, ScalarClass.isWhitespace(scalars[index]) || ScalarClass.isOpener(scalars[index]) {
                index += 1
            }
        }
        self.start = index
        self.end = index
        guard index < limit else { return }
        let first = scalars[index]
        startsUppercase = ScalarClass.isUppercase(first)
        startsLowercase = ScalarClass.isLowercase(first)
        startsWithDigit = ScalarClass.isDigit(first)
        startsWithTerminator = ScalarClass.isTerminator(first)
        startsWithClauseMark = first == "," || first == ";" || first == ":" || first == ")"
        startsWithNumberSign = first == "№" || first == "§"
            || (first == "#" && index + 1 < limit && ScalarClass.isDigit(scalars[index + 1]))
        startsCaseless = !startsUppercase && !startsLowercase && ScalarClass.isLetter(first)
        let keyStart = index
        while index < limit, index - keyStart < 24,
            ScalarClass.isLetter(scalars[index]) || scalars[index] == "'" || scalars[index] == "’"
                || ScalarClass.isExtending(scalars[index])
        {
            index += 1
        }
        keyScalars = scalars[keyStart..<index]
        end = index
    }

    private static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "–" || scalar == "—" || scalar == "―"
    }
}
