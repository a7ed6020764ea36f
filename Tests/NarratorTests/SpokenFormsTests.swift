import BookModel
import Narrator
import Testing

/// The text the engine is given: what a narrator reads out rather than
/// spells, per language (issue 13).
struct SpokenFormsTests {
    @Test(arguments: [
        ("en", "CHAPTER XXVIII.", "CHAPTER 28."),
        ("en", "LXI", "61"),
        ("en", "BOOK IV", "BOOK 4"),
        ("en", "XI. Who Stole the Tarts?", "11. Who Stole the Tarts?"),
        ("en", "Henry VIII and George III met William I.", "Henry the 8th and George the 3rd met William the 1st."),
        ("en", "After World War II the MIX was CIVIL. DID I go? I did.", "After World War 2 the MIX was CIVIL. DID I go? I did."),
        ("en", "Mary, I know. Then I left, part I think.", "Mary, I know. Then I left, part I think."),
        ("en", "In the XIX century.", "In the 19th century."),
        ("en", "See No. 5 on p. 12 and pp. 14-16.", "See number 5 on page 12 and pages 14-16."),
        ("en", "Born in 1984, died in 1905, built in 1900, the 1850s.", "Born in 19 84, died in 19 oh 5, built in 19 hundred, the 18 fifties."),
        ("en", "1984 was long; 2005 too.", "1984 was long; 2005 too."),
        ("en", "Stockton (1834-1902) wrote in 1914–18, © 2006-2015, not 555-1234 or 1990-1980.", "Stockton (18 34 to 19 oh 2) wrote in 19 14 to 19 18, © 2006 to 20 15, not 555-1234 or 1990-1980."),
        ("en", "Add 3/4 and 1/2 cup, on 27/04/2014.", "Add 3 quarters and 1 half cup, on 27/04/2014."),
        ("en", "It cost €20.50 then.", "It cost 20.50 € then."),
        ("fr", "Chapitre XII : Louis XIV et François Ier.", "Chapitre 12 : Louis 14 et François premier."),
        ("fr", "Au XIXe siècle, le 2e jour, la 1re fois, n° 5, p. 12.", "Au dix-neuvième siècle, le deuxième jour, la première fois, numéro 5, page 12."),
        ("fr", "Le résultat. Ce livre, De plus, Mer calme, Der Tag, la Ve République.", "Le résultat. Ce livre, De plus, Mer calme, Der Tag, la cinquième République."),
        ("de", "Kapitel XII: Ludwig XIV. starb am 3. Mai im Jahr 1715.", "Kapitel 12: Ludwig der Vierzehnte starb am dritten Mai im Jahr 17hundert15."),
        ("de", "Siehe S. 12, Nr. 5, z. B. hier, d. h. dort.", "Siehe Seite 12, Nummer 5, zum Beispiel hier, das heißt dort."),
        ("es", "Capítulo XII: Felipe II y Alfonso XIII, n.º 5, pág. 12.", "Capítulo 12: Felipe segundo y Alfonso 13, número 5, página 12."),
        ("ru", "Глава XII. Пётр I жил в XIX веке.", "Глава 12. Пётр Первый жил в девятнадцатый веке."),
        ("it", "Capitolo XII: Luigi XIV.", "Capitolo XII: Luigi XIV."),
    ])
    func readsOutWhatANarratorWould(language: String, text: String, spoken: String) {
        #expect(SpokenForms(language: language).spoken([text]).map(\.text) == [spoken])
    }

    @Test(arguments: [
        ("The lamp is trimmed.[1] Then it burns¹ all night.", "The lamp is trimmed.    Then it burns  all night."),
        ("السرطان[1] مرض", "السرطان    مرض"),
        ("Standard Ebooks L³C: 10 m² of 10², “Yes.”² No", "Standard Ebooks L³C: 10 m² of 10², “Yes.”  No"),
        ("As Smith says [12], it works.", "As Smith says     , it works."),
        ("Hackluyt. ↩", "Hackluyt.  "),
        ("• item one", "  item one"),
        ("* * *", "     "),
    ])
    func noteMarkersBulletsAndSeparatorsAreNotSaid(text: String, spoken: String) {
        #expect(SpokenForms(language: "en").spoken([text]).map(\.text) == [spoken])
    }

    @Test func aGroupOfWordsReadsAsOneSentenceAndMapsBackToEachWord() {
        let texts = ["Henry ", "VIII ", "was ", "king."]
        let spoken = SpokenForms(language: "en-GB").spoken(texts)
        #expect(spoken.map(\.text) == ["Henry ", "the 8th ", "was ", "king."])
        // Every scalar of "the 8th" stands for the start of "VIII".
        #expect((0..<7).map { spoken[1].sourceOffset(of: $0) } == [0, 0, 0, 0, 0, 0, 0])
        #expect(spoken[1].sourceOffset(of: 7) == 4)
        #expect(spoken[0].sourceOffset(of: 3) == 3)
    }

    @Test func theVoicesLanguageChoosesTheForms() {
        #expect(SpokenForms(language: "roa/fr").language == "fr")
        #expect(SpokenForms(language: "gmw/en-US").language == "en")
        #expect(SpokenForms(language: nil).language == "en")
    }

    @Test func thePreviewGroupsUtterancesAsTheNarratorDoes() {
        let utterances = ["Henry ", "VIII ", "reigned. ", "CHAPTER ", "XII"].map { Utterance($0) }
        #expect(EngineText.spoken(utterances, language: "en").map(\.text) == ["Henry ", "the 8th ", "reigned. ", "CHAPTER ", "12"])
    }

    @Test func aPronunciationWinsOverASpokenFormAndKeepsItsWord() {
        // "VIII" has the book's own alias; "Quxbrilt" one after a numeral
        // that changes length.
        var utterance = Utterance("Henry VIII met Quxbrilt in 1984.")
        utterance.pronunciations = [
            Pronunciation(range: 6..<10, spoken: .alias("the Eighth"), origin: .userLexicon("names.lexicon")),
            Pronunciation(range: 15..<23, spoken: .alias("Bob"), origin: .userLexicon("names.lexicon")),
        ]
        let spoken = EngineText.spoken([utterance], language: "en")
        #expect(spoken.map(\.text) == ["Henry the Eighth met Bob in 19 84."])
        #expect(spoken[0].choices.map(\.covered) == ["VIII", "Quxbrilt"])
    }
}
