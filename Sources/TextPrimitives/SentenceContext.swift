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
