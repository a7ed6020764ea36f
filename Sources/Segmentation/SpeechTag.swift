import TextPrimitives

/// A speech tag after a quoted question or exclamation: `“Where?” Holmes
/// asked.`, `“Stop!” Mr. Hall cried.` The quotation and the tag are one
/// sentence, as a narrator reads them.
enum SpeechTag {
    /// True when `mark` closes a quotation and the words after it are one
    /// to three capitalised names (titles with their periods allowed, or
    /// the pronoun `I`) followed by a speech verb. A capitalised word that
    /// opens sentences (`She said the last words…`) starts a new one.
    static func follows(
        _ mark: TerminalMark, next: NextWord, in scalars: [Unicode.Scalar], limit: Int, lists: Abbreviations
    ) -> Bool {
        let verbs = lists.speechVerbs
        guard !verbs.isEmpty, closesQuotation(mark, in: scalars), next.startsUppercase, !next.startsWithOpener else {
            return false
        }
        let first = next.key
        if first != "i", lists.sentenceOpeners.contains(first) { return false }
        var word = next
        for _ in 0..<4 {
            if verbs.contains(word.key) { return word.startsLowercase }
            guard word.startsUppercase else { return false }
            var after = word.end
            if after < limit, scalars[after] == ".", lists.titles.contains(word.key) { after += 1 }
            guard after < limit, scalars[after] == " " else { return false }
            word = NextWord(scalars, from: after + 1, limit: limit)
            guard !word.startsWithOpener, word.end > word.start else { return false }
        }
        return false
    }

    /// The mark's cluster ends with a closing quotation mark.
    static func closesQuotation(_ mark: TerminalMark, in scalars: [Unicode.Scalar]) -> Bool {
        var index = mark.clusterEnd - 1
        while index > mark.start, scalars[index] == "\u{2060}" { index -= 1 }
        switch scalars[index] {
        case "\"", "”", "’", "»", "›", "“", "'": return true
        default: return false
        }
    }
}

/// A citation after a quotation, before the sentence's own period:
/// `"… stairways [...]" (Smith 55).`, `"Ei fu. …" (Manzoni).`
enum CitationAfterQuotation {
    /// True when the word after `mark` opens a parenthesis that closes,
    /// with no terminal mark inside, just before a terminal mark.
    static func follows(_ mark: TerminalMark, in context: SentenceSplitter.Context) -> Bool {
        let scalars = context.scalars
        guard scalars[mark.nextStart] == "(", SpeechTag.closesQuotation(mark, in: scalars) else { return false }
        var index = mark.nextStart + 1
        while index < min(context.range.upperBound, mark.nextStart + 80) {
            let scalar = scalars[index]
            if scalar == ")" {
                return index + 1 < context.range.upperBound && ScalarClass.isTerminator(scalars[index + 1])
            }
            if ScalarClass.isTerminator(scalar) || scalar == "(" { return false }
            index += 1
        }
        return false
    }
}

/// Chinese book-title marks 《…》: a `！` or `？` inside a title is no
/// sentence end (`看《摔跤吧！爸爸》好吗？`).
enum TitleMarks {
    /// True when a `《` opened since the sentence start is still open at
    /// `offset`.
    static func encloses(_ offset: Int, in context: SentenceSplitter.Context) -> Bool {
        var depth = 0
        for scalar in context.scalars[context.sentenceStart..<offset] {
            if scalar == "《" || scalar == "〈" { depth += 1 }
            if scalar == "》" || scalar == "〉", depth > 0 { depth -= 1 }
        }
        return depth > 0
    }
}
