import TextPrimitives

/// Roman numerals said as numbers where they are numbers: a heading that is
/// only a numeral, after a chapter word (`CHAPTER XXVIII`, `BOOK IV`), at a
/// heading's start (`XI. Who Stole the Tarts?`), after a ruler's name
/// (`Henry VIII` → `Henry the 8th`, `Louis XIV` → `Louis 14`, `Felipe II`
/// → `Felipe segundo`), before a century word (`XIX century`, `XIXe
/// siècle`), after another capitalised word (`World War II`). Never the
/// pronoun `I` outside those places, nor words that look like numerals
/// (`MIX`, `CIVIL`, `DID` are not well-formed or not in a numeral's place).
/// Italian is left to espeak-ng, which reads numerals as Italians do.
enum RomanNumeralReading {
    static func rewrite(token index: Int, in context: SpokenContext) -> Rewrite? {
        guard context.language != "it" else { return nil }
        let token = context.tokens[index]
        if let french = frenchOrdinal(token, in: context) { return french }
        let letters = token.bare
        guard !letters.isEmpty, letters.allSatisfy({ "IVXLCDM".contains($0) }), let value = RomanNumeral.value(of: letters)
        else { return nil }
        let range = token.core.lowerBound..<(token.core.lowerBound + letters.count)
        // The word before, when nothing stands between it and the numeral
        // (`Mary, I know` is no queen).
        let previousWord = index > 0 ? context.tokens[index - 1] : nil
        let adjacent = previousWord.flatMap { $0.range.upperBound == $0.core.upperBound ? $0 : nil }
        let afterChapterWord = adjacent.map { word in
            chapterWords.contains(String(word.bare).lowercased()) && (letters != "I" || word.text.first?.isUppercase == true)
        } ?? false
        if context.isAlone(index) || afterChapterWord || opensHeading(index, in: context) {
            return Rewrite(range: range, text: String(value))
        }
        if let adjacent, regnalNames.contains(String(adjacent.bare)) {
            return Rewrite(range: token.core, text: OrdinalWords.regnal(value, language: context.language, period: token.text.hasSuffix(".")))
        }
        if index + 1 < context.tokens.count, centuryWords.contains(String(context.tokens[index + 1].bare).lowercased()) {
            return Rewrite(range: range, text: OrdinalWords.century(value, language: context.language))
        }
        guard letters.count >= 2, value <= 100, let adjacent, adjacent.text.first?.isUppercase == true,
            adjacent.text.contains(where: \.isLowercase)
        else { return nil }
        return Rewrite(range: range, text: String(value))
    }

    /// `XI. Who…`: a numeral with its period opening the group, a
    /// capitalised word after it.
    private static func opensHeading(_ index: Int, in context: SpokenContext) -> Bool {
        index == 0 && context.tokens[0].text.hasSuffix(".") && context.tokens.count > 1
            && context.tokens[1].text.first?.isUppercase == true
    }

    /// French ordinal numerals: `XIXe`, `XIXème`, `Ier`, `Ire`, `Ve`. A
    /// lone L, C, D or M is a word's capital instead (`Le`, `Ce`, `De`,
    /// `Mer`).
    private static func frenchOrdinal(_ token: SpokenToken, in context: SpokenContext) -> Rewrite? {
        guard context.language == "fr" else { return nil }
        let word = token.bare
        for suffix in ["ème", "e", "er", "re"] where word.hasSuffix(suffix) {
            let letters = word.dropLast(suffix.count)
            guard letters.count >= 2 || letters == "I" || letters == "V" || letters == "X",
                letters.allSatisfy({ "IVXLCDM".contains($0) }), let value = RomanNumeral.value(of: letters)
            else { continue }
            let range = token.core.lowerBound..<(token.core.lowerBound + word.unicodeScalars.count)
            return Rewrite(range: range, text: OrdinalWords.french(value, feminine: suffix == "re"))
        }
        return nil
    }

    /// Words a chapter's number follows, in the languages narrate reads.
    static let chapterWords: Set<String> = [
        "chapter", "chap", "book", "part", "volume", "vol", "section", "canto", "act", "scene", "stave", "letter",
        "adventure", "appendix", "psalm", "article", "kapitel", "teil", "buch", "band", "akt", "chapitre", "livre",
        "tome", "partie", "acte", "capítulo", "libro", "parte", "tomo", "capitolo", "hoofdstuk", "deel", "boek",
        "глава", "часть", "том", "книга", "раздел", "kapittel", "kapitel", "rozdział", "kapitola",
    ]

    /// Words a century's ordinal comes before.
    static let centuryWords: Set<String> = [
        "century", "centuries", "siècle", "siècles", "jahrhundert", "jahrhunderts", "век", "века", "веке", "веков",
        "eeuw", "século", "siglo",
    ]

    /// Rulers' names a regnal number follows (`Henry VIII`, `Pius XII`).
    static let regnalNames: Set<String> = [
        "Henry", "George", "Edward", "William", "Charles", "James", "Richard", "John", "Louis", "Elizabeth", "Mary",
        "Victoria", "Anne", "Stephen", "Harold", "Alfred", "Edmund", "David", "Robert", "Malcolm", "Alexander",
        "Peter", "Catherine", "Nicholas", "Ivan", "Paul", "Frederick", "Philip", "Ferdinand", "Francis", "Leo",
        "Pius", "Gregory", "Benedict", "Innocent", "Clement", "Urban", "Boniface", "Sixtus", "Julius", "Napoleon",
        "Otto", "Ludwig", "Friedrich", "Wilhelm", "Karl", "Heinrich", "Franz", "Joseph", "Leopold", "Maximilian",
        "Rudolf", "Philippe", "Henri", "François", "Jean", "Felipe", "Carlos", "Alfonso", "Fernando", "Juan",
        "Pedro", "Isabel", "Enrique", "Jaime", "Luis", "Manuel", "João", "Afonso", "Sancho", "Luigi", "Vittorio",
        "Umberto", "Carlo", "Giovanni", "Paolo", "Willem", "Gustav", "Gustavus", "Christian", "Frederik", "Haakon",
        "Olav", "Eric", "Erik", "Magnus", "Sigismund", "Casimir", "Constantine", "Justinian", "Theodosius",
        "Ramesses", "Ramses", "Thutmose", "Amenhotep", "Ptolemy", "Antiochus", "Cleopatra", "Darius", "Xerxes",
        "Cyrus", "Artaxerxes", "Elisabeth", "Élisabeth", "Marie", "Pierre", "Guillaume", "Edouard", "Édouard",
        "Jacques", "Christine", "Ludovico", "Petr", "Пётр", "Петр", "Павел", "Николай", "Александр", "Иван",
        "Екатерина", "Елизавета", "Василий", "Фёдор", "Федор", "Анна",
    ]
}
