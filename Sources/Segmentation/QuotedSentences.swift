import TextPrimitives

/// The quotations of a block that a sentence goes on after: `„A. B,“
/// reagoval`, `«A? – спросила мама. – B».`, `"Ei fu. …" (Manzoni).` The
/// sentence ends inside them are not grammatical sentence ends (though the
/// utterances are still cut there, so each quoted sentence is spoken as one).
struct QuotedSentences {
    /// The quotations' insides, from just after the opening mark to the
    /// closing mark.
    private var embedded: [Range<Int>] = []

    init(_ scalars: [Unicode.Scalar], range: Range<Int>) {
        var open: (offset: Int, closer: Unicode.Scalar)?
        for index in range {
            let scalar = scalars[index]
            guard scalar == "\"" || scalar.value >= 0xAB else { continue }  // quotation marks only
            if let current = open, scalar == current.closer {
                if Self.goesOn(after: index, in: scalars, range: range) { embedded.append((current.offset + 1)..<index) }
                open = nil
            } else if open == nil, let closer = Self.closer(of: scalar, at: index, in: scalars, range: range) {
                open = (index, closer)
            }
        }
    }

    /// True when `boundary` falls inside a quotation its sentence goes on
    /// after.
    func keepsWhole(boundary: Int) -> Bool {
        embedded.contains { $0.contains(boundary) }
    }

    /// The closing mark of the quotation `scalar` opens; nil when it opens
    /// none (a straight quote after a letter closes, it does not open).
    private static func closer(of scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar], range: Range<Int>)
        -> Unicode.Scalar?
    {
        switch scalar {
        case "“": return "”"
        case "„": return "“"
        case "«": return "»"
        case "‹": return "›"
        case "\"":
            let afterLetter = index > range.lowerBound && ScalarClass.isLetterOrDigit(scalars[index - 1])
            return afterLetter ? nil : "\""
        default: return nil
        }
    }

    /// What follows the closing mark at `index` continues its sentence: a
    /// lowercase word, a comma or other clause mark, a terminal mark, a
    /// citation in parentheses; or the quotation ended with a comma.
    private static func goesOn(after index: Int, in scalars: [Unicode.Scalar], range: Range<Int>) -> Bool {
        if index > range.lowerBound, [",", ";"].contains(scalars[index - 1]) { return true }
        var next = index + 1
        while next < range.upperBound, ScalarClass.isWhitespace(scalars[next]) || scalars[next] == "\u{2060}" {
            next += 1
        }
        guard next < range.upperBound else { return false }
        let scalar = scalars[next]
        if ScalarClass.isLowercase(scalar) || [",", ";", ":"].contains(scalar) || ScalarClass.isTerminator(scalar) {
            return true
        }
        if scalar == "–" || scalar == "—", next + 2 < range.upperBound { return ScalarClass.isLowercase(scalars[next + 2]) }
        guard scalar == "(" else { return false }
        guard let close = scalars[next..<min(range.upperBound, next + 80)].firstIndex(of: ")") else { return false }
        let inside = scalars[next..<close]
        return !inside.contains(where: ScalarClass.isTerminator) && close + 1 < range.upperBound
            && ScalarClass.isTerminator(scalars[close + 1])
    }
}
