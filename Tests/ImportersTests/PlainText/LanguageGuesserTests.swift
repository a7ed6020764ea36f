import BookModel
import Importers
import Testing

@testable import Importers

/// The language of plain text, from its script and its common words.
struct LanguageGuesserTests {
    @Test(arguments: [
        ("Привет. Как дела? Хорошо, спасибо, а у тебя всё хорошо?", "ru"),
        ("Привіт. Як справи? Дякую, все добре, їжак їсть яблуко і грушу.", "uk"),
        ("Сәлеметсіз бе? Менің атым Әлия, мен Қазақстанда тұрамын.", "kk"),
        ("Καλημέρα. Τι κάνεις σήμερα το πρωί;", "el"),
        ("שלום עולם. מה שלומך היום?", "he"),
        ("مرحبا بالعالم. كيف حالك اليوم؟", "ar"),
        ("سلام. حال شما چطور است؟ من از پاریس آمدم و چای می‌خورم.", "fa"),
        ("吾輩は猫である。名前はまだ無い。", "ja"),
        ("我们明天一起去看电影好吗？好！", "zh"),
        ("안녕하세요. 오늘 날씨가 좋네요.", "ko"),
        ("नमस्ते। आप कैसे हैं? मैं ठीक हूँ।", "hi"),
        ("สวัสดีครับ วันนี้อากาศดีมาก", "th"),
        ("Բարև Ձեզ: Իմ անունն է Արմինե:", "hy"),
    ])
    func findsTheLanguageOfAScript(text: String, language: String) {
        #expect(LanguageGuesser.guessParagraph(text) == language)
    }

    @Test(arguments: [
        ("The cat sat on the mat and it was happy that the sun was out, for the day was warm and the wind was still.", "en"),
        ("Le chat est sur le tapis et il est content que le soleil soit là, car la journée est chaude pour les enfants qui sont dans le jardin.", "fr"),
        ("Die Katze sitzt auf der Matte und ist froh, dass die Sonne scheint, und das Wetter ist nicht kalt, wie es in dem Haus ist.", "de"),
        ("El gato está en la alfombra y es feliz porque el sol brilla, y los niños juegan con las flores del jardín para que se rían.", "es"),
        ("Il gatto è sul tappeto e non è triste, perché il sole splende per tutta la giornata della festa e gli amici sono alla porta.", "it"),
    ])
    func findsTheLanguageOfLatinScriptFromItsCommonWords(text: String, language: String) {
        #expect(LanguageGuesser.guessParagraph(text) == language)
    }

    @Test func aShortLatinParagraphIsNotGuessed() {
        #expect(LanguageGuesser.guessParagraph("Yes, I think so.") == nil)
    }

    @Test func aParagraphInAnotherLanguageIsSpokenInIt() {
        let text = "The Title\n\nThis is an English paragraph about the weather and the sea, and it is long enough.\n\n"
            + "Привет. Как дела? Хорошо, спасибо, а у тебя?\n\nAnd back to English it is."
        let book = Importing.text(bytes: Array(text.utf8)).book
        #expect(book.metadata.language == "en")
        #expect(book.pages[0].utterances.map(\.language) == [nil, nil, "ru", "ru", "ru", nil])
    }

    @Test func plainTextInRussianIsRussianNotUnknown() {
        let book = Importing.text(bytes: Array("Привет. Как дела? Хорошо, спасибо, а у тебя?\n".utf8)).book
        #expect(book.metadata.language == "ru")
    }

    @Test func theLanguageOptionOverridesTheGuess() {
        var options = ImportOptions()
        options.language = "de-AT"
        let book = Importing.text(bytes: Array("The cat sat on the mat and the dog was in the garden with the boy.".utf8), options: options).book
        #expect(book.metadata.language == "de-AT")
    }
}

/// The stop words' lookup table answers as the dictionary it is built
/// from, for the words in it and for others, however they collide.
@Test func thePackedWordTableAnswersAsItsDictionary() {
    var generator = SystemRandomNumberGenerator()
    for size in [1, 3, 16, 100, 300] {
        var entries: [UInt64: UInt16] = [:]
        while entries.count < size {
            // Small keys collide in the top bits the table is indexed by; random ones spread.
            let key = entries.count.isMultiple(of: 2) ? UInt64.random(in: 1...1_000, using: &generator) : UInt64.random(in: 1...UInt64.max, using: &generator)
            entries[key] = UInt16.random(in: 1...UInt16.max, using: &generator)
        }
        let table = LanguageGuesser.PackedWordTable(entries)
        for (key, mask) in entries { #expect(table.mask(of: key) == mask) }
        for _ in 0..<1_000 {
            let key = UInt64.random(in: 1...UInt64.max, using: &generator)
            #expect(table.mask(of: key) == entries[key])
        }
        for key in UInt64(1)...200 { #expect(table.mask(of: key) == entries[key]) }
    }
}
