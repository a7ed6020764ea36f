import Testing

@testable import TextPrimitives

@Test(arguments: [("de-AT", "de"), ("pt_BR", "pt"), ("EN-gb", "en"), ("fr", "fr")])
func readsThePrimaryLanguageOfATag(_ tag: String, _ primary: String) {
    #expect(Abbreviations.primaryLanguage(of: tag) == primary)
}

@Test func noTagIsEnglish() {
    #expect(Abbreviations.primaryLanguage(of: nil) == "en")
    #expect(Abbreviations.forLanguage(nil).speechVerbs.contains("said"))
}

@Test func aLanguageWithoutListsOfItsOwnGetsEnglishs() {
    let klingon = Abbreviations.forLanguage("tlh")
    #expect(klingon.speechVerbs == Abbreviations.english.speechVerbs)
    #expect(klingon.kinds(of: "e.g") == .inner)
}

@Test func aRegionalTagGetsItsLanguagesLists() {
    let austrian = Abbreviations.forLanguage("de-AT")
    #expect(austrian.kinds(of: "z.b").contains(.inner))
    #expect(austrian.conventions.ordinalPeriods)
    #expect(!Abbreviations.english.conventions.ordinalPeriods)
}

@Test(arguments: ["en", "de", "fr", "es", "ru", "ar"])
func everyLanguageKnowsTheCommonTitlesAndCompanySuffixes(_ language: String) {
    let lists = Abbreviations.forLanguage(language)
    #expect(lists.kinds(of: "dr").contains(.title))
    #expect(lists.kinds(of: "inc").contains(.terminal))
    #expect(lists.isNumberPrefix("no"))
}

@Test func sortsEnglishAbbreviationsByHowTheyBehaveBeforeTheNextWord() {
    let english = Abbreviations.english
    #expect(english.kinds(of: "mr") == .title)
    #expect(english.kinds(of: "etc").contains(.terminal))
    #expect(english.kinds(of: "ft").contains(.unit))
    #expect(english.kinds(of: "house") == [])
    #expect(english.isNumberPrefix("jan"))
    #expect(!english.isNumberPrefix("house"))
}
