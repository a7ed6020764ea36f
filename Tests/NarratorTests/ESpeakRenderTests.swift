import BookModel
import Narrator
import Testing

/// Renders with the real espeak-ng. espeak-ng is not thread-safe, so these
/// tests run one at a time, each with its own engine.
@Suite(.serialized)
struct ESpeakRenderTests {
    private static let sampleRate = 22050
    /// 10 ms, the tolerance for timings against the audio.
    private static let tenMilliseconds = 221

    private func render(_ book: Book, options: NarrationOptions = NarrationOptions()) throws -> (MemorySink, TimingRecorder) {
        let engine = try ESpeakEngine()
        #expect(engine.sampleRate == Self.sampleRate)
        let narrator = try Narrator(engine: engine, options: options, language: book.metadata.language)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        _ = try narrator.narrate(BookPageStream(book), to: sink, observer: recorder)
        return (sink, recorder)
    }

    /// The Whirly sentence one word per utterance, with 0.5 s before
    /// "squirrel" and 0.7 s after "tree".
    private var delayedBook: Book {
        var book = Books.perWord(Books.whirlySentence)
        book.pages[0].utterances[3].prosody.preUtteranceDelay = 0.5
        book.pages[0].utterances[8].prosody.postUtteranceDelay = 0.7
        return book
    }

    @Test func perWordSentenceLastsAtMostAQuarterLongerThanTheWholeSentence() throws {
        let (whole, _) = try render(Books.whole(Books.whirlySentence))
        let (perWord, _) = try render(Books.perWord(Books.whirlySentence))
        let ratio = Double(perWord.samples.count) / Double(whole.samples.count)
        #expect(ratio <= 1.25, "per-word \(perWord.samples.count) vs whole \(whole.samples.count) samples")
        #expect(ratio >= 0.8)
    }

    @Test func delaysAreSilenceExactlyWhereAuthored() throws {
        let (plain, _) = try render(Books.perWord(Books.whirlySentence))
        let (sink, recorder) = try render(delayedBook)
        let added = sink.samples.count - plain.samples.count
        #expect(abs(added - Self.sampleRate * 12 / 10) < Self.sampleRate * 3 / 10, "added \(added) samples")
        let words = recorder.timings.flatMap(\.words)
        let squirrel = try #require(words.first { $0.text == "squirrel" })
        let tree = try #require(words.first { $0.text == "tree" })
        let pauses = Silence.runs(in: sink.samples, minimum: Self.sampleRate * 45 / 100)
        #expect(pauses.contains { $0.count >= 11025 && abs($0.upperBound - squirrel.startSample) <= Self.tenMilliseconds })
        #expect(pauses.contains { $0.count >= 15435 && $0.lowerBound >= tree.startSample && $0.lowerBound <= tree.endSample + Self.tenMilliseconds })
    }

    @Test func wordTimingsAreMonotonicInsideTheAudioAndMatchTheWords() throws {
        let (sink, recorder) = try render(delayedBook)
        let words = recorder.timings.flatMap(\.words)
        #expect(words.map(\.text) == Books.whirlySentence.split(separator: " ").map { $0.trimmingCharacters(".,") })
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.startSample < $1.startSample && $0.endSample <= $1.startSample })
        #expect(words.allSatisfy { $0.startSample < $0.endSample && $0.endSample <= sink.samples.count })
        #expect(recorder.timings.map(\.text) == Books.words(Books.whirlySentence))
    }

    @Test func wordsAfterSilenceStartWithinTenMillisecondsOfTheSound() throws {
        let (sink, recorder) = try render(delayedBook)
        let words = recorder.timings.flatMap(\.words)
        // Quiet consonants such as "s" start below the default threshold.
        for pause in Silence.runs(in: sink.samples, minimum: Self.sampleRate / 4, threshold: 16) where pause.upperBound < sink.samples.count {
            let next = try #require(words.first { $0.startSample >= pause.lowerBound })
            #expect(abs(next.startSample - pause.upperBound) <= Self.tenMilliseconds, "\(next.text) at \(next.startSample), sound at \(pause.upperBound)")
        }
    }

    @Test func abbreviationsDoNotBreakTheSentence() throws {
        let sentence = "Capt. Ahab met Prof. Moriarty and Gen. Lee today."
        let (sink, _) = try render(Books.whole(sentence))
        let inner = { (samples: [Int16]) in
            Silence.runs(in: samples, minimum: Self.sampleRate * 15 / 100).filter { $0.upperBound < samples.count && $0.lowerBound > 0 }
        }
        #expect(inner(sink.samples).isEmpty, "pauses: \(inner(sink.samples))")
        // Unprepared, espeak pauses after each abbreviation.
        let engine = try ESpeakEngine()
        var raw: [Int16] = []
        try engine.render(SpeechRequest(voice: "gmw/en", segments: [SpeechSegment(sentence)], endsClause: true)) { event in
            if case .samples(let buffer) = event { raw.append(contentsOf: buffer) }
            return true
        }
        #expect(inner(raw).count >= 2)
    }

    @Test func markupCharactersInConnectedSpeechKeepTheirWords() throws {
        let (_, recorder) = try render(Books.perWord("Tom & Jerry <love> cheese."))
        #expect(recorder.timings.flatMap(\.words).map(\.text) == ["Tom", "&", "Jerry", "love", "cheese"])
    }

    @Test func eachWordKeepsItsOwnRateAndVolumeInConnectedSpeech() throws {
        func render(rate: Double, volume: Double) throws -> (duration: Int, rms: Double) {
            var book = Books.perWord("The squirrel ran up the tall tree.")
            book.pages[0].utterances[3].prosody = Prosody(rate: rate)
            book.pages[0].utterances[5].prosody = Prosody(volume: volume)
            let (sink, recorder) = try self.render(book)
            let words = recorder.timings.flatMap(\.words)
            let up = words[3], tall = words[5]
            let loud = sink.samples[tall.startSample..<tall.endSample].map { Double($0) * Double($0) }
            return (up.endSample - up.startSample, (loud.reduce(0, +) / Double(loud.count)).squareRoot())
        }
        let slow = try render(rate: 0.1, volume: 0.3), fast = try render(rate: 0.9, volume: 1)
        #expect(slow.duration > 2 * fast.duration, "\(slow.duration) vs \(fast.duration) samples")
        #expect(slow.rms < 0.5 * fast.rms, "\(slow.rms) vs \(fast.rms)")
    }

    @Test func hostileTextsRenderWithTimingsInsideTheAudio() throws {
        let texts = [
            "\u{0}nul\u{0} inside ", "<speak>tags</speak> & &amp; ", "]]> <![CDATA[ x ", String(repeating: "a", count: 5000) + " ",
            "\u{202E}rtl \u{200B}zero\u{FEFF} width ", "😀 emoji 👍🏽 ", "\u{1}\u{7}\u{1B}[31m ", "Mr. ", "", " . ",
            "日本語の文。", "[[h@'loU]] ", String(repeating: ". ", count: 300),
        ]
        let book = Book(pages: [Page(utterances: texts.map { Utterance($0) }), Page(utterances: texts.reversed().map { Utterance($0) })])
        let (sink, recorder) = try render(book)
        #expect(recorder.timings.count == 2 * texts.count)
        let words = recorder.timings.flatMap(\.words)
        #expect(words.allSatisfy { $0.startSample <= $0.endSample && $0.endSample <= sink.samples.count })
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.startSample <= $1.startSample })
    }

    @Test func onlyOneEngineAtATime() throws {
        let engine = try ESpeakEngine()
        #expect(throws: SpeechError.engineInUse) { try ESpeakEngine() }
        withExtendedLifetime(engine) {}
    }

    /// A sentence in each language of the corpus, with what espeak-ng cut
    /// into two events (`it is`, `1888`, `OpenPGP`, `Rabbit-Hole`, Russian
    /// words with stress marks).
    static let corpusSentences: [(language: String, text: String)] = [
        ("en", "It is a truth universally acknowledged, in 1888, that Mr. OpenPGP went down the Rabbit-Hole."),
        ("fr", "Il est bien connu qu'en 1888 le paquet 2.1.3 d'OpenPGP fut reconstruit à Saint-Étienne."),
        ("de", "Es ist allgemein bekannt, dass im Jahr 1888 z. B. das Paket OpenPGP neu gebaut wurde."),
        ("ru", "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему."),
        ("ja", "吾輩は猫である。 名前はまだ無い。"),
    ]

    @Test(arguments: corpusSentences)
    func everyWordOfEachCorpusLanguageHasOneCue(language: String, text: String) throws {
        for book in [Books.whole(text), Books.perWord(text)] {
            var book = book
            book.metadata.language = language
            let (sink, recorder) = try render(book)
            let words = recorder.timings.flatMap(\.words)
            if language == "ja" {
                // No spaces: espeak's words are the words; they cover the text in order.
                #expect(words.map(\.text).joined() == text.filter { !" 。".contains($0) })
            } else {
                let tokens = text.split(separator: " ").map { String($0.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed()) }
                #expect(words.map(\.text) == tokens)
            }
            #expect(zip(words, words.dropFirst()).allSatisfy { $0.startSample <= $1.startSample })
            #expect(words.allSatisfy { $0.endSample <= sink.samples.count })
        }
    }

    @Test func voicesIncludeEnglishAndFrench() throws {
        let catalog = VoiceCatalog(try ESpeakEngine().voices())
        #expect(catalog.voice(forLanguage: "en")?.identifier == "gmw/en")
        #expect(catalog.voice(forLanguage: "fr-CA") != nil)
        #expect(!catalog.voices.contains { $0.identifier.hasPrefix("mb/") })
    }

    /// espeak-ng takes `en-us` (a voice file's name) but not `en-gb` (its
    /// British voice is `gmw/en`): a language tag is found in the catalogue.
    /// `narrate align` named the voice so for words its recogniser lacks.
    @Test(arguments: [("en-gb", "wˈeɪstkəʊt"), ("en-us", "wˈeɪstkoʊt"), ("gmw/en", "wˈeɪstkəʊt"), ("English", "wˈeɪstkəʊt")])
    func aVoiceIsSelectedByItsLanguageTag(voice: String, ipa: String) throws {
        let engine = try ESpeakEngine()
        #expect(try engine.ipa(ofWord: "waistcoat", voice: voice) == ipa)
        #expect(throws: SpeechError.self) { try engine.ipa(ofWord: "waistcoat", voice: "no-such-voice") }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(_ characters: String) -> String {
        String(self.filter { !characters.contains($0) })
    }
}
