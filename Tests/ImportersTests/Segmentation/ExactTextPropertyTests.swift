import BookModel
import Importers
import Testing

@testable import Exporters
@testable import PropertyLists
@testable import TextPrimitives

/// Pieces that exercise the rules and the edges of Unicode.
private let pieces = [
    "Mr.", "Smith", "arrived.", "He", "sat", "down!", "Did", "he?", "e.g.", "3.14", "$1,000.50", "U.S.", "J.",
    "R.", "“Stop!”", "(aside)", "*bold*", "_it_", "SHOUT", "…", "...", "?!", "—", "-", "www.example.com",
    "吾輩は猫である。", "名前は？", "هل؟", "۔", "e\u{301}", "👍🏽", "🇫🇷", "a\u{200D}b", "\u{2060}", "\"", "'", ",", ";", ":",
    "\u{00A0}", "1.", "IV.", "x", "\t",
]
private let separators = [" ", " ", " ", "  ", "\n", "", "\u{3000}"]

private func randomText(_ generator: inout SplitMix64, words: Int) -> String {
    var text = ""
    for _ in 0..<words {
        text += pieces.randomElement(using: &generator) ?? ""
        text += separators.randomElement(using: &generator) ?? " "
    }
    return text
}

@Test(arguments: Granularity.allCases)
func utterancesAlwaysConcatenateToThePageText(_ granularity: Granularity) {
    var generator = SplitMix64(seed: 0x5EED)
    var options = ImportOptions()
    options.granularity = granularity
    let builder = UtteranceBuilder(options: options)
    for _ in 0..<300 {
        let kinds: [TextBlock.Kind] = [.paragraph, .heading(level: 1), .preformatted, .listItem(marker: "2."), .blockQuote]
        let blocks = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
            TextBlock(kinds.randomElement(using: &generator) ?? .paragraph,
                      runs: (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                          TextRun(randomText(&generator, words: Int.random(in: 0...40, using: &generator)),
                                  isEmphasized: Bool.random(using: &generator))
                      })
        }
        let utterances = builder.utterances(for: blocks)
        #expect(Page(utterances: utterances).displayText == builder.pageText(for: blocks))
        #expect(!utterances.contains { $0.text.isEmpty })
        #expect(utterances.allSatisfy { $0.prosody.outOfRangeProperties.isEmpty })
    }
}

/// Text → plist → model keeps every utterance string and prosody value.
@Test(arguments: [Granularity.word, .sentence])
func generatedTextSurvivesAPlistRoundTrip(_ granularity: Granularity) throws {
    var generator = SplitMix64(seed: 0xB00C)
    var options = ImportOptions()
    options.granularity = granularity
    for _ in 0..<20 {
        let paragraphs = (0..<5).map { _ in randomText(&generator, words: 60) }
        let text = "CHAPTER I.\n\n" + paragraphs.joined(separator: "\n\n")
        let book = Importing.text(bytes: Array(text.utf8), options: options).book
        let bytes = try NarratedPlistWriter.bytes(of: book, format: .xml)
        let back = try Importing.plist(bytes: bytes, format: .xmlPropertyList).book
        #expect(back.pages.map(\.displayText) == book.pages.map(\.displayText))
        #expect(back.utterances.map { $0.prosody.rate } == book.utterances.map { $0.prosody.rate })
        #expect(back.utterances.map { $0.prosody.postUtteranceDelay } == book.utterances.map { $0.prosody.postUtteranceDelay })
    }
}
