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
}
