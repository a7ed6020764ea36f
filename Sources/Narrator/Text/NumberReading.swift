import TextPrimitives

/// Numbers and number abbreviations where espeak-ng reads them wrongly:
/// `No. 5` (it says "no five"), `p. 12` ("pee twelve"), years in English
/// (`in 1984`: "nineteen eighty-four", not "nineteen hundred and…"),
/// decades (`the 1850s`), fractions (`3/4` is not "three slash four"),
/// a euro sign before its amount, and the number abbreviations of French,
/// German, Spanish, Portuguese and Italian (`n°`, `Nr.`, `S.`, `z. B.`,
/// `pág.`), and French ordinal suffixes (`2e`, `1re`).
enum NumberReading {
    static func rewrite(token index: Int, in context: SpokenContext) -> Rewrite? {
        let token = context.tokens[index]
        if let word = abbreviationWords[context.language]?[token.text], !word.needsNumber || context.numberFollows(index) {
            return Rewrite(range: token.core, text: word.text)
        }
        if let word = spacedAbbreviation(index, in: context) { return Rewrite(range: token.core, text: word) }
        if let day = germanDay(index, in: context) { return day }
        if context.language == "en", let span = englishYearSpan(token) { return span }
        if let year = year(index, in: context) { return year }
        if let fraction = fraction(token, language: context.language) { return fraction }
        if context.language == "fr", let ordinal = frenchOrdinal(token) { return ordinal }
        return euroAmount(token)
    }

    /// `€20` → `20 €` (espeak-ng says "euros twenty" for the first).
    private static func euroAmount(_ token: SpokenToken) -> Rewrite? {
        guard token.text.hasPrefix("€") else { return nil }
        var amount = token.text.dropFirst().prefix { $0.isASCIIDigitCharacter || $0 == "." || $0 == "," }
        while let last = amount.last, !last.isASCIIDigitCharacter { amount = amount.dropLast() }
        guard !amount.isEmpty else { return nil }
        let start = token.core.lowerBound
        return Rewrite(range: start..<(start + 1 + amount.count), text: amount + " €")
    }

    /// How an abbreviation is said, and whether only before a number.
    struct Word {
        var text: String
        var needsNumber = true
    }

    static let abbreviationWords: [String: [String: Word]] = [
        "en": ["No.": Word(text: "number"), "no.": Word(text: "number"), "Nos.": Word(text: "numbers"),
               "p.": Word(text: "page"), "pp.": Word(text: "pages")],
        "fr": ["n°": Word(text: "numéro"), "N°": Word(text: "numéro"), "no": Word(text: "numéro"),
               "p.": Word(text: "page"), "pp.": Word(text: "pages")],
        "de": ["Nr.": Word(text: "Nummer"), "S.": Word(text: "Seite"), "z.B.": Word(text: "zum Beispiel", needsNumber: false),
               "d.h.": Word(text: "das heißt", needsNumber: false), "u.a.": Word(text: "unter anderem", needsNumber: false),
               "usw.": Word(text: "und so weiter", needsNumber: false), "bzw.": Word(text: "beziehungsweise", needsNumber: false)],
        "es": ["n.º": Word(text: "número"), "nº": Word(text: "número"), "Nº": Word(text: "número"),
               "núm.": Word(text: "número"), "pág.": Word(text: "página"), "págs.": Word(text: "páginas")],
        "pt": ["n.º": Word(text: "número"), "nº": Word(text: "número"), "pág.": Word(text: "página")],
        "it": ["n.": Word(text: "numero"), "pag.": Word(text: "pagina"), "pagg.": Word(text: "pagine")],
    ]

    /// `am 3. Mai` → `am dritten Mai`: a German day after a dative
    /// preposition, before a month (espeak-ng says "drei").
    private static func germanDay(_ index: Int, in context: SpokenContext) -> Rewrite? {
        guard context.language == "de", index > 0, index + 1 < context.tokens.count else { return nil }
        let token = context.tokens[index]
        guard token.text.hasSuffix("."), let value = Int(token.text.dropLast()), let day = OrdinalWords.germanDay(value),
            ["am", "vom", "zum", "seit", "bis", "ab"].contains(context.tokens[index - 1].key),
            germanMonths.contains(String(context.tokens[index + 1].bare).lowercased())
        else { return nil }
        return Rewrite(range: token.core, text: day)
    }

    private static let germanMonths: Set<String> = [
        "januar", "jänner", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober",
        "november", "dezember",
    ]

    /// German abbreviations written in two halves (`z. B.`, `d. h.`, `u. a.`):
    /// each half's word, when the other half is beside it.
    private static func spacedAbbreviation(_ index: Int, in context: SpokenContext) -> String? {
        guard context.language == "de" else { return nil }
        let tokens = context.tokens
        for (pair, words) in spacedGerman {
            if tokens[index].text == pair.first, index + 1 < tokens.count, tokens[index + 1].text == pair.second {
                return words.0
            }
            if tokens[index].text == pair.second, index > 0, tokens[index - 1].text == pair.first { return words.1 }
        }
        return nil
    }

    private static let spacedGerman: [Pair: (String, String)] = [
        Pair("z.", "B."): ("zum", "Beispiel"), Pair("d.", "h."): ("das", "heißt"), Pair("u.", "a."): ("unter", "anderem"),
        Pair("z.", "T."): ("zum", "Teil"), Pair("u.", "U."): ("unter", "Umständen"),
    ]

    /// Two strings, as a dictionary key.
    struct Pair: Hashable {
        var first: String
        var second: String
        init(_ first: String, _ second: String) { (self.first, self.second) = (first, second) }
    }

    /// A year said the way it is spoken: English `in 1984` → `19 84`,
    /// `1905` → `19 oh 5`, `1900` → `19 hundred`, `the 1850s` → `18 fifties`;
    /// German `im Jahr 1984` → `19hundert84`. Only after a word that
    /// introduces a year (or before AD/BC), and only from 1100 to 1999
    /// (English also 2010–2099).
    private static func year(_ index: Int, in context: SpokenContext) -> Rewrite? {
        let token = context.tokens[index]
        let digits = token.text.prefix { $0.isASCIIDigitCharacter }
        let rest = token.text.dropFirst(digits.count)
        let isDecade = context.language == "en" && rest.first == "s" && !(rest.dropFirst().first?.isLetter ?? false)
        let startsSpan = (rest.first == "-" || rest.first == "\u{2013}") && rest.dropFirst().first?.isNumber == true
        guard digits.count == 4, !startsSpan, isDecade || !(rest.first.map { $0.isLetter || $0.isNumber } ?? false),
            let value = Int(digits)
        else { return nil }
        let range = token.core.lowerBound..<(token.core.lowerBound + 4 + (isDecade ? 1 : 0))
        switch context.language {
        case "en":
            guard (1100...1999).contains(value) || (2010...2099).contains(value) else { return nil }
            if isDecade { return decade(value, range: range) }
            guard introducesYear(index, in: context, words: englishYearWords) else { return nil }
            return Rewrite(range: range, text: englishYear(value))
        case "de":
            guard (1100...1999).contains(value), introducesYear(index, in: context, words: germanYearWords) else { return nil }
            return Rewrite(range: range, text: "\(value / 100)hundert" + (value % 100 == 0 ? "" : String(value % 100)))
        default:
            return nil
        }
    }

    /// `1834-1902`, `1914–18`: a span of English years, said as years
    /// with "to" for the dash (`18 34 to 19 oh 2`; `2006-2015` → `2006 to
    /// 20 15`). The second year must follow the first by at most 150 years.
    private static func englishYearSpan(_ token: SpokenToken) -> Rewrite? {
        let scalars = Array(token.text.unicodeScalars)
        guard scalars.count == 9 || scalars.count == 7, scalars[4] == "-" || scalars[4] == "\u{2013}",
            let first = Int(String(String.UnicodeScalarView(scalars[0..<4]))),
            let tail = Int(String(String.UnicodeScalarView(scalars[5...]))),
            scalars.allSatisfy({ $0 == scalars[4] || ScalarClass.isDigit($0) && $0.isASCII })
        else { return nil }
        let second = scalars.count == 9 ? tail : first / 100 * 100 + tail
        guard (1100...2099).contains(first), second > first, second - first <= 150 else { return nil }
        return Rewrite(range: token.core, text: englishSpanYear(first) + " to " + englishSpanYear(second))
    }

    /// A year of a span as a year (1100–1999, 2010–2099), else as written
    /// (espeak-ng's "two thousand and six").
    private static func englishSpanYear(_ value: Int) -> String {
        (1100...1999).contains(value) || (2010...2099).contains(value) ? englishYear(value) : String(value)
    }

    private static func introducesYear(_ index: Int, in context: SpokenContext, words: Set<String>) -> Bool {
        if let previous = context.previousKey(index), words.contains(previous) { return true }
        guard index + 1 < context.tokens.count else { return false }
        return ["ad", "bc", "a.d", "b.c", "bce", "ce", "n.", "v."].contains(String(context.tokens[index + 1].bare).lowercased())
    }

    private static func englishYear(_ value: Int) -> String {
        let (century, rest) = (value / 100, value % 100)
        if rest == 0 { return "\(century) hundred" }
        return rest < 10 ? "\(century) oh \(rest)" : "\(century) \(rest)"
    }

    private static func decade(_ value: Int, range: Range<Int>) -> Rewrite? {
        let (century, tens) = (value / 100, value % 100)
        guard tens % 10 == 0 else { return nil }
        let words = ["hundreds", "tens", "twenties", "thirties", "forties", "fifties", "sixties", "seventies",
                     "eighties", "nineties"]
        return Rewrite(range: range, text: "\(century) \(words[tens / 10])")
    }

    static let englishYearWords: Set<String> = [
        "in", "of", "since", "until", "till", "by", "from", "to", "during", "year", "circa", "c", "around", "before",
        "after", "early", "late", "mid", "summer", "winter", "spring", "autumn", "fall", "january", "february",
        "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "jan",
        "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "between", "and", "or",
    ]

    static let germanYearWords: Set<String> = [
        "im", "jahr", "jahre", "jahres", "seit", "bis", "von", "um", "ab", "anno", "januar", "februar", "märz",
        "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember", "und",
    ]

    /// `3/4` → `3 quarters` (English), `1/2` → `1 half`; other languages
    /// get their word for the denominator when they have one.
    private static func fraction(_ token: SpokenToken, language: String) -> Rewrite? {
        let parts = token.text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigitCharacter) && $0.count <= 2 }), numerator >= 1,
            numerator < denominator, (2...10).contains(denominator), let names = fractionNames[language]
        else { return nil }
        let name = numerator == 1 ? names.singular[denominator] : names.plural[denominator]
        return Rewrite(range: token.core, text: "\(numerator) \(name)")
    }

    private static let fractionNames: [String: (singular: [String], plural: [String])] = [
        "en": (["", "", "half", "third", "quarter", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"],
               ["", "", "halves", "thirds", "quarters", "fifths", "sixths", "sevenths", "eighths", "ninths", "tenths"]),
        "fr": (["", "", "demi", "tiers", "quart", "cinquième", "sixième", "septième", "huitième", "neuvième", "dixième"],
               ["", "", "demis", "tiers", "quarts", "cinquièmes", "sixièmes", "septièmes", "huitièmes", "neuvièmes", "dixièmes"]),
        "de": (["", "", "halb", "Drittel", "Viertel", "Fünftel", "Sechstel", "Siebtel", "Achtel", "Neuntel", "Zehntel"],
               ["", "", "halbe", "Drittel", "Viertel", "Fünftel", "Sechstel", "Siebtel", "Achtel", "Neuntel", "Zehntel"]),
        "es": (["", "", "medio", "tercio", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo"],
               ["", "", "medios", "tercios", "cuartos", "quintos", "sextos", "séptimos", "octavos", "novenos", "décimos"]),
    ]

    /// `2e`, `2ème`, `1re`, `19e` → ordinal words (espeak-ng reads `1er`).
    private static func frenchOrdinal(_ token: SpokenToken) -> Rewrite? {
        for suffix in ["ème", "e", "re"] where token.text.hasSuffix(suffix) {
            let digits = token.text.dropLast(suffix.count)
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isASCIIDigitCharacter), let value = Int(digits),
                value >= 1, suffix != "re" || value == 1
            else { continue }
            return Rewrite(range: token.core, text: OrdinalWords.french(value, feminine: suffix == "re"))
        }
        return nil
    }
}

extension Character {
    /// `0`…`9`.
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
