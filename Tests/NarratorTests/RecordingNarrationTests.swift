import BookModel
import Narrator
import Testing

/// The narrator driven by the recording engine: which calls it makes, and the
/// audio and timings it makes of them.
struct RecordingNarrationTests {
    private func narrate(
        _ book: Book, options: NarrationOptions = NarrationOptions(), shouldStop: @escaping () -> Bool = { false }
    ) throws -> (RecordingSpeechEngine, MemorySink, TimingRecorder, NarrationResult) {
        let engine = RecordingSpeechEngine()
        let narrator = try Narrator(engine: engine, options: options, language: book.metadata.language)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        let result = try narrator.narrate(BookPageStream(book), to: sink, observer: recorder, shouldStop: shouldStop)
        return (engine, sink, recorder, result)
    }

    @Test func recordsOneCallPerSentenceWithEachUtterancesParameters() throws {
        let prosodies = [Prosody(rate: 0.75), Prosody(pitchMultiplier: 2), Prosody(volume: 0.5)]
        let texts = ["Whirly, ", "twirly, ", "gone. "]
        let book = Book(pages: [Page(utterances: zip(texts, prosodies).map { Utterance($0, prosody: $1) })])
        let (engine, _, _, _) = try narrate(book)
        #expect(engine.requests.count == 1)
        let request = try #require(engine.requests.first)
        #expect(request.segments.map(\.text) == texts)
        #expect(request.segments.map(\.parameters) == prosodies.map { ProsodyMapping().parameters(for: $0) })
        #expect(request.endsClause)
        #expect(request.voice == "gmw/en")
    }

    @Test func callsFollowSentencesDelaysAndPages() throws {
        let book = Book(pages: [
            Page(utterances: [
                Utterance("Capt. "), Utterance("Ahab "), Utterance("left. "),
                Utterance("He ", prosody: Prosody(preUtteranceDelay: 0.2)), Utterance("ran, ", prosody: Prosody(postUtteranceDelay: 0.1)),
                Utterance("far"),
            ]),
            Page(utterances: [Utterance("The end.")]),
        ])
        let (engine, _, _, _) = try narrate(book)
        #expect(engine.requests.map { $0.segments.map(\.text) } == [
            ["Capt. ", "ahab ", "left. "], ["He ", "ran, "], ["far"], ["The end."],
        ])
        #expect(engine.requests.map(\.endsClause) == [true, true, true, true])
    }

    @Test func delaysAreExactSilence() throws {
        let book = Book(pages: [Page(utterances: [
            Utterance("ab ", prosody: Prosody(preUtteranceDelay: 0.1)),
            Utterance("cd.", prosody: Prosody(postUtteranceDelay: 0.25)),
        ])])
        let (engine, sink, _, _) = try narrate(book)
        // 1000 Hz: 100 silent, "ab" 20 loud, space 10, "cd." 30 loud, end pause 50, 250 silent.
        let loud = sink.samples.indices.filter { sink.samples[$0] != 0 }
        #expect(loud.first == 100)
        let lastLoud: Int = 100 + 20 + 10 + 30 - 1
        let total: Int = 100 + 60 + engine.endPauseSamples + 250
        #expect(loud.last == lastLoud)
        #expect(sink.samples.count == total)
    }

    /// With exact pauses (`--pause`) a delay is the whole silence between
    /// speech: the engine's silence beside it goes (here its spaces and its
    /// end pause), and the words keep pointing at their sound.
    @Test func exactPausesAreTheWholeSilenceBetweenSpeech() throws {
        let book = Book(pages: [
            Page(utterances: [
                Utterance("ab. ", prosody: Prosody(postUtteranceDelay: 0.25)), Utterance("cd ef, "), Utterance("gh."),
            ]),
            Page(utterances: [Utterance(" ij. ", prosody: Prosody(postUtteranceDelay: 0.5))]),
        ])
        var options = NarrationOptions()
        options.exactPauses = true
        let (engine, sink, recorder, _) = try narrate(book, options: options)
        // 1000 Hz: "ab." 30 loud, then its delay of 250 alone; "cd" 20, a
        // space 10, "ef," 30, a space 10, "gh." 30 and the end pause (no
        // delay: kept); the page's leading space goes, "ij." 30, then 500.
        let pause = engine.endPauseSamples
        let gh = 350..<380
        #expect(Silence.runs(in: sink.samples, minimum: 1, threshold: 0) == [
            30..<280, 300..<310, 340..<350, gh.upperBound..<gh.upperBound + pause,
            gh.upperBound + pause + 30..<gh.upperBound + pause + 530,
        ])
        #expect(sink.samples.count == gh.upperBound + pause + 530)
        for word in recorder.timings.flatMap(\.words) {
            #expect(sink.samples[word.startSample] == RecordingSpeechEngine.toneAmplitude, "\(word.text)")
        }
    }

    @Test func timingsPointAtTheWordsInTheAudio() throws {
        let book = Books.perWord("One two, three.", prosody: Prosody(preUtteranceDelay: 0.05))
        let (_, sink, recorder, _) = try narrate(book)
        let words = recorder.timings.flatMap(\.words)
        #expect(words.map(\.text) == ["One", "two", "three"])
        for word in words {
            #expect(sink.samples[word.startSample] == RecordingSpeechEngine.toneAmplitude)
            #expect(word.startSample == 0 || sink.samples[word.startSample - 1] == 0)
            #expect(word.endSample > word.startSample && word.endSample <= sink.samples.count)
        }
        #expect(recorder.timings.map(\.text) == ["One ", "two, ", "three."])
    }

    @Test func stopsPromptlyAndReportsOnlyCompleteUtterances() throws {
        let book = Books.perWord("one two three four five six seven eight nine ten.")
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: nil)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        let result = try narrator.narrate(BookPageStream(book), to: sink, observer: recorder) { sink.samples.count >= 95 }
        #expect(result.wasInterrupted)
        #expect(sink.finishCount == 1)
        #expect(sink.samples.count <= 130, "stops within one buffer of the request")
        #expect(recorder.timings.map(\.text) == ["one ", "two "])
        #expect(recorder.timings.allSatisfy { $0.endSample <= sink.samples.count })
    }

    @Test func voiceComesFromOptionThenUtteranceThenBookThenEnglish() throws {
        var book = Book(pages: [Page(utterances: [Utterance("Bonjour. ", language: "fr-FR"), Utterance("Hallo.")])])
        book.metadata.language = "de"
        #expect(try narrate(book).0.requests.map(\.voice) == ["roa/fr", "gmw/de"])
        #expect(try narrate(book, options: NarrationOptions(voice: "en-us")).0.requests.map(\.voice) == ["gmw/en-US", "gmw/en-US"])
        book.metadata.language = nil
        #expect(try narrate(book).0.requests.map(\.voice) == ["roa/fr", "gmw/en"])
    }

    @Test func unknownVoiceNamesCloseMatches() {
        #expect {
            try Narrator(engine: RecordingSpeechEngine(), options: NarrationOptions(voice: "en-uss"), language: nil)
        } throws: { error in
            guard case .speech(.unknownVoice(_, let suggestions)) = error as? NarrationError else { return false }
            return suggestions.contains("en-us")
        }
    }

    @Test func pagesAndStartChooseWhatIsRead() throws {
        let book = Book(pages: (1...4).map { Page(utterances: [Utterance("Page \($0) a. "), Utterance("Page \($0) b.")]) })
        let options = NarrationOptions(pages: 2...3, start: UtterancePosition(page: 1, utterance: 1))
        let (engine, _, recorder, _) = try narrate(book, options: options)
        #expect(engine.requests.flatMap { $0.segments.map(\.text) } == ["Page 2 b.", "Page 3 a. ", "Page 3 b."])
        #expect(recorder.timings.map(\.position) == [.init(page: 1, utterance: 1), .init(page: 2, utterance: 0), .init(page: 2, utterance: 1)])
        #expect(throws: NarrationError.self) { try narrate(book, options: NarrationOptions(pages: 5...9)) }
    }

    @Test func longDelaysAreReportedOnceWhereTheyFirstOccur() throws {
        let long = Prosody(preUtteranceDelay: 90)
        let book = Book(pages: [
            Page(utterances: [Utterance("Short. ")]),
            Page(utterances: [Utterance("Wait. "), Utterance("Long. ", prosody: long), Utterance("Again.", prosody: long)]),
        ])
        let collector = WarningCollector()
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: nil, warnings: collector.sink)
        _ = try narrator.narrate(BookPageStream(book), to: MemorySink())
        #expect(collector.warnings.map(\.description) == [
            "page 2, utterance 2: delays longer than 60 s are shortened to 60 s when speaking"
        ])
    }

    @Test func userStringsStayAsAuthoredInTimings() throws {
        let (_, _, recorder, _) = try narrate(Books.perWord("Capt. Ahab met Prof. Moriarty."))
        #expect(recorder.timings.map(\.text) == ["Capt. ", "Ahab ", "met ", "Prof. ", "Moriarty."])
        #expect(recorder.timings.flatMap(\.words).map(\.text) == ["Capt", "Ahab", "met", "Prof", "Moriarty"])
    }

    @Test func aScriptTheVoiceCannotReadIsWarnedOfOncePerVoice() throws {
        let book = Book(pages: [Page(utterances: [Utterance("Привет. "), Utterance("Как дела? "), Utterance("Hello.")])])
        let collector = WarningCollector()
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: "en", warnings: collector.sink)
        _ = try narrator.narrate(BookPageStream(book), to: MemorySink())
        #expect(collector.warnings.map(\.description) == [
            "the voice 'gmw/en' cannot read Cyrillic: it spells the letters out one by one (choose another with --voice or --language)"
        ])
    }

    @Test func theEngineIsGivenSpokenFormsAndTimingsPointAtTheBooksWords() throws {
        let (engine, _, recorder, _) = try narrate(Books.whole("CHAPTER XXVIII. Henry VIII met No. 5."))
        #expect(engine.requests.flatMap(\.segments).map(\.text) == ["CHAPTER 28. Henry the 8th met number 5."])
        #expect(recorder.timings.flatMap(\.words).map(\.text) == ["CHAPTER", "XXVIII", "Henry", "VIII", "met", "No", "5"])
    }
}

/// What the interactive reader needs: one sentence at a time, on one clock.
struct SentenceBySentenceNarrationTests {
    @Test func sentencesSpokenOneAtATimeContinueTheClock() throws {
        let narrator = try Narrator(engine: RecordingSpeechEngine(), language: nil)
        let sink = MemorySink()
        let recorder = TimingRecorder()
        _ = try narrator.speak([Utterance("One two.")], to: sink, observer: recorder)
        let afterFirst = sink.samples.count
        _ = try narrator.speak([Utterance("Three.")], page: 1, to: sink, observer: recorder)
        #expect(recorder.timings.map(\.text) == ["One two.", "Three."])
        #expect(recorder.timings.map(\.position.page) == [0, 1])
        #expect(recorder.timings[1].startSample == afterFirst)
        #expect(sink.finishCount == 0)
    }
}
