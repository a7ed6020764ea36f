/// A run of terminal marks with the closing quotes and brackets after it, and
/// the whitespace that follows: the place where a sentence may end.
package struct TerminalMark {
    package enum Kind { case period, ellipsis, question, exclamation }

    /// Offset of the first terminal mark.
    package let start: Int
    /// Offset just past the marks and closers.
    package let clusterEnd: Int
    /// Offset of the first non-whitespace scalar after the cluster.
    package let nextStart: Int
    package let kind: Kind
    /// A CJK, Arabic or Urdu terminator: a boundary whatever follows.
    package let isUnspaced: Bool

    package var hasSpaceAfter: Bool { nextStart > clusterEnd }

    package init(_ scalars: [Unicode.Scalar], at start: Int, limit: Int) {
        self.start = start
        var end = start
        var periods = 0
        var kind = Kind.period
        var unspaced = false
        while end < limit, ScalarClass.isTerminator(scalars[end]) || ScalarClass.isCloser(scalars[end]) {
            let scalar = scalars[end]
            unspaced = unspaced || ScalarClass.isUnspacedTerminator(scalar)
            switch scalar {
            case ".": periods += 1
            case "…": kind = kind == .period ? .ellipsis : kind
            case "?", "？", "؟", "⁇", "⁈", "⁉": kind = .question
            case "!", "！", "‼": kind = kind == .question ? .question : .exclamation
            default: break
            }
            end += 1
        }
        if periods > 1 && kind == .period { kind = .ellipsis }
        var next = end
        while next < limit, ScalarClass.isWhitespace(scalars[next]) { next += 1 }
        self.clusterEnd = end
        self.nextStart = next
        self.kind = kind
        self.isUnspaced = unspaced
    }
}

/// The word after a terminal mark, past any opening quotes or brackets.
package struct NextWord {
    package private(set) var startsWithOpener = false
    package private(set) var startsUppercase = false
    package private(set) var startsLowercase = false
    package private(set) var startsWithDigit = false
    /// Another terminal mark follows (`. . .`, a spaced ellipsis).
    package private(set) var startsWithTerminator = false
    /// The word's letters and apostrophes (at most 24).
    private var keyScalars: ArraySlice<Unicode.Scalar> = []

    /// The word lowercased (letters and apostrophes), for opener lookups;
    /// made only when asked for, as most boundaries are decided without it.
    package var key: String { lowercasedKey(keyScalars) }

    package init(_ scalars: [Unicode.Scalar], from start: Int, limit: Int) {
        var index = start
        while index < limit, ScalarClass.isOpener(scalars[index]) {
            startsWithOpener = true
            index += 1
        }
        guard index < limit else { return }
        let first = scalars[index]
        startsUppercase = ScalarClass.isUppercase(first)
        startsLowercase = ScalarClass.isLowercase(first)
        startsWithDigit = ScalarClass.isDigit(first)
        startsWithTerminator = ScalarClass.isTerminator(first)
        let keyStart = index
        while index < limit, index - keyStart < 24,
              ScalarClass.isLetter(scalars[index]) || scalars[index] == "'" || scalars[index] == "’"
        {
            index += 1
        }
        keyScalars = scalars[keyStart..<index]
    }
}

/// The token before a terminal mark: from the last whitespace up to the mark,
/// without opening quotes or brackets.
package struct PrecedingWord {
    /// The token lowercased, inner periods kept (`e.g`, `mr`, `3`).
    package private(set) var key = ""
    package private(set) var letterCount = 0
    package private(set) var isAllLowercase = true
    package private(set) var isAtBlockStart = false
    private var firstIsUppercase = false
    private var isAllDigits = true

    package init(_ scalars: [Unicode.Scalar], before end: Int, blockStart: Int) {
        var start = end
        while start > blockStart, !ScalarClass.isWhitespace(scalars[start - 1]), start > end - 64 { start -= 1 }
        while start < end, ScalarClass.isOpener(scalars[start]) { start += 1 }
        for scalar in scalars[start..<end] {
            if ScalarClass.isLetter(scalar) {
                if letterCount == 0 { firstIsUppercase = ScalarClass.isUppercase(scalar) }
                letterCount += 1
                isAllLowercase = isAllLowercase && !ScalarClass.isUppercase(scalar)
            }
            isAllDigits = isAllDigits && ScalarClass.isDigit(scalar)
        }
        key = lowercasedKey(scalars[start..<end])
        isAtBlockStart = PrecedingWord.startsLine(scalars, at: start, blockStart: blockStart)
    }

    private static func startsLine(_ scalars: [Unicode.Scalar], at start: Int, blockStart: Int) -> Bool {
        var index = start
        while index > blockStart, scalars[index - 1] == " " || scalars[index - 1] == "\t" { index -= 1 }
        return index == blockStart || scalars[index - 1] == "\n"
    }

    /// One capital letter: an initial (`J. R. R. Tolkien`).
    package var isInitial: Bool { letterCount == 1 && key.unicodeScalars.count == 1 && firstIsUppercase }

    /// `1`, `12`, `2.1`, `a`, `iv`: a list item's or section's number
    /// before its period.
    package var isListMarker: Bool {
        if isAllDigits { return key.count <= 3 }
        if key.count <= 12, key.first?.isNumber == true, key.allSatisfy({ $0.isNumber || $0 == "." }) { return true }
        if key.count == 1 { return letterCount == 1 }
        return key.count <= 5 && key.allSatisfy { "ivxlc".contains($0) }
    }

    /// Single letters joined by periods: `u.s`, `e.g`, `a.m`.
    package var isDottedAbbreviation: Bool {
        guard hasPeriod else { return false }
        return key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            (1...2).contains($0.count) && $0.allSatisfy(\.isLetter)
        }
    }

    /// The key holds a period.
    private var hasPeriod: Bool { key.containsASCII(".") }

    /// A URL, path or e-mail address, in which periods are not sentence ends.
    package var looksLikeAddress: Bool {
        key.hasPrefix("www") || key.containsASCII("/") || key.containsASCII("@") || key.containsASCII(":")
    }
}

/// `scalars` as a lowercased string, for looking words up in
/// ``Abbreviations``: ASCII is lowercased on the way in, anything else by
/// `String.lowercased()`.
private func lowercasedKey(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    guard scalars.allSatisfy({ $0.isASCII }) else { return String(scalars: scalars).lowercased() }
    return String(unsafeUninitializedCapacity: scalars.count) { buffer in
        for (index, scalar) in zip(buffer.indices, scalars) {
            let byte = UInt8(scalar.value)
            buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        return scalars.count
    }
}
