/// The token before a terminal mark: from the last whitespace or em dash up
/// to the mark, without opening quotes or brackets.
package struct PrecedingWord {
    /// The token's scalars.
    private let token: ArraySlice<Unicode.Scalar>
    package private(set) var letterCount = 0
    package private(set) var isAllLowercase = true
    package private(set) var isAtBlockStart = false
    /// Offset of the token's first scalar (past openers).
    package var start: Int { token.startIndex }
    /// The token's last letter is lowercase (`Tuesday`, not `USA`).
    package private(set) var endsLowercase = false
    private var firstIsUppercase = false
    private(set) var isAllDigits = true
    /// The token holds an apostrophe (`l'Ing`): only then can it elide.
    private var hasApostrophe = false

    /// - Parameters:
    ///   - floor: the token does not reach back past this offset (the start
    ///     of the sentence: `Mr` in `Tuesday.Mr.`).
    ///   - blockStart: where the block starts, for ``isAtBlockStart``.
    package init(_ scalars: [Unicode.Scalar], before end: Int, floor: Int, blockStart: Int) {
        var start = end
        // Back to white space or an em dash glued to the word (`—H. G. Wells`,
        // `waited—Mr. Darcy`; an en dash joins numbers, `1914–1918`).
        while start > floor, !ScalarClass.isWhitespace(scalars[start - 1]), !Self.isEmDash(scalars[start - 1]),
            start > end - 64
        {
            start -= 1
        }
        while start < end, ScalarClass.isOpener(scalars[start]) { start += 1 }
        for scalar in scalars[start..<end] {
            if ScalarClass.isLetter(scalar) {
                if letterCount == 0 { firstIsUppercase = ScalarClass.isUppercase(scalar) }
                letterCount += 1
                isAllLowercase = isAllLowercase && !ScalarClass.isUppercase(scalar)
                endsLowercase = ScalarClass.isLowercase(scalar)
            }
            isAllDigits = isAllDigits && ScalarClass.isDigit(scalar)
            if scalar == "'" || scalar == "’" { hasApostrophe = true }
        }
        token = scalars[start..<end]
        isAtBlockStart = PrecedingWord.startsLine(scalars, at: start, blockStart: blockStart)
    }

    /// The token lowercased, inner periods kept (`e.g`, `mr`, `3`); made
    /// when asked for (a long plain word is decided without it).
    package var key: String { lowercasedKey(token) }

    /// Letters only, more than `length` of them: no abbreviation, number or
    /// list marker can be this long.
    package func isPlainWord(longerThan length: Int) -> Bool {
        letterCount > length && letterCount == token.count
    }

    private static func isEmDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "—" || scalar == "―"
    }

    private static func startsLine(_ scalars: [Unicode.Scalar], at start: Int, blockStart: Int) -> Bool {
        var index = start
        while index > blockStart, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
        if index > blockStart, scalars[index - 1] != "\n", isBullet(scalars[index - 1]) {
            index -= 1
            while index > blockStart, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
        }
        return index == blockStart || scalars[index - 1] == "\n"
    }

    private static func isBullet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "•", "⁃", "◦", "▪", "‣", "●", "-", "*", "+", "–": true
        default: false
        }
    }

    /// `key` (this word's ``key``) without an elided article or
    /// preposition in front (`ing` for Italian `l'Ing.`, `avv` for
    /// `dell'Avv.`).
    package func withoutElision(_ key: String) -> String {
        guard hasApostrophe, let apostrophe = key.lastIndex(where: { $0 == "'" || $0 == "’" }),
            key.distance(from: key.startIndex, to: apostrophe) <= 4
        else { return key }
        return String(key[key.index(after: apostrophe)...])
    }

    /// One letter, or two capitals: the first half of a spaced abbreviation
    /// (`z.` of `z. B.`, `EE.` of `EE. UU.`), not a word such as `it`.
    package var isShortAbbreviation: Bool {
        letterCount == token.count && (letterCount == 1 || (letterCount == 2 && firstIsUppercase && !endsLowercase))
    }

    /// One capital letter: an initial (`J. R. R. Tolkien`).
    package var isInitial: Bool { letterCount == 1 && token.count == 1 && firstIsUppercase }

    /// One letter of a script without case (Arabic `د.`): an initial or
    /// an abbreviation.
    package var isCaselessInitial: Bool {
        letterCount == 1 && token.count == 1 && !firstIsUppercase && token.first.map { !ScalarClass.isLowercase($0) } == true
    }

    /// Digits only, at most four, perhaps after a dash: a number that may be
    /// an ordinal (`12.`, the `-3.` of `1. -3. Jahrhundert`).
    package var isSmallInteger: Bool {
        let digits = token.drop { $0 == "-" || $0 == "–" }
        return !digits.isEmpty && digits.count <= 4 && digits.allSatisfy(ScalarClass.isDigit)
    }

    /// A Roman numeral in capitals (`XII`, `IV`); not `I` alone.
    package var isRomanNumeral: Bool {
        letterCount >= 2 && !isAllLowercase && letterCount == token.count
            && RomanNumeral.value(of: String(scalars: token)) != nil
    }

    /// `1`, `12`, `2.1`, `a`, `iv`: a list item's or section's number
    /// before its period.
    package var isListMarker: Bool {
        if isAllDigits { return token.count <= 3 }
        let key = key
        if key.count <= 12, key.first?.isNumber == true, key.allSatisfy({ $0.isNumber || $0 == "." }) { return true }
        if key.count == 1 { return letterCount == 1 }
        return key.count <= 5 && key.allSatisfy { "ivxlc".contains($0) }
    }

    /// A number with a comma or three or more digits (`1,000`, `2014`): a
    /// sentence may end right after it, even without a space.
    package var isLargeNumber: Bool {
        guard let first = token.first, ScalarClass.isDigit(first) || first == "$" else { return false }
        let digits = token.count(where: ScalarClass.isDigit)
        return letterCount == 0 && (digits >= 3 || token.contains(","))
    }

    /// Single letters joined by periods: `u.s`, `e.g`, `a.m`.
    package var isDottedAbbreviation: Bool {
        guard hasPeriod else { return false }
        return token.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            (1...2).contains($0.count) && $0.allSatisfy(ScalarClass.isLetter)
        }
    }

    /// The token holds a period.
    package var hasPeriod: Bool { token.contains(".") }

    /// A URL, path or e-mail address, in which periods are not sentence ends.
    package var looksLikeAddress: Bool {
        token.starts(with: "www".unicodeScalars) || token.starts(with: "WWW".unicodeScalars)
            || token.contains { $0 == "/" || $0 == "@" || $0 == ":" }
    }
}

