/// Verbs of saying that French and Italian put before a noun subject in a
/// speech tag set inside the speech: `— Oui, dit Marie.`, `« Non, répondit
/// le vieillard, jamais. »`, `«Sì, disse il padrone.»`. (A pronoun subject
/// is joined by a hyphen, `dit-il`: ``QuotationDepth``.)
package enum SpeechTagVerbs {
    /// The third person of the past (and, for the commonest, the present)
    /// of verbs of saying, in small letters; `s'` stands for `s’` too.
    static let verbs: Set<String> = [
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
    ]

    /// Words that open a noun subject after such a verb: French and Italian
    /// articles and possessives (`dit le vieil homme`, `disse sua madre`).
    static let determiners: Set<String> = [
        "le", "la", "les", "l'", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "notre", "votre", "leur", "un",
        "une", "ce", "cet", "cette", "il", "lo", "i", "gli", "uno", "una", "suo", "sua", "mio", "mia", "tuo", "tua",
    ]

    /// Whether the word in small letters at `start` (`s’` elided before it
    /// read with it) is such a verb followed by a space and its subject: a
    /// word with a capital (`d’Artagnan` too), or a determiner (`l’` elided
    /// included).
    package static func saysBeforeItsSubject(_ scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> Bool {
        guard let (verb, end) = word(in: scalars, at: start), verbs.contains(verb),
            end < scalars.count, scalars[end] == " ", end + 1 < scalars.count
        else { return false }
        if ScalarClass.isUppercase(scalars[end + 1]) { return true }
        // A name with an elided particle: `reprit d’Artagnan`.
        if end + 3 < scalars.count, scalars[end + 1] == "d", scalars[end + 2] == "’" || scalars[end + 2] == "'",
            ScalarClass.isUppercase(scalars[end + 3])
        {
            return true
        }
        guard let (subject, after) = word(in: scalars, at: end + 1), determiners.contains(subject) else { return false }
        return subject.hasSuffix("'") || (after < scalars.count && scalars[after] == " ")
    }

    /// The word in small letters at `start`, with an elided `s’` or `l’`
    /// written `s'` (`l'` alone when nothing follows the mark), and the
    /// offset after it; nil when none starts there.
    private static func word(in scalars: UnsafeBufferPointer<Unicode.Scalar>, at start: Int) -> (String, Int)? {
        var index = start
        var word = String.UnicodeScalarView()
        while index < scalars.count, index - start < 24 {
            let scalar = scalars[index]
            if ScalarClass.isLowercase(scalar) {
                word.append(scalar)
            } else if scalar == "'" || scalar == "’", word.count == 1, word.first == "s" || word.first == "l" {
                word.append("'")
                if word.first == "l" { return (String(word), index + 1) }
            } else {
                break
            }
            index += 1
        }
        guard !word.isEmpty, index == scalars.count || !ScalarClass.isLetterOrDigit(scalars[index]) else { return nil }
        return (String(word), index)
    }
}
