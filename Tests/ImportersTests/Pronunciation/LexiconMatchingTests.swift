import BookModel
import Testing

@testable import Importers

/// Where lexicon entries apply: whole words, case rules, possessives,
/// phrases, languages and precedence. Cases are marked text: the stretches
/// a lexicon says are in «».
struct LexiconMatchingTests {
    private static func lexicon(_ lines: String, language: String? = nil, origin: Pronunciation.Origin = .userLexicon("t"))
        -> Lexicon
    {
        var lexicon = (try? Lexicon(text: Array(lines.utf8), name: "t", origin: origin))
            ?? Lexicon(name: "t", language: nil, origin: origin)
        lexicon.language = language
        return lexicon
    }

    private static let names = lexicon("""
        paris\tpa-ree
        Reading\tRedding
        don\tDonn
        New York\tNoo Yawk
        New\tNoo
        Hermione\t/hɜːˈmaɪəni/
        O'Brien\toh-BRY-en
        élise\tay-leez
        """)

    /// The text with the stretches the lexicon covers marked «…».
    private static func marked(_ text: String, _ lexicons: [Lexicon] = [names], language: String? = nil) -> String {
        var utterance = Utterance(text, language: language)
        LexiconSet(lexicons).apply(to: &utterance, bookLanguage: "en")
        var scalars = Array(text.unicodeScalars)
        for pronunciation in utterance.pronunciations.reversed() {
            scalars.insert("»", at: pronunciation.range.upperBound)
            scalars.insert("«", at: pronunciation.range.lowerBound)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test(arguments: [
        ("From Paris to PARIS and paris.", "From «Paris» to «PARIS» and «paris»."),
        ("Reading is in Berkshire; reading is fun.", "«Reading» is in Berkshire; reading is fun."),
        ("Parisian don't Donald don.", "Parisian don't Donald «don»."),
        ("New  York, New\nYork and New Jersey.", "«New  York», «New\nYork» and «New» Jersey."),
        ("Hermione's wand, Hermione’s cat.", "«Hermione»'s wand, «Hermione»’s cat."),
        ("O’Brien and O'Brien.", "«O’Brien» and «O'Brien»."),
        ("HermioneX and xHermione.", "HermioneX and xHermione."),
        ("(Hermione)—Hermione!", "(«Hermione»)—«Hermione»!"),
        ("Élise, ÉLISE and élise’s; Élisef.", "«Élise», «ÉLISE» and «élise»’s; Élisef."),
        ("New\u{A0}York's own New York", "«New\u{A0}York»'s own «New York»"),
    ])
    func matchesWholeWordsWithTheCaseRules(text: String, expected: String) {
        #expect(Self.marked(text) == expected)
    }

    /// Only capitalised names: words that start with another letter are
    /// passed over eight bytes at a time, and must still end where the
    /// word does (apostrophes, letters beyond ASCII, long words).
    @Test(arguments: [
        ("extraordinarily Darcy, unconstitutionally Darcy’s", "extraordinarily «Darcy», unconstitutionally «Darcy»’s"),
        ("abcdefghDarcy Darcyabcdefgh rock'n'roll Darcy", "abcdefghDarcy Darcyabcdefgh rock'n'roll «Darcy»"),
        ("o’clockDarcy naïveDarcy twelve-year-old Darcy", "o’clockDarcy naïveDarcy twelve-year-old «Darcy»"),
        ("abcdefgh’Darcy abcdefgh'Darcy abcdefgh’s Darcy", "abcdefgh’Darcy abcdefgh'Darcy abcdefgh’s «Darcy»"),
        ("darcy DARCY Darcy", "darcy DARCY «Darcy»"),
        ("l'Darcy l’Darcy eDarcy 1984Darcy 'Darcy ’Darcy", "l'Darcy l’Darcy eDarcy 1984Darcy '«Darcy» ’«Darcy»"),
        ("Darcy's' Darcy Darcy’s’Darcy", "«Darcy»'s' «Darcy» «Darcy»’s’Darcy"),
    ])
    func passesOverWordsNoNameStartsWith(text: String, expected: String) {
        let names = Self.lexicon("Darcy\tDAR-see\nHermione\t/hɜːˈmaɪəni/\n")
        #expect(Self.marked(text, [names]) == expected)
    }

    /// A lower-case entry matches any capitalisation, the Kelvin sign's
    /// too (its lower case is `k`): words starting beyond ASCII are looked at.
    @Test func lowerCaseEntriesMatchCapitalsBeyondASCII() {
        let units = Self.lexicon("kelvin\tKEL-vin\n")
        #expect(Self.marked("\u{212A}elvin, KELVIN and kelvins", [units]) == "«\u{212A}elvin», «KELVIN» and kelvins")
    }

    /// Thousands of entries, several sharing a first word, some written
    /// twice: the longest that fits wins, and a repeated grapheme keeps its
    /// first pronunciation.
    @Test func aLargeLexiconFindsTheLongestGraphemeThatFits() {
        var lines = (0..<5_000).map { "Zorblax\($0)\tz" }
        lines += ["New\tNoo", "New York City\tthe city", "New York\tNoo Yawk", "new york\tlower", "New\tsecond"]
        let lexicon = Self.lexicon(lines.joined(separator: "\n"))
        #expect(lexicon.count == 5_004)
        var utterance = Utterance("New York City, new york, New York and New, Zorblax4999 and Zorblax5000.")
        LexiconSet([lexicon]).apply(to: &utterance, bookLanguage: "en")
        #expect(utterance.pronunciations.map(\.spoken) == [
            .alias("the city"), .alias("lower"), .alias("Noo Yawk"), .alias("Noo"), .alias("z"),
        ])
        #expect(utterance.pronunciations.map(\.range) == [0..<13, 15..<23, 25..<33, 38..<41, 43..<54])
    }

    @Test func aLexiconSpeaksOnlyForItsLanguage() {
        let french = Self.lexicon("Paris\tpa-ri", language: "fr")
        #expect(Self.marked("Paris.", [french], language: "fr-CA") == "«Paris».")
        #expect(Self.marked("Paris.", [french]) == "Paris.")
        #expect(Self.marked("Paris.", [french], language: "de") == "Paris.")
    }

    @Test func inlinePhonemesBeatTheUsersLexiconWhichBeatsTheBooks() {
        let book = Self.lexicon("Hermione\tbook says\nHermione Granger\tbook phrase", origin: .bookLexicon("b.pls"))
        let user = Self.lexicon("Hermione\tuser says", origin: .userLexicon("u.lexicon"))
        var utterance = Utterance("Hermione Granger and Hermione.")
        utterance.pronunciations = [Pronunciation(range: 21..<29, spoken: .phonemes("x", alphabet: .ipa), origin: .inline)]
        LexiconSet([user, book]).apply(to: &utterance, bookLanguage: "en")
        #expect(utterance.pronunciations.map(\.origin) == [.userLexicon("u.lexicon"), .inline])
        #expect(utterance.pronunciations.map(\.range) == [0..<8, 21..<29])
        var bookOnly = Utterance("Hermione Granger and Hermione.")
        LexiconSet([book]).apply(to: &bookOnly, bookLanguage: "en")
        #expect(bookOnly.pronunciations.map(\.spoken) == [.alias("book phrase"), .alias("book says")])
    }

    @Test func theFirstOfTwoUserLexiconsWins() {
        let first = Self.lexicon("Hermione\tfirst", origin: .userLexicon("1"))
        let second = Self.lexicon("Hermione\tsecond", origin: .userLexicon("2"))
        var utterance = Utterance("Hermione")
        LexiconSet([first, second]).apply(to: &utterance, bookLanguage: nil)
        #expect(utterance.pronunciations.map(\.spoken) == [.alias("first")])
    }

    /// A phrase cut at every word (`--split word`) is said by its first
    /// utterance; the others it covers are silent (`continued`). Not across
    /// a line break, and not twice where one utterance holds the phrase.
    @Test func aPhraseSpanningWordUtterancesIsSaidOnce() {
        var words = ["We saw ", "New ", "York ", "today.\n", "New\n", "York.\n", "In New York.\n"].map { Utterance($0) }
        LexiconSet([Self.names]).apply(to: &words, bookLanguage: "en")
        let said = words.map { $0.pronunciations.map { "\($0.range) \($0.spoken)" } }
        #expect(said[0].isEmpty)
        #expect(said[1] == ["0..<3 \(Pronunciation.Spoken.alias("Noo Yawk"))"])
        #expect(said[2] == ["0..<4 \(Pronunciation.Spoken.continued)"])
        #expect(said[3].isEmpty)
        #expect(said[4] == ["0..<3 \(Pronunciation.Spoken.alias("Noo"))"])
        #expect(said[5].isEmpty)
        #expect(said[6] == ["3..<11 \(Pronunciation.Spoken.alias("Noo Yawk"))"])
    }
}
