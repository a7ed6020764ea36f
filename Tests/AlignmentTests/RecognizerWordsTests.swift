import Alignment
import Dispatch
import Glibc
import Synchronization
import Testing

/// What the recogniser is given for a sentence's words: its dictionary's
/// spellings, and ARPAbet made from espeak-ng's IPA for words it lacks.
struct RecognizerWordsTests {
    @Test(arguments: [
        ("Rabbit-Hole", ["rabbit", "hole"]),
        ("Alice\u{2019}s", ["alice's"]),
        ("(when", ["when"]),
        ("\u{2018}without", ["without"]),
        ("pictures\u{2019}", ["pictures"]),
        ("1865", ["1865"]),
        ("caf\u{E9}", ["caf\u{E9}"]),
        ("pleasure\u{2014}of", ["pleasure", "of"]),
        ("\u{2014}", []),
    ])
    func aWordIsSpelledAsTheDictionarySpellsIt(word: String, tokens: [String]) {
        #expect(RecognizerTokens.tokens(of: word) == tokens)
    }

    @Test(arguments: [
        // espeak-ng en-us's IPA (espeak-ng -q --ipa), CMUdict's phones.
        ("ˈælɪs", ["AE", "L", "IH", "S"]),
        ("bɪɡˈɪnɪŋ", ["B", "IH", "G", "IH", "N", "IH", "NG"]),
        ("θˈɔːt", ["TH", "AO", "T"]),
        ("dʒˈʌdʒ", ["JH", "AH", "JH"]),
        ("mˈɛʒɚ", ["M", "EH", "ZH", "ER"]),
        ("sˈɪstɚɹ", ["S", "IH", "S", "T", "ER"]),
        ("bˈʌʔn̩", ["B", "AH", "T", "AH", "N"]),
        ("fˈaɪɚɹ", ["F", "AY", "ER"]),
        ("ʃˈʊɹ", ["SH", "UH", "R"]),
        ("kæfˈeɪ", ["K", "AE", "F", "EY"]),
        // en-gb.
        ("ɡˌəʊ", ["G", "OW"]),
        ("lˈɒt", ["L", "AA", "T"]),
        ("nˌiə", ["N", "IH", "R"]),
    ])
    func englishIPAIsSpelledInARPAbet(ipa: String, phones: [String]) {
        #expect(ARPAbet.phones(ofIPA: ipa) == phones)
    }

    @Test func ipaWithNothingEnglishHasNoPhones() {
        #expect(ARPAbet.phones(ofIPA: "ˈː") == nil)
        #expect(ARPAbet.phones(ofIPA: "") == nil)
    }

    @Test func aMissingModelIsNamedWithThePackageToInstall() {
        #expect {
            _ = try WordRecognizer(sampleRate: 22_050, model: "/nonexistent/model") { _ in nil }
        } throws: { error in
            "\(error)".contains("pocketsphinx") || "\(error)".contains("PocketSphinx")
        }
    }
}

/// Decoders made on two threads at once, as `narrate align` makes one per
/// core, all open. sphinxbase's log is one `FILE` for the process, and two
/// decoders each told to log to a file of their own could close the same
/// one twice (a deadlock in glibc, or a crash; 2026-12-04). That race is
/// rare: 240 decoders made this way before the fix all opened, so this
/// test guards the decoders being made side by side, not the race itself.
@Test(.enabled(if: RecognizerModel.isInstalled, "PocketSphinx and its en-us model are not installed"))
func decodersMadeOnTwoThreadsAtOnceAllOpen() throws {
    let made = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
        for _ in 0..<6 {
            if (try? WordRecognizer(sampleRate: 22_050) { _ in nil }) != nil { made.withLock { $0 += 1 } }
        }
    }
    #expect(made.withLock { $0 } == 12)
}

enum RecognizerModel {
    static let isInstalled =
        dlopen("libpocketsphinx.so.3", RTLD_LAZY) != nil && access(WordRecognizer.englishModel + "/en-us/mdef", R_OK) == 0
}
