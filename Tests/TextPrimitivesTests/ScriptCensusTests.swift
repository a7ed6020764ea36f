import Testing

@testable import TextPrimitives

@Test(arguments: [
    ("Привет, как дела? Всё хорошо.", "ru"),
    ("Їжак їсть яблуко, і все добре.", "uk"),
    ("Қазақстан әдемі өңір.", "kk"),
    ("Ђорђе има џеп, љубав и њиву.", "sr"),
    ("Българският ъгъл е тук.", "bg"),
    ("Ён ўсё ўбачыў сам.", "be"),
    ("یہ ٹھیک ہے، ڈاکٹر صاحب۔", "ur"),
    ("سلام، حال شما چطور است؟ پدر و مادر", "fa"),
    ("吾輩は猫である。名前はまだ無い。", "ja"),
    ("我是学生，你好吗？", "zh"),
    ("Καλημέρα σας, τι κάνετε;", "el"),
    ("안녕하세요, 반갑습니다.", "ko"),
])
func namesTheLanguageItsScriptShows(_ text: String, _ language: String) {
    #expect(ScriptCensus(Substring(text)).leadingScript == language)
}

@Test func latinTextOrAFewForeignLettersShowNoLanguage() {
    #expect(ScriptCensus("Plain English text, with a café.").leadingScript == nil)
    #expect(ScriptCensus("The word Москва in an English sentence.").leadingScript == nil)
}

@Test func countsLettersByScriptIgnoringTheRest() {
    let census = ScriptCensus("abc где 123 !?")
    #expect(census.letters == 6)
    #expect(census.counts == [.latin: 3, .cyrillic: 3])
}
