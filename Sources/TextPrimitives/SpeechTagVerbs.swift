/// Verbs of saying that French and Italian put before a noun subject in a
/// speech tag set inside the speech: `— Oui, dit Marie.`, `« Non, répondit
/// le vieillard, jamais. »`, `«Sì, disse il padrone.»`. (A pronoun subject
/// is joined by a hyphen, `dit-il`: ``QuotationDepth``.)
package enum SpeechTagVerbs {
    /// The third person of the past (and, for the commonest, the present)
    /// of verbs of saying, in small letters; `s'` stands for `s’` too.
    static let verbs: [[Unicode.Scalar]] = [
        // French
        "dit", "répondit", "demanda", "reprit", "ajouta", "s'écria", "s'exclama", "murmura", "cria", "répliqua",
        "continua", "poursuivit", "expliqua", "déclara", "lança", "souffla", "chuchota", "interrompit", "observa",
        "remarqua", "protesta", "insista", "conclut", "hurla", "grogna", "soupira", "répéta", "rétorqua", "gémit",
        "balbutia", "bredouilla", "annonça", "proposa", "avoua", "objecta", "s'enquit", "questionna", "ordonna",
        "répond", "demande", "reprend", "ajoute", "s'écrie", "murmure", "crie", "continue", "lance", "souffle",
        "explique", "déclare",
        // Italian
        "disse", "rispose", "chiese", "domandò", "esclamò", "gridò", "sussurrò", "mormorò", "riprese", "aggiunse",
        "continuò", "replicò", "urlò", "spiegò", "osservò", "dice", "risponde", "chiede",
    ].map { Array($0.unicodeScalars) }

    /// Words that open a noun subject after such a verb: French and Italian
    /// articles and possessives (`dit le vieil homme`, `disse sua madre`).
    static let determiners: [[Unicode.Scalar]] = [
        "le", "la", "les", "l'", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "notre", "votre", "leur", "un",
        "une", "ce", "cet", "cette", "il", "lo", "i", "gli", "uno", "una", "suo", "sua", "mio", "mia", "tuo", "tua",
    ].map { Array($0.unicodeScalars) }

    /// Whether the word in small letters at `start` (`s’` elided before it
    /// read with it) is such a verb followed by a space and its subject: a
    /// word with a capital (`d’Artagnan` too), or a determiner (`l’` elided
    /// included). Words are looked up among those of their length only:
    /// after a comma inside English speech (`“Yes, she said…`) most words
    /// are ruled out at once.
    package static func saysBeforeItsSubject(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> Bool {
        guard let end = wordEnd(in: scalars, at: start), isListed(scalars, start..<end, in: verbsByLength),
            end < scalars.count, scalars[end] == " ", end + 1 < scalars.count
        else { return false }
        return hasSubject(scalars, at: end + 1)
    }

    /// `words` grouped by their number of scalars.
    private static func byLength(_ words: [[Unicode.Scalar]]) -> [[[Unicode.Scalar]]] {
        var groups = [[[Unicode.Scalar]]](repeating: [], count: (words.map(\.count).max() ?? 0) + 1)
        for word in words { groups[word.count].append(word) }
        return groups
    }

    private static let verbsByLength = byLength(verbs)
    private static let determinersByLength = byLength(determiners)

    /// Whether the text of `range` is one of the words in `groups` (’ read as ').
    private static func isListed(
        _ scalars: UnsafeBufferPointer<Unicode.Scalar>, _ range: Range<Int>, in groups: [[[Unicode.Scalar]]]
    ) -> Bool {
        guard range.count < groups.count else { return false }
        return groups[range.count].contains { matches($0, scalars, range) }
    }

    /// A capitalised word, a `d’` name or a determiner and a space at `start`.
    private static func hasSubject(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> Bool {
        if ScalarClass.isUppercase(scalars[start]) { return true }
        if start + 2 < scalars.count, scalars[start] == "d", isApostrophe(scalars[start + 1]),
            ScalarClass.isUppercase(scalars[start + 2])
        {
            return true  // a name with an elided particle: `reprit d’Artagnan`
        }
        guard let end = wordEnd(in: scalars, at: start), isListed(scalars, start..<end, in: determinersByLength)
        else { return false }
        return isApostrophe(scalars[end - 1]) || (end < scalars.count && scalars[end] == " ")
    }

    /// The end of the word in small letters at `start`, an elided `s’` or
    /// `l’` read with it (`l’` alone ends there); nil when none starts
    /// there, or it runs on into a capital or digit.
    private static func wordEnd(in scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> Int? {
        var index = start
        while index < scalars.count, index - start < 24 {
            let scalar = scalars[index]
            if isApostrophe(scalar), index == start + 1, scalars[start] == "s" || scalars[start] == "l" {
                if scalars[start] == "l" { return index + 1 }
            } else if !ScalarClass.isLowercase(scalar) {
                break
            }
            index += 1
        }
        guard index > start, index == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index]) else { return nil }
        return index
    }

    /// `word` is the text of `range`, ’ read as '.
    private static func matches(
        _ word: [Unicode.Scalar], _ scalars: UnsafeBufferPointer<Unicode.Scalar>, _ range: Range<Int>
    ) -> Bool {
        guard word.count == range.count, word.first == scalars[range.lowerBound] else { return false }
        return zip(word, scalars[range]).allSatisfy { $0 == $1 || ($0 == "'" && $1 == "’") }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "’"
    }
}
