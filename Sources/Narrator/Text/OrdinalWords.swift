/// Ordinal numbers as the engine should read them, per language: digits
/// with a suffix where espeak-ng reads that form (`the 8th`), words where it
/// does not (`segundo`, `der Vierzehnte`, `Первый`).
enum OrdinalWords {
    /// A ruler's number: `the 8th` (en), `14` or `premier` (fr), `segundo`
    /// (es, pt; cardinal above ten), `der Vierzehnte` (de), `de Derde` (nl),
    /// `Первый` (ru); digits elsewhere.
    /// - Parameter period: the numeral carried a period (German `XIV.`),
    ///   which the ordinal replaces.
    static func regnal(_ value: Int, language: String, period: Bool) -> String {
        let keep = period && language != "de" ? "." : ""
        switch language {
        case "en": return "the " + english(value) + keep
        case "fr": return (value == 1 ? "premier" : String(value)) + keep
        case "es": return (spanish[safe: value] ?? String(value)) + keep
        case "pt": return (portuguese[safe: value] ?? String(value)) + keep
        case "de": return german[safe: value].map { "der " + $0 } ?? "der " + String(value) + "."
        case "nl": return (dutch[safe: value].map { "de " + $0 } ?? String(value)) + keep
        case "ru": return (russian[safe: value] ?? String(value)) + keep
        default: return String(value) + keep
        }
    }

    /// A century's number, before the word for century.
    static func century(_ value: Int, language: String) -> String {
        switch language {
        case "en": return english(value)
        case "fr": return french(value, feminine: false)
        case "de": return german[safe: value].map { $0.lowercased() + "s" } ?? String(value) + "."
        case "ru": return russian[safe: value].map { $0.lowercased() } ?? String(value)
        default: return String(value)
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`: espeak-ng reads these.
    static func english(_ value: Int) -> String {
        let suffix = switch (value % 10, value % 100) {
        case (1, let tens) where tens != 11: "st"
        case (2, let tens) where tens != 12: "nd"
        case (3, let tens) where tens != 13: "rd"
        default: "th"
        }
        return String(value) + suffix
    }

    /// French ordinals in words up to 30 (espeak-ng reads `19e` as "dix-neuf
    /// e"), digits and `ième` beyond.
    static func french(_ value: Int, feminine: Bool) -> String {
        if value == 1 { return feminine ? "première" : "premier" }
        return frenchWords[safe: value] ?? String(value) + "ième"
    }

    private static let frenchWords = [
        "", "premier", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième",
        "neuvième", "dixième", "onzième", "douzième", "treizième", "quatorzième", "quinzième", "seizième",
        "dix-septième", "dix-huitième", "dix-neuvième", "vingtième", "vingt et unième", "vingt-deuxième",
        "vingt-troisième", "vingt-quatrième", "vingt-cinquième", "vingt-sixième", "vingt-septième", "vingt-huitième",
        "vingt-neuvième", "trentième",
    ]
    private static let spanish = [
        "", "primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo",
    ]
    private static let portuguese = [
        "", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "sétimo", "oitavo", "nono", "décimo",
    ]
    private static let german = [
        "", "Erste", "Zweite", "Dritte", "Vierte", "Fünfte", "Sechste", "Siebte", "Achte", "Neunte", "Zehnte", "Elfte",
        "Zwölfte", "Dreizehnte", "Vierzehnte", "Fünfzehnte", "Sechzehnte", "Siebzehnte", "Achtzehnte", "Neunzehnte",
        "Zwanzigste", "Einundzwanzigste", "Zweiundzwanzigste", "Dreiundzwanzigste", "Vierundzwanzigste",
        "Fünfundzwanzigste", "Sechsundzwanzigste", "Siebenundzwanzigste", "Achtundzwanzigste", "Neunundzwanzigste",
        "Dreißigste", "Einunddreißigste",
    ]

    /// A German date's day after `am`, `vom`, `zum`…: `dritten` (dative).
    static func germanDay(_ value: Int) -> String? {
        german[safe: value].map { $0.lowercased() + "n" }
    }
    private static let dutch = [
        "", "Eerste", "Tweede", "Derde", "Vierde", "Vijfde", "Zesde", "Zevende", "Achtste", "Negende", "Tiende",
        "Elfde", "Twaalfde", "Dertiende", "Veertiende", "Vijftiende", "Zestiende", "Zeventiende", "Achttiende",
        "Negentiende", "Twintigste",
    ]
    private static let russian = [
        "", "Первый", "Второй", "Третий", "Четвёртый", "Пятый", "Шестой", "Седьмой", "Восьмой", "Девятый",
        "Десятый", "Одиннадцатый", "Двенадцатый", "Тринадцатый", "Четырнадцатый", "Пятнадцатый", "Шестнадцатый",
        "Семнадцатый", "Восемнадцатый", "Девятнадцатый", "Двадцатый", "Двадцать первый",
    ]
}

extension Array {
    /// The element at `index`, or nil outside the array (index 0 is never
    /// a number's word).
    fileprivate subscript(safe index: Int) -> Element? { index > 0 && index < count ? self[index] : nil }
}
