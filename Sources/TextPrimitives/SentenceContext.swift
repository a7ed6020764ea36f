/// A run of terminal marks with the closing quotes and brackets after it, and
/// the whitespace that follows: the place where a sentence may end.
package struct TerminalMark {
    package enum Kind { case period, ellipsis, question, exclamation }

    /// Offset of the first terminal mark.
    package let start: Int
    /// Offset just past the marks and closers.
    package private(set) var clusterEnd: Int
    /// Offset of the first non-whitespace scalar after the cluster.
    package private(set) var nextStart: Int
    package private(set) var kind: Kind
    /// A CJK, Arabic or Urdu terminator: a boundary whatever follows.
    package private(set) var isUnspaced: Bool
    /// A single period ends a word and an ellipsis follows after white
    /// space (`compounds. . . . The`, `raak. ...en`): the ellipsis's range
    /// with its closers. The period may end the sentence, the ellipsis then
    /// opening the next one.
    package private(set) var trailingEllipsis: Range<Int>?

    package var hasSpaceAfter: Bool { nextStart > clusterEnd }

    /// - Parameter extraTerminators: marks that end sentences in the text's
    ///   language only (Armenian `:`).
    package init(
        _ scalars: [Unicode.Scalar], at start: Int, limit: Int, blockStart: Int,
        extraTerminators: Set<Unicode.Scalar> = []
    ) {
        self.start = start
        var end = start
        var periods = 0
        var kind = Kind.period
        var unspaced = false
        while end < limit {
            let scalar = scalars[end]
            let isExtra = !extraTerminators.isEmpty && extraTerminators.contains(scalar)
            guard ScalarClass.isTerminator(scalar) || ScalarClass.isCloser(scalar) || isExtra else { break }
            unspaced = unspaced || ScalarClass.isUnspacedTerminator(scalar)
            switch scalar {
            case ".": periods += 1
            case "…": kind = kind == .period ? .ellipsis : kind
            case "?", "？", "؟", "⁇", "⁈", "⁉", "\u{37E}", "\u{1367}": kind = .question
            case "!", "！", "‼": kind = kind == .question ? .question : .exclamation
            case ";" where isExtra: kind = .question  // the Greek question mark
            default: break
            }
            end += 1
        }
        if periods > 1 && kind == .period { kind = .ellipsis }
        if end < limit, scalars[end] == "[" || NoteMarkers.isSuperscriptDigit(scalars[end]) {
            end = Self.noteMarkerEnd(scalars, from: end, limit: limit)
        }
        (self.clusterEnd, self.nextStart, self.kind, self.isUnspaced) = (end, end, kind, unspaced)
        if kind == .period, periods == 1, end < limit, ScalarClass.isWhitespace(scalars[end]) {
            readSpacedDots(scalars, limit: limit, blockStart: blockStart)
        }
        skipWhitespaceAndLoneClosers(scalars, limit: limit)
    }

    /// A period that starts a spaced ellipsis (`word . . . more`) takes in
    /// the rest of its dots; one that ends a word notes an ellipsis after
    /// it (``trailingEllipsis``).
    private mutating func readSpacedDots(_ scalars: [Unicode.Scalar], limit: Int, blockStart: Int) {
        var peek = clusterEnd
        while peek < limit, ScalarClass.isWhitespace(scalars[peek]) { peek += 1 }
        guard peek < limit, scalars[peek] == "." || scalars[peek] == "…" else { return }  // most periods
        let afterSpace = start == blockStart || ScalarClass.isWhitespace(scalars[start - 1])
        let dots = Self.spacedDots(scalars, from: clusterEnd, limit: limit)
        if afterSpace, dots.count > 0 {
            kind = .ellipsis
            clusterEnd = Self.closersEnd(scalars, from: dots.end, limit: limit)
            nextStart = clusterEnd
            return
        }
        guard !afterSpace else { return }
        var next = clusterEnd
        while next < limit, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
        guard next < limit else { return }
        let ellipsisEnd: Int
        if scalars[next] == "." {
            let spaced = Self.spacedDots(scalars, from: next + 1, limit: limit)
            var tight = next
            while tight < limit, scalars[tight] == "." { tight += 1 }
            if spaced.count >= 2 {
                ellipsisEnd = spaced.end
            } else if tight - next >= 3 {
                ellipsisEnd = tight
            } else {
                return
            }
        } else if scalars[next] == "…" {
            ellipsisEnd = next + 1
        } else {
            return
        }
        trailingEllipsis = next..<Self.closersEnd(scalars, from: ellipsisEnd, limit: limit)
    }

    /// A closing quote, or a note's back-link (`↩`), that may stand alone
    /// after a sentence's mark.
    private static func isLoneCloser(_ scalar: Unicode.Scalar) -> Bool {
        (ScalarClass.isCloser(scalar) && scalar != "\u{2060}") || scalar == "↩" || scalar == "↑"
    }

    /// Past a note marker written right after the mark (`.[2]`, `.¹`): it
    /// belongs to the sentence it ends.
    private static func noteMarkerEnd(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) -> Int {
        var end = start
        while end < limit, NoteMarkers.isSuperscriptDigit(scalars[end]) { end += 1 }
        if end > start { return end }
        guard end + 2 < limit, scalars[end] == "[" else { return start }
        var index = end + 1
        while index < limit, index - end <= 3, ScalarClass.isDigit(scalars[index]) { index += 1 }
        return index > end + 1 && index < limit && scalars[index] == "]" ? index + 1 : start
    }

    /// How many ` .` pairs follow `start` (white space, then a period), and
    /// where the last one ends.
    private static func spacedDots(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) -> (count: Int, end: Int) {
        var count = 0
        var end = start
        var index = start
        while index < limit, ScalarClass.isWhitespace(scalars[index]) {
            index += 1
            guard index < limit, scalars[index] == "." else { break }
            index += 1
            count += 1
            end = index
        }
        return (count, end)
    }

    private static func closersEnd(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) -> Int {
        var end = start
        while end < limit, ScalarClass.isCloser(scalars[end]) || scalars[end] == "." { end += 1 }
        return end
    }

    /// Moves ``nextStart`` past the white space after the cluster, and past
    /// closing quotes that stand alone after it (`go.’ ”`), which then join
    /// the cluster.
    private mutating func skipWhitespaceAndLoneClosers(_ scalars: [Unicode.Scalar], limit: Int) {
        var next = clusterEnd
        while next < limit, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
        guard next < limit, !ScalarClass.isLetter(scalars[next]) else {  // most sentences go on with a word
            nextStart = next
            return
        }
        var closers = next
        while closers < limit, Self.isLoneCloser(scalars[closers]) { closers += 1 }
        if closers > next, closers == limit || ScalarClass.isWhitespace(scalars[closers]) {
            clusterEnd = closers
            next = closers
            while next < limit, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
        }
        nextStart = next
    }
}

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

/// The token before a terminal mark: from the last whitespace up to the mark,
/// without opening quotes or brackets.
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
        while start > floor, !ScalarClass.isWhitespace(scalars[start - 1]), start > end - 64 { start -= 1 }
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

extension Character {
    /// `0`…`9`.
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

/// Whether the word before offset `start` (skipping white space) is a
/// lowercase word: `and` in `you and I.`.
package func wordBeforeIsLowercase(_ scalars: [Unicode.Scalar], before start: Int, blockStart: Int) -> Bool {
    var index = start
    while index > blockStart, ScalarClass.isWhitespace(scalars[index - 1]) { index -= 1 }
    guard index > blockStart else { return false }
    var letter: Unicode.Scalar?
    while index > blockStart, !ScalarClass.isWhitespace(scalars[index - 1]) {
        index -= 1
        if ScalarClass.isLetter(scalars[index]) { letter = scalars[index] }
    }
    return letter.map(ScalarClass.isLowercase) ?? false
}

/// `scalars` as a lowercased string, for looking words up in
/// ``Abbreviations``: ASCII is lowercased on the way in, anything else by
/// `String.lowercased()`.
package func lowercasedKey(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    guard scalars.allSatisfy({ $0.isASCII }) else { return String(scalars: scalars).lowercased() }
    return String(unsafeUninitializedCapacity: scalars.count) { buffer in
        for (index, scalar) in zip(buffer.indices, scalars) {
            let byte = UInt8(scalar.value)
            buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return scalars.count
    }
}
