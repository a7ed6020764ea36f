/// Per-language knowledge the sentence splitter uses: abbreviations by how
/// they behave before the next word, and the words that commonly open a
/// sentence (to decide after an abbreviation that can also end one).
///
/// Abbreviations are stored lowercased, without their final period, inner
/// periods kept (`e.g`, `z.b`).
package struct Abbreviations: Sendable {
    /// Titles and name prefixes: never end a sentence (`Mr. Smith`, `Dr. No`).
    package let titles: Set<String>
    /// Abbreviations before a number: no break when a digit follows (`No. 5`).
    package let numberPrefixes: Set<String>
    /// Abbreviations that practically never end a sentence (`e.g.`, `vs.`).
    package let inner: Set<String>
    /// Abbreviations that may end a sentence (`etc.`, `a.m.`, `Jr.`): a break
    /// only when a common sentence opener follows.
    package let terminal: Set<String>
    /// Lowercased words that often open a sentence.
    package let sentenceOpeners: Set<String>
    /// Lowercased question words that make a wh-question.
    package let questionWords: Set<String>

    /// Word endings that make an abbreviation before a number (German street
    /// names: `Hauptstr. 5`).
    package let numberPrefixEndings: [String]

    /// Which of ``titles``, ``inner`` and ``terminal`` hold a key: one lookup
    /// for the word before each period instead of three.
    private let kinds: [String: Kinds]

    package struct Kinds: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let title = Kinds(rawValue: 1)
        package static let inner = Kinds(rawValue: 2)
        package static let terminal = Kinds(rawValue: 4)
    }

    package init(
        titles: Set<String>, numberPrefixes: Set<String>, inner: Set<String>, terminal: Set<String>,
        sentenceOpeners: Set<String>, questionWords: Set<String>, numberPrefixEndings: [String] = []
    ) {
        (self.titles, self.numberPrefixes, self.inner, self.terminal) = (titles, numberPrefixes, inner, terminal)
        (self.sentenceOpeners, self.questionWords) = (sentenceOpeners, questionWords)
        self.numberPrefixEndings = numberPrefixEndings
        var kinds: [String: Kinds] = [:]
        for (keys, kind) in [(titles, Kinds.title), (inner, .inner), (terminal, .terminal)] {
            for key in keys { kinds[key, default: []].insert(kind) }
        }
        self.kinds = kinds
    }

    /// The lists among ``titles``, ``inner`` and ``terminal`` that hold `key`.
    package func kinds(of key: String) -> Kinds {
        kinds[key] ?? []
    }

    /// True when `key` abbreviates something a number follows.
    package func isNumberPrefix(_ key: String) -> Bool {
        numberPrefixes.contains(key) || numberPrefixEndings.contains { key.hasSuffix($0) }
    }

    /// The lists for a BCP 47 tag (`en`, `de-AT`, `fr`, `es-MX`); English for
    /// nil or an unknown language. Titles and number prefixes of all four
    /// languages always apply: they are rarely anything else.
    package static func forLanguage(_ tag: String?) -> Abbreviations {
        let code = tag.map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) } ?? "en"
        switch code {
        case "de": return german
        case "fr": return french
        case "es": return spanish
        default: return english
        }
    }

    package static let english = Abbreviations(
        titles: commonTitles,
        numberPrefixes: commonNumberPrefixes,
        inner: ["e.g", "i.e", "vs", "cf", "viz", "approx", "ca", "esp", "incl", "dept", "est", "fig", "figs"],
        terminal: ["etc", "a.m", "p.m", "jr", "sr", "inc", "ltd", "co", "corp", "bros", "u.s", "u.k", "u.s.a", "e.u",
                   "ph.d", "b.a", "m.a", "esq", "hrs", "ft", "lb", "lbs", "oz"],
        sentenceOpeners: ["the", "a", "an", "he", "she", "it", "i", "we", "they", "you", "this", "that", "these",
                          "those", "there", "but", "and", "so", "then", "in", "on", "at", "his", "her", "my", "our",
                          "their", "its", "what", "when", "where", "why", "how", "who", "if", "as", "after",
                          "before", "yet", "still", "however", "now", "one", "some", "all", "no", "not"],
        questionWords: ["what", "who", "whom", "whose", "which", "when", "where", "why", "how"])

    package static let german = Abbreviations(
        titles: commonTitles,
        numberPrefixes: commonNumberPrefixes,
        inner: ["z.b", "d.h", "u.a", "o.ä", "bzw", "vgl", "ca", "evtl", "ggf", "inkl", "sog", "u.u", "z.t", "s.o",
                "s.u", "i.d.r", "allg", "bspw", "zzgl", "abs"],
        terminal: ["usw", "etc", "u.ä", "str", "jh", "jhd", "m.e", "o.g", "ff", "gmbh"],
        sentenceOpeners: ["der", "die", "das", "ich", "er", "sie", "es", "wir", "ihr", "aber", "und", "dann",
                          "ein", "eine", "im", "in", "am", "als", "auch", "so", "da", "doch", "nun", "wenn",
                          "dies", "diese", "dieser", "man"],
        questionWords: ["was", "wer", "wen", "wem", "wessen", "welche", "welcher", "welches", "wann", "wo",
                        "warum", "wie", "woher", "wohin", "weshalb", "wieso", "womit"],
        numberPrefixEndings: ["str"])

    package static let french = Abbreviations(
        titles: commonTitles,
        numberPrefixes: commonNumberPrefixes,
        inner: ["c.-à-d", "c.à.d", "cf", "ex", "env", "càd", "vs"],
        terminal: ["etc", "av", "apr", "j.-c", "hab"],
        sentenceOpeners: ["le", "la", "les", "il", "elle", "ils", "elles", "je", "nous", "vous", "on", "mais",
                          "et", "puis", "un", "une", "ce", "cette", "ces", "dans", "en", "si", "quand", "alors",
                          "c'est", "cela", "ainsi", "pour"],
        questionWords: ["que", "qui", "quoi", "quel", "quelle", "quels", "quelles", "quand", "où", "pourquoi",
                        "comment", "combien", "qu'est-ce", "lequel", "laquelle"])

    package static let spanish = Abbreviations(
        titles: commonTitles,
        numberPrefixes: commonNumberPrefixes,
        inner: ["p.ej", "vs", "aprox", "cf", "ej", "vid"],
        terminal: ["etc", "a.c", "d.c", "s.a", "s.l", "cía"],
        sentenceOpeners: ["el", "la", "los", "las", "él", "ella", "ellos", "ellas", "yo", "nosotros", "pero",
                          "y", "luego", "un", "una", "en", "este", "esta", "eso", "esto", "si", "cuando",
                          "entonces", "no", "se", "lo"],
        questionWords: ["qué", "quién", "quiénes", "cuál", "cuáles", "cuándo", "dónde", "adónde", "cómo",
                        "cuánto", "cuánta", "cuántos", "cuántas", "por"])

    /// Titles in English, German, French and Spanish.
    package static let commonTitles: Set<String> = [
        "mr", "mrs", "ms", "messrs", "mme", "mlle", "mm", "dr", "drs", "prof", "st", "ste", "rev", "hon", "gen",
        "col", "capt", "lt", "sgt", "cpl", "maj", "adm", "gov", "sen", "rep", "pres", "fr", "sr", "sra", "srta",
        "srs", "dña", "hrn", "frl", "dipl", "mgr",
    ]

    /// Abbreviations that stand before a number in the four languages.
    package static let commonNumberPrefixes: Set<String> = [
        "no", "nos", "nr", "n°", "núm", "num", "vol", "vols", "p", "pp", "ch", "chap", "art", "sec", "fig", "s",
        "bd", "tel", "tél", "op", "ed", "ca", "nº",
    ]
}
