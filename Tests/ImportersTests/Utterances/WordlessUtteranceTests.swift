import BookModel
import Importers
import Testing

@testable import TextPrimitives

/// No utterance is made of marks alone: a lone quote, an ellipsis, dashes,
/// a code block's brace or a separator line goes with a neighbour, and the
/// page's text stays whole.
private let pages: [(String, [TextBlock])] = [
    ("a separator line", [
        TextBlock(.paragraph, text: "It was over."), TextBlock(.paragraph, text: "* * *"),
        TextBlock(.paragraph, text: "Then it began again."),
    ]),
    ("code braces", ["foo ()", "{", "bar", "}"].map { TextBlock(.preformatted, text: $0) }),
    ("an opening ellipsis", [TextBlock(.paragraph, text: "… And so it went on. The end.")]),
    ("a lone quote after a sentence", [TextBlock(.paragraph, text: "“It is over. ” He left.")]),
    ("dashes alone", [TextBlock(.paragraph, text: "He stopped. — — — Then he went on.")]),
    ("Japanese dashes and a bracket", [TextBlock(.paragraph, text: "「そうか。——」と言った。")]),
]

@Test(arguments: pages.indices, [Granularity.word, .sentence, .paragraph])
func everyUtteranceHoldsAWord(_ index: Int, _ granularity: Granularity) {
    var options = ImportOptions()
    options.granularity = granularity
    let builder = UtteranceBuilder(options: options, language: index == pages.count - 1 ? "ja" : "en")
    let utterances = builder.utterances(for: pages[index].1)
    let wordless = utterances.filter { !$0.text.unicodeScalars.contains(where: ScalarClass.isLetterOrDigit) }
    #expect(wordless.isEmpty, "\(pages[index].0): \(wordless.map(\.text))")
    #expect(utterances.map(\.text).joined() == builder.pageText(for: pages[index].1), "\(pages[index].0)")
}

@Test func aMarkJoinsTheUtteranceBeforeAndKeepsTheLongerPause() {
    let builder = UtteranceBuilder(options: ImportOptions())
    let blocks = ["foo ()", "{", "bar", "}"].map { TextBlock(.preformatted, text: $0) }
    let utterances = builder.utterances(for: blocks)
    #expect(utterances.map(\.text) == ["foo ()\n{\n", "bar\n}"])
    let pageEnd = builder.utterances(for: [TextBlock(.preformatted, text: "bar")]).last?.prosody.postUtteranceDelay
    #expect(utterances.last?.prosody.postUtteranceDelay == pageEnd)
}
