import BookModel
import Foundation
import TestSupport
import Testing

@testable import Phonemes

struct PhonemeConverterTests {
    private func mnemonics(_ text: String, _ alphabet: PhoneticAlphabet = .ipa, table: String = "en") -> String? {
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(nil, language: table))
        return try? converter.mnemonics(for: text, alphabet: alphabet).get()
    }

    @Test(arguments: [
        ("təˈmɑːtəʊ", "en", "t@'mA:toU"),
        ("/hɜːˈmaɪəni/", "en", "h3:'maI@ni"),
        ("ˈθɜrti dɪˈgriz", "en-us", "'T3:rti dI'griz"),
        ("ʃɪvˈɔːn", "en", "SIv'O:n"),
        ("ˈtʃɜːtʃ", "en", "'tS3:tS"),
        ("ˈʧɜːʧ", "en", "'tS3:tS"),
        ("bɔ̃ˈʒuʁ", "fr", "bO~'Zur"),
        ("ˈɡuːtən ˈtaːk", "de", "'gu:t@n 'ta:k"),
    ])
    func readsIPAIntoTheTablesMnemonics(ipa: String, table: String, expected: String) {
        #expect(mnemonics(ipa, table: table) == expected)
    }

    @Test(arguments: [
        ("t@\"mA:t@U", "en", "t@'mA:toU"),
        ("h3:\"maI@ni", "en", "h3:'maI@ni"),
        ("\"T3`ti", "en-us", "'T3:ti"),
        ("bO~\"ZuR", "fr", "bO~'Zur"),
    ])
    func readsXSAMPAThroughIPA(xsampa: String, table: String, expected: String) {
        #expect(mnemonics(xsampa, .xSampa, table: table) == expected)
    }

    @Test func passesEspeakMnemonicsThrough() {
        #expect(mnemonics("[[t@m'A:toU]]", .espeak) == "t@m'A:toU")
        #expect(mnemonics("a]]b", .espeak) == nil)
    }

    @Test(arguments: [("ʘa", "ʘ"), ("kǃa", "ǃ"), ("a\u{0346}", "a\u{0346}")])
    func namesTheFirstSymbolWithoutAPhoneme(ipa: String, symbol: String) {
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(nil, language: "en"))
        #expect(throws: PhonemeConverter.Unmapped(symbol: symbol, table: "en")) {
            try converter.mnemonics(for: ipa, alphabet: .ipa).get()
        }
    }

    @Test(arguments: [
        ("gmw/en-US", nil, "en-us"), ("gmw/en", nil, "en"), (nil, "en-GB", "en"), (nil, "fr-FR", "fr"),
        (nil, "pt_BR", "pt"), (nil, "xx", "en"),
    ] as [(String?, String?, String)])
    func choosesTheVoicesPhonemeTable(voice: String?, language: String?, table: String) {
        #expect(ESpeakPhonemeInventory.forVoice(voice, language: language).table == table)
    }

    /// The converted mnemonics, handed back to espeak-ng, give the IPA that
    /// was asked for (stress aside): the table says what espeak-ng says.
    @Test(.enabled(if: ESpeakCLI.isInstalled, "needs the espeak-ng program"), arguments: [
        ("en", "gmw/en", ["təmɑːtəʊ", "hɜːmaɪəni", "ʃɪvɔːn", "θɪŋkɪŋ", "dʒʌdʒ", "juːnɪvɜːsɪti", "ðɪs", "ɪŋɡlɪʃ"]),
        ("en-us", "gmw/en-US", ["təmeɪɾoʊ", "θɜːɾi", "ɡɑːdən", "kæt"]),
        ("fr", "roa/fr", ["bɔ̃ʒuʁ", "ʃɑ̃tɛ", "lœʁ", "ynivɛʁsite"]),
        ("de", "gmw/de", ["ɡuːtən", "taːk", "ʃøːn", "ɪç"]),
        ("es", "roa/es", ["kasa", "pero", "ʎama"]),
    ])
    func convertedPhonemesSoundAsWrittenToEspeak(table: String, voice: String, words: [String]) throws {
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(voice, language: nil))
        for word in words {
            let mnemonic = try converter.mnemonics(for: word, alphabet: .ipa).get()
            let spoken = try ESpeakCLI.ipa(of: "[[\(mnemonic)]]", voice: voice)
            #expect(spoken == word, "\(word) → [[\(mnemonic)]] → \(spoken)")
        }
    }

    /// The pulmonic consonants and the vowels of the IPA chart, and the
    /// long vowels and diphthongs of English dictionaries.
    static let chart = (
        "p b t d ʈ ɖ c ɟ k ɡ q ɢ ʔ m ɱ n ɳ ɲ ŋ ɴ ʙ r ʀ ⱱ ɾ ɽ ɸ β f v θ ð s z ʃ ʒ ʂ ʐ ç ʝ x ɣ χ ʁ ħ ʕ h ɦ ɬ ɮ ʋ ɹ ɻ j ɰ "
            + "l ɭ ʎ ʟ w ʍ ɥ tʃ dʒ ts dz ɕ ʑ ɫ i y ɨ ʉ ɯ u ɪ ʏ ʊ e ø ɘ ɵ ɤ o ə ɛ œ ɜ ɞ ʌ ɔ æ ɐ a ɶ ɑ ɒ ɚ ɝ "
            + "iː uː ɑː ɔː ɜː eɪ aɪ ɔɪ aʊ əʊ oʊ ɪə eə ʊə"
    ).split(separator: " ").map(String.init)

    /// Every symbol of the chart is said by the voices of the corpus's
    /// languages and a few more: as its own phoneme or the nearest one.
    @Test(arguments: ["en", "en-us", "fr", "de", "es", "it", "pt", "nl", "ru", "pl", "ja"])
    func everySoundOfTheChartHasAPhonemeOrANearestOne(table: String) {
        let converter = PhonemeConverter(inventory: ESpeakPhonemeInventory.forVoice(nil, language: table))
        let unmapped = Self.chart.filter { (try? converter.mnemonics(for: $0, alphabet: .ipa).get()) == nil }
        #expect(unmapped.isEmpty, "\(table): \(unmapped.joined(separator: " "))")
    }
}
