import BookModel
import Importers
import Testing

@testable import ProsodyHeuristics
@testable import TextPrimitives

/// The prosody rules seen from text: the builder must find each feature.
private func utterances(
    _ text: String, _ granularity: Granularity = .sentence, kind: TextBlock.Kind = .paragraph,
    language: String? = nil
) -> [Utterance] {
    var options = ImportOptions()
    options.granularity = granularity
    return UtteranceBuilder(options: options, language: language).utterances(for: [TextBlock(kind, text: text)])
}

private func pitch(_ utterance: Utterance?) -> Double { utterance?.prosody.pitchMultiplier ?? .nan }
private func rate(_ utterance: Utterance?) -> Double { utterance?.prosody.rate ?? .nan }
private func pause(_ utterance: Utterance?) -> Double { utterance?.prosody.postUtteranceDelay ?? 0 }

@Test func yesNoQuestionsRiseAboveStatements() {
    let result = utterances("It is late. Is it late?")
    #expect(pitch(result.last) > pitch(result.first))
}

@Test func whQuestionsStartHighAndFallInWordMode() {
    let words = utterances("Why is it late?", .word)
    #expect(pitch(words.first) > pitch(words[1]))
    let yesNo = utterances("Is it late?", .word)
    #expect(pitch(words.last) < pitch(yesNo.last))
}

@Test(arguments: [("Warum ist es spät?", "de"), ("Pourquoi est-il tard ?", "fr"), ("¿Dónde está?", "es")])
func questionWordsAreFoundInOtherLanguages(_ text: String, _ language: String) {
    let wh = utterances(text, .word, language: language)
    #expect(pitch(wh.first) > pitch(wh.dropFirst().first))
}

@Test func exclamationsAreHigherAndFaster() {
    let result = utterances("It is late. It is late!")
    #expect(pitch(result.last) > pitch(result.first))
    #expect(rate(result.last) > rate(result.first))
}

@Test func pausesGrowFromCommaToChapterEnd() {
    let words = utterances("One, two; three: four — five. Six\nseven.", .word, kind: .preformatted)
    let pauses = words.map(pause)
    // one, two; three: four — five. Six\n seven.
    #expect(pauses[0] < pauses[1] && pauses[3] < pauses[1] && pauses[1] < pauses[4])
    #expect(pauses[2] > pauses[0] && pauses[5] > pauses[0] && pauses[5] < pauses[4])
    #expect(pauses[6] == pauses.max())
    let blocks = [TextBlock(.paragraph, text: "First."), TextBlock(.paragraph, text: "Second. Third.")]
    let sentences = UtteranceBuilder(options: ImportOptions()).utterances(for: blocks)
    #expect(pause(sentences[1]) < pause(sentences[0]) && pause(sentences[0]) < pause(sentences[2]))
}

@Test func headingsAreSlowerLowerAndFollowedByALongerPause() {
    let heading = utterances("The Pool of Tears", kind: .heading(level: 1))
    let paragraph = utterances("The Pool of Tears")
    #expect(rate(heading.first) < rate(paragraph.first))
    #expect(pitch(heading.first) < pitch(paragraph.first))
    #expect(pause(heading.first) > pause(paragraph.first))
}

@Test func dialogueIsHigherThanNarration() {
    let words = utterances("She said “hello there” and left.", .word)
    #expect(pitch(words[2]) > pitch(words[1]) + 0.02)
}

@Test func parentheticalsAreLowerAndFaster() {
    let result = utterances("He came. (He always came.) He left.")
    #expect(pitch(result[1]) < pitch(result[2]))
    #expect(rate(result[1]) > rate(result[2]))
}

@Test(arguments: ["I said *now* and went", "I said _now_ and went", "I said NOW and went"])
func emphasisInTextIsHigherAndSlower(_ text: String) {
    let words = utterances(text, .word)
    let plain = utterances("I said now and went", .word)
    #expect(pitch(words[2]) > pitch(plain[2]))
    #expect(rate(words[2]) < rate(plain[2]))
}

@Test func emphasisFromRunsIsHigherAndSlower() {
    let blocks = [TextBlock(.paragraph, runs: [TextRun("I said "), TextRun("now", isEmphasized: true), TextRun(" and went")])]
    var options = ImportOptions()
    options.granularity = .word
    let words = UtteranceBuilder(options: options).utterances(for: blocks)
    #expect(words.map(\.text) == ["I ", "said ", "now ", "and ", "went"])
    #expect(pitch(words[2]) > pitch(words[3]))
}

@Test func capitalsInAHeadingOrRomanNumeralsAreNotEmphasis() {
    let heading = utterances("DOWN THE RABBIT HOLE", .word, kind: .heading(level: 1))
    #expect(Set(heading.dropLast().map(pitch)).count == heading.count - 1)  // only declination differs
    let numeral = utterances("Henry VIII came", .word)
    let name = utterances("Henry Tudor came", .word)
    #expect(pitch(numeral[1]) == pitch(name[1]))
}

@Test func pitchDeclinesAcrossASentenceInWordMode() {
    let words = utterances("one two three four five six seven", .word)
    let pitches = words.dropLast().map(pitch)
    #expect(pitches == pitches.sorted(by: >))
    #expect((pitches.first ?? 0) > (pitches.last ?? 0))
}

@Test func theWordBeforeAPauseIsSlower() {
    let words = utterances("one two, three four", .word)
    #expect(rate(words[1]) < rate(words[0]))
    #expect(rate(words[3]) < rate(words[2]))
}

@Test func namedPresetsAreWhatTheNaturalRulesGive() {
    let builder = UtteranceBuilder(options: ImportOptions())
    let blocks = [
        TextBlock(.heading(level: 1), text: "The Pool of Tears"),
        TextBlock(.paragraph, text: "It rained. Did it? It did! Fine."),
    ]
    let prosody = builder.utterances(for: blocks).map(\.prosody)
    #expect(prosody.prefix(4) == [.heading, .statement, .question, .exclamation])
    var neutral = UtteranceFeatures()
    neutral.carriesSentenceEnd = false
    #expect(ProsodyRules.prosody(for: neutral, profile: .natural) == .neutral)
}
