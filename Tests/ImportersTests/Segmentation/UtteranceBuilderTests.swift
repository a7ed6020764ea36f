import BookModel
import Importers
import Testing

@testable import ProsodyHeuristics
@testable import TextPrimitives

private func builder(_ granularity: Granularity, prosody: ProsodyProfile = .natural) -> UtteranceBuilder {
    var options = ImportOptions()
    options.granularity = granularity
    options.prosody = prosody
    return UtteranceBuilder(options: options)
}

private func texts(_ blocks: [TextBlock], _ granularity: Granularity) -> [String] {
    builder(granularity).utterances(for: blocks).map(\.text)
}

@Test func wordModeKeepsEachWordsPunctuationAndTrailingSpaceLikeTheTutorial() {
    let blocks = [TextBlock(.paragraph, text: "Whisky, frisky, hippidity hop.")]
    #expect(texts(blocks, .word) == ["Whisky, ", "frisky, ", "hippidity ", "hop."])
}

@Test func wordModeAttachesLonePunctuationAndCutsAfterJoiningDashes() {
    let blocks = [TextBlock(.paragraph, text: "— Wait — said the beast\u{2060}—And left …")]
    #expect(texts(blocks, .word) == ["— Wait — ", "said ", "the ", "beast\u{2060}—", "And ", "left …"])
}

@Test func sentenceModeCutsAtSentencesAndSeparatesBlocksWithALineBreak() {
    let blocks = [TextBlock(.heading(level: 1), text: "Chapter One"),
                  TextBlock(.paragraph, text: "It rained.  Nobody\n  came!")]
    #expect(texts(blocks, .sentence) == ["Chapter One\n", "It rained. ", "Nobody came!"])
}

@Test func paragraphModeMakesOneUtterancePerBlock() {
    let blocks = [TextBlock(.paragraph, text: "One. Two."), TextBlock(.paragraph, text: "Three.")]
    #expect(texts(blocks, .paragraph) == ["One. Two.\n", "Three."])
}

@Test func listItemsSpeakTheirMarker() {
    let blocks = [TextBlock(.listItem(marker: "3."), text: "Buy milk. Then go home.")]
    #expect(texts(blocks, .sentence) == ["3. Buy milk. ", "Then go home."])
}

@Test func preformattedTextKeepsItsLineBreaks() {
    let blocks = [TextBlock(.preformatted, text: "  All in the golden afternoon\n  Full leisurely we glide;\n")]
    #expect(texts(blocks, .sentence) == ["All in the golden afternoon\nFull leisurely we glide;"])
}

@Test func emptyBlocksAreSkipped() {
    let blocks = [TextBlock(.paragraph, text: "  \n "), TextBlock(.paragraph, text: "Hi.")]
    #expect(texts(blocks, .sentence) == ["Hi."])
}

@Test func longSentencesAreCutAtTheirBestClauseBoundary() {
    let clause = String(repeating: "the quick brown fox jumps over a lazy dog ", count: 4)
    let sentence = "First " + clause + "and runs, then " + clause + "; later " + clause + "it sleeps."
    let pieces = texts([TextBlock(.paragraph, text: sentence)], .sentence)
    #expect(pieces.count > 1)
    #expect(pieces.allSatisfy { $0.unicodeScalars.count <= 300 })
    #expect(pieces.joined() == sentence)
    #expect(pieces.dropLast().map { String($0.suffix(2)) } == [", ", "; "])
}

@Test(arguments: Granularity.allCases)
func utterancesConcatenateToThePageText(_ granularity: Granularity) {
    let blocks = [
        TextBlock(.heading(level: 2), runs: [TextRun("The "), TextRun("Title", isEmphasized: true)]),
        TextBlock(.paragraph, runs: [TextRun("  “Who are you?” said\nthe Caterpillar. "), TextRun(" (Alice was shy.)")]),
        TextBlock(.listItem(marker: "b)"), text: "A list item"),
        TextBlock(.paragraph, text: "吾輩は猫である。名前はまだ無い。"),
    ]
    let builder = builder(granularity)
    let page = Page(utterances: builder.utterances(for: blocks))
    #expect(page.displayText == builder.pageText(for: blocks))
    #expect(!page.utterances.contains { $0.text.isEmpty })
}

@Test func utterancesTakeLanguageAndSourceFromTheirRun() {
    let source = SourceLocation(resource: "ch1.xhtml", line: 4)
    let blocks = [TextBlock(.paragraph, runs: [TextRun("Bonjour. ", language: "fr", source: source), TextRun("Hello.")])]
    let utterances = builder(.sentence).utterances(for: blocks)
    #expect(utterances.map(\.language) == ["fr", nil])
    #expect(utterances.first?.source == source)
}

@Test(arguments: [
    // The Waste Land's epigraph: punctuation between the runs stays with the words before it.
    ([("Σίβυλλα τί θέλεις", "grc"), ("; ", nil), ("respondebat illa", "la"), (": ", nil), ("ἀποθανεῖν θέλω", "grc"), (".\"", nil)],
     [("Σίβυλλα τί θέλεις; ", "grc"), ("respondebat illa: ", "la"), ("ἀποθανεῖν θέλω.\"", "grc")]),
    ([("\"You! ", nil), ("hypocrite lecteur! - mon semblable, - mon frère !", "fr"), ("\"", nil)],
     [("\"You! ", nil), ("hypocrite lecteur! - mon semblable, - mon frère !\"", "fr")]),
    ([("Datta", "sa"), (": what have we given?", nil)], [("Datta: ", "sa"), ("what have we given?", nil)]),
    ([("夏目漱石（", nil), ("Natsume Soseki", "en"), ("、慶応3年）は、小説家。", nil)],
     [("夏目漱石（", nil), ("Natsume Soseki、", "en"), ("慶応3年）は、小説家。", nil)]),
] as [([(String, String?)], [(String, String?)])])
func aSentenceThatSwitchesLanguageIsCutWhereItsWordsDo(runs: [(String, String?)], expected: [(String, String?)]) {
    let blocks = [TextBlock(.paragraph, runs: runs.map { TextRun($0.0, language: $0.1) })]
    let utterances = builder(.sentence).utterances(for: blocks)
    #expect(utterances.map(\.text) == expected.map(\.0))
    #expect(utterances.map(\.language) == expected.map(\.1))
}

@Test func profileNoneWritesNoProperties() {
    let blocks = [TextBlock(.paragraph, text: "Who is it? Nobody!")]
    #expect(builder(.word, prosody: .none).utterances(for: blocks).allSatisfy { $0.prosody.isEmpty })
}

@Test(arguments: ProsodyProfile.allCases, Granularity.allCases)
func prosodyStaysInsideAVSpeechRanges(_ profile: ProsodyProfile, _ granularity: Granularity) {
    let text = "“WHAT?!” cried the *very* (rather) angry Queen; “Off with her head!” Why? Is it so… I wonder."
    let blocks = [TextBlock(.heading(level: 1), text: "CHAPTER VIII."), TextBlock(.paragraph, text: text)]
    for utterance in builder(granularity, prosody: profile).utterances(for: blocks) {
        #expect(utterance.prosody.outOfRangeProperties.isEmpty, "\(utterance.text): \(utterance.prosody)")
    }
}

@Test func longTextWithoutSpacesIsCutAtIdeographicCommasOrSafely() {
    let clause = String(repeating: "猫", count: 200)
    let withComma = clause + "、" + clause + "。"
    let pieces = texts([TextBlock(.paragraph, text: withComma)], .sentence)
    #expect(pieces == [clause + "、", clause + "。"])
    let accented = String(repeating: "e\u{301}", count: 400)
    let cut = texts([TextBlock(.paragraph, text: accented)], .sentence)
    #expect(cut.count > 1 && cut.joined() == accented)
    #expect(cut.allSatisfy { $0.unicodeScalars.first != "\u{301}" })
}
