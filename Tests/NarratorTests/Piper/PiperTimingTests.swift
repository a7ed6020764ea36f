import Testing

@testable import Narrator

/// How a Piper voice's phonemes are tied to the text's words and its
/// durations to samples: no model needed.
struct PiperTimingTests {
    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test func wordsJoinedByEspeakStillEachFindTheirFirstPhoneme() {
        // "of the cat": espeak-ng says `ʌvðə kˈæt`, one chunk for two words.
        let map = PhonemeWordMap(sentence: scalars("ʌvðə kˈæt"), wordPhonemes: ["ʌv", "ðˈə", "kˈæt"])
        #expect(map.firstPhonemes(wordCount: 3) == [0, 2, 5])
    }

    @Test func aWordSaidAsSeveralChunksStartsAtTheFirst() {
        // "in 1999": the number is three chunks in the sentence.
        let sentence = scalars("ɪn nˈaɪntiːn nˈaɪnti nˈaɪn")
        let map = PhonemeWordMap(sentence: sentence, wordPhonemes: ["ɪn", "nˈaɪntiːn nˈaɪnti nˈaɪn"])
        #expect(map.firstPhonemes(wordCount: 2) == [0, 3])
    }

    @Test func aWordSaidDifferentlyInContextKeepsItsPlace() {
        // "the apple": alone "ðə", before a vowel "ði".
        let map = PhonemeWordMap(sentence: scalars("ði ˈæpəl"), wordPhonemes: ["ðə", "ˈæpəl"])
        #expect(map.firstPhonemes(wordCount: 2) == [0, 4])
    }

    @Test func durationsAfterTheAudioGiveEachPhonemesStart() throws {
        // Two phonemes: IDs ^ _ p1 _ p2 _ $ lasting 1 1 2 1 3 1 1 frames.
        let frames: [Float] = [1, 1, 2, 1, 3, 1, 1]
        let output = [Float](repeating: 0.1, count: 10 * 256) + frames
        let durations = try #require(output.withUnsafeBufferPointer { PiperDurations(output: $0, phonemeCount: 2) })
        #expect(durations.audioCount == 2560)
        // The first with the pad before it (after "^").
        #expect(durations.startSample(ofPhoneme: 0) == 1 * 256)
        #expect(durations.startSample(ofPhoneme: 1) == 5 * 256)
    }

    /// The word starts with the space before it, its stress mark included
    /// (where its sound rises: docs/neural-voice.md).
    @Test func theSpaceAndStressMarkBeforeAWordsFirstSoundStartTheWord() {
        let clauses = [IPAClause(ipa: "ðə ˈæpəl", terminator: ".")]
        let tokens = Set("ðəˈæpl .".unicodeScalars)
        let plan = PiperSentencePlan(texts: ["The apple."], clauses: clauses, wordPhonemes: ["ðə", "ˈæpəl"], tokens: tokens)
        #expect(plan.sentences.count == 1)
        #expect(plan.sentences.first?.wordStarts.map(\.phoneme) == [0, 2])
    }

    @Test(arguments: [
        ("durations that do not add up to the audio", [Float(1), 1, 2, 1, 3, 1, 2]),
        ("no durations at all (a voice not prepared by narrate)", []),
        ("fractional durations", [1, 1, 2.5, 1, 2.5, 1, 1]),
    ])
    func outputThatFailsTheCheckHasNoDurations(_ case: String, tail: [Float]) {
        let output = [Float](repeating: 0.2, count: 2560) + tail
        #expect(output.withUnsafeBufferPointer { PiperDurations(output: $0, phonemeCount: 2) } == nil, "\(`case`)")
    }

    @Test func withoutDurationsPhonemesShareTheAudioEvenly() {
        #expect(PiperDurations.estimatedStart(ofPhoneme: 5, count: 10, audioCount: 22050) == 11025)
        #expect(PiperDurations.estimatedStart(ofPhoneme: 0, count: 0, audioCount: 22050) == 0)
    }

    @Test func aPlanCutsSentencesKeepsPunctuationAndLeavesOutUnknownSymbols() {
        let clauses = [
            IPAClause(ipa: "həlˈoʊ", terminator: ","), IPAClause(ipa: "wˈɜːld", terminator: "."),
            IPAClause(ipa: "baɪ", terminator: "!"),
        ]
        let tokens = Set("həlˈoʊwɜːdba ,.!".unicodeScalars).subtracting(["ː"])
        let plan = PiperSentencePlan(
            texts: ["Hello, world.", "Bye!"], clauses: clauses, wordPhonemes: ["həlˈoʊ", "wˈɜːld", "baɪ"], tokens: tokens)
        #expect(plan.sentences.count == 2)
        let first = plan.sentences[0]
        #expect(String(String.UnicodeScalarView(first.codepoints.compactMap { Unicode.Scalar(UInt32($0)) })) == "həlˈoʊ, wˈɜld.")
        #expect(first.wordStarts.map(\.phoneme) == [0, 7])
        #expect(first.wordStarts.map(\.word) == [.init(segment: 0, range: 0..<6), .init(segment: 0, range: 7..<13)])
        #expect(plan.sentences[1].wordStarts.map(\.word) == [.init(segment: 1, range: 0..<4)])
        #expect(plan.sentences[1].segment == 1 && plan.sentences[1].endsSentence)
    }

    @Test(arguments: [
        ("I say tomato today", ", and you", Character?.some(",")), ("Why? ", "Because", "?"), ("Well…", nil, "."),
        ("word", nil, nil), ("“Yes!” ", "he said", "!"), ("wife.\n\n", "However", "."),
    ])
    func aClausesTerminatorIsTheLastPunctuationBeforeTheNextWord(_ text: String, next: String?, expected: Character?) {
        #expect(IPAClause.terminator(of: text[...], before: next?[...]) == expected)
    }

    @Test func languageSwitchMarksAreNotPhonemes() {
        #expect(IPAClause.withoutLanguageMarks("(fr)bɔ̃ʒuːʁ(en) wˈɜːld") == "bɔ̃ʒuːʁ wˈɜːld")
    }

    /// A word's cue in the silence of a pause moves to where its sound begins.
    @Test func aWordStartInSilenceMovesToWhereTheSoundBegins() {
        var samples = [Int16](repeating: 0, count: 22_050)
        for index in 4_000..<8_000 { samples[index] = index % 2 == 0 ? 3_000 : -3_000 }
        for index in 1_000..<1_500 { samples[index] = 50 }  // −56 dBFS: still silence
        #expect(PiperEngine.soundStart(in: samples, from: 2_000, sampleRate: 22_050) == 3_980)
        #expect(PiperEngine.soundStart(in: samples, from: 5_000, sampleRate: 22_050) == 5_000, "in sound: kept")
        // More than 300 ms of silence: the stated start is kept.
        #expect(PiperEngine.soundStart(in: samples, from: 8_000, sampleRate: 22_050) == 8_000)
        #expect(PiperEngine.soundStart(in: samples, from: 22_050, sampleRate: 22_050) == 22_050)
    }
}
