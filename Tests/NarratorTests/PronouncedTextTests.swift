import BookModel
import Phonemes
import Testing

@testable import Narrator

/// Utterances' pronunciations as the text handed to espeak-ng.
struct PronouncedTextTests {
    private static let english = PhonemeConverter(inventory: .forVoice("gmw/en", language: nil))

    private static func pronounced(_ text: String, _ pronunciations: [Pronunciation]) -> PronouncedText {
        PronouncedText(text, pronunciations: pronunciations, converter: english)
    }

    private static func say(_ range: Range<Int>, _ spoken: Pronunciation.Spoken) -> Pronunciation {
        Pronunciation(range: range, spoken: spoken, origin: .userLexicon("t"))
    }

    @Test(arguments: [
        ("Ask Hermione now.", [say(4..<12, .phonemes("hɜːˈmaɪəni", alphabet: .ipa))], "Ask [[h3:'maI@ni]] now."),
        ("Hermione's cat", [say(0..<8, .phonemes("hɜːˈmaɪəni", alphabet: .ipa))], "[[h3:'maI@niz]] cat"),
        ("Pat's", [say(0..<3, .phonemes("pæt", alphabet: .ipa))], "[[pats]]"),
        ("Liz's", [say(0..<3, .phonemes("lɪz", alphabet: .ipa))], "[[lIzI#z]]"),
        ("the W3C.", [say(4..<7, .alias("World Wide Web"))], "the World Wide Web."),
        ("x30°y", [say(1..<4, .alias("thirty degrees"))], "x thirty degrees y"),
        ("degrees.", [say(0..<7, .continued)], "."),
        ("a [[b]] c", [say(8..<9, .alias("see"))], "a [ b]] see"),
        ("ʘ!", [say(0..<1, .phonemes("ʘ", alphabet: .ipa))], "ʘ!"),
    ])
    func pronunciationsReplaceTheirTextOnly(text: String, pronunciations: [Pronunciation], expected: String) {
        #expect(Self.pronounced(text, pronunciations).text == expected)
    }

    @Test func everyScalarOfAReplacementPointsAtTheStartOfTheWordItSays() {
        let pronounced = Self.pronounced("Ask Hermione now.", [Self.say(4..<12, .phonemes("hɜːˈmaɪəni", alphabet: .ipa))])
        #expect(pronounced.usesPhonemes)
        let offsets = pronounced.sourceOffsets.map(Int.init)
        #expect(offsets.count == pronounced.text.unicodeScalars.count)
        #expect(Array(offsets.prefix(4)) == [0, 1, 2, 3])
        #expect(Set(offsets[4..<(offsets.count - 5)]) == [4])
        #expect(Array(offsets.suffix(5)) == [12, 13, 14, 15, 16])
    }

    @Test func phonemesAVoiceCannotSayAreSaidAsWrittenAndReported() {
        var failures: [PronouncedText.Failure] = []
        let pronounced = PronouncedText(
            "Click ǃXóõ.", pronunciations: [Self.say(6..<10, .phonemes("ǃxóõ", alphabet: .ipa))], converter: Self.english
        ) { failures.append($0) }
        #expect(pronounced.text == "Click ǃXóõ.")
        #expect(!pronounced.usesPhonemes)
        #expect(failures.map(\.unmapped) == [PhonemeConverter.Unmapped(symbol: "ǃ", table: "en")])
    }

    @Test func theNarratorHandsPhonemesToTheEngineAndKeepsEveryWordsCue() throws {
        var utterance = Utterance("Ask Hermione now.")
        utterance.pronunciations = [Self.say(4..<12, .phonemes("hɜːˈmaɪəni", alphabet: .ipa))]
        let engine = RecordingSpeechEngine()
        let collector = WarningCollector()
        let narrator = try Narrator(engine: engine, language: "en", warnings: collector.sink)
        let recorder = TimingRecorder()
        _ = try narrator.narrate(BookPageStream(Book(pages: [Page(utterances: [utterance])])), to: MemorySink(), observer: recorder)
        let segment = try #require(engine.requests.first?.segments.first)
        #expect(segment.text == "Ask [[h3:'maI@ni]] now.")
        #expect(segment.usesPhonemes)
        #expect(recorder.timings.first?.words.map(\.text) == ["Ask", "Hermione", "now"])
        #expect(recorder.timings.first?.words.map(\.range) == [0..<3, 4..<12, 13..<16])
        #expect(collector.warnings.isEmpty)
    }

    @Test func anUnsayablePronunciationIsOneWarningWithItsPlace() throws {
        var utterance = Utterance("Click ǃXóõ. ", source: SourceLocation(resource: "OEBPS/c.xhtml", line: 7))
        utterance.pronunciations = [Self.say(6..<10, .phonemes("ǃxóõ", alphabet: .ipa))]
        let collector = WarningCollector()
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: "en", warnings: collector.sink)
        let book = Book(pages: [Page(utterances: [utterance, utterance, utterance])])
        _ = try narrator.narrate(BookPageStream(book), to: MemorySink())
        #expect(collector.warnings.map(\.description) == [
            "OEBPS/c.xhtml:7: cannot say ipa \"ǃxóõ\" (lexicon t): no espeak-ng phoneme for \"ǃ\" in en; saying \"ǃXóõ\" as written",
        ])
    }
}
