@testable import Narrator
import Testing

struct VoiceCatalogTests {
    private let catalog = VoiceCatalog(RecordingSpeechEngine.defaultVoices)

    @Test(arguments: ["en-us", "EN_US", "gmw/en-US", "en-US", "English_(America)", "english (america)"])
    func voicesAreFoundByAnyOfTheirNames(name: String) throws {
        #expect(try catalog.voice(named: name).identifier == "gmw/en-US")
    }

    @Test func languagesFallBackToTheirPrimaryTagAndBestPriority() {
        #expect(catalog.voice(forLanguage: "en")?.identifier == "gmw/en")
        #expect(catalog.voice(forLanguage: "fr-CA")?.identifier == "roa/fr")
        #expect(catalog.voice(forLanguage: "de-AT")?.identifier == "gmw/de")
        #expect(catalog.voice(forLanguage: "ja") == nil)
    }

    @Test func listingByLanguageKeepsOnlyMatchingVoices() {
        #expect(catalog.voices(speaking: "en").map(\.identifier) == ["gmw/en", "gmw/en-US"])
        #expect(catalog.voices(speaking: nil).count == 4)
    }

    @Test(arguments: [("fr-FR", "roa/fr"), ("FR_be", "roa/fr"), ("de-CH", "gmw/de"), ("EN_nz", "gmw/en")])
    func aRegionNoVoiceHasFallsBackToTheLanguage(name: String, identifier: String) throws {
        #expect(try catalog.voice(named: name).identifier == identifier)
        #expect(catalog.voices(speaking: name).map(\.identifier).contains(identifier))
    }

    @Test func aNameThatIsNoLanguageTagStillFails() {
        #expect(throws: SpeechError.self) { try catalog.voice(named: "klingon-voice-of-doom") }
        #expect(catalog.voices(speaking: "xx-yy").isEmpty)
    }

    @Test(arguments: [
        ("吾輩は猫である。", "ja", "Han characters (kanji)"), ("Привет, мир.", "en", "Cyrillic"),
        ("שלום", "fr", "Hebrew"),
    ])
    func aVoiceThatCannotReadTheScriptIsNamed(text: String, language: String, script: String) {
        #expect(VoiceScripts.unreadable(in: text, language: language)?.script == script)
    }

    @Test(arguments: [("Привет, мир.", "ru"), ("これはペンです。", "ja"), ("你好", "cmn"), ("Hello, world.", "ru")])
    func aVoiceThatReadsTheScriptIsNotWarnedOf(text: String, language: String) {
        #expect(VoiceScripts.unreadable(in: text, language: language) == nil)
    }
}
