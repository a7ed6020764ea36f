import BookModel
import Importers
import Testing

@testable import TextPrimitives

/// Checks on the real books of ../shared/corpus/text; each skips with a
/// message when the corpus is absent.
private func imported(_ file: String, _ granularity: Granularity = .sentence) -> Book? {
    guard let bytes = PlainTextFixture.corpus(file) else { return nil }
    var options = ImportOptions()
    options.granularity = granularity
    return Importing.text(bytes: bytes, options: options).book
}

private let corpusFiles = ["en_alice.utf8.txt", "en_alice.utf16-bom.txt", "fr_ubuntu-packaging-guide.latin1.txt"]

@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"))
func aliceHasItsTwelveChaptersWithTheirTitles() throws {
    let book = try #require(imported("en_alice.utf8.txt"))
    #expect(book.pages.map(\.title) == [
        "Imprint", "I. Down the Rabbit-Hole", "II. The Pool of Tears", "III. A Caucus-Race and a Long Tale",
        "IV. The Rabbit Sends in a Little Bill", "V. Advice from a Caterpillar", "VI. Pig and Pepper",
        "VII. A Mad Tea-Party", "VIII. The Queen’s Croquet-Ground", "IX. The Mock Turtle’s Story",
        "X. The Lobster Quadrille", "XI. Who Stole the Tarts?", "XII. Alice’s Evidence", "List of Illustrations",
        "Colophon", "Uncopyright",
    ])
}

@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"))
func aliceReadsTheSameInUTF8AndUTF16() throws {
    let utf8 = try #require(imported("en_alice.utf8.txt"))
    let utf16 = try #require(imported("en_alice.utf16-bom.txt"))
    #expect(utf8.pages == utf16.pages)
}

@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"))
func theFrenchGuideIsFoundFrenchWithItsNumberedChapters() throws {
    let book = try #require(imported("fr_ubuntu-packaging-guide.latin1.txt"))
    #expect(book.metadata.language == "fr")
    #expect(book.pages.contains { $0.title == "2. Mise en route" })
    #expect(book.pages.allSatisfy { !$0.displayText.contains("\u{FFFD}") })
}

/// Every granularity cuts the same page text, and no utterance is empty or
/// (above word level, with room to cut) longer than a clause limit allows.
@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"), arguments: corpusFiles)
func everyGranularityConcatenatesToTheSamePageText(_ file: String) throws {
    let sentences = try #require(imported(file, .sentence))
    let words = try #require(imported(file, .word))
    let paragraphs = try #require(imported(file, .paragraph))
    #expect(sentences.pages.map(\.displayText) == words.pages.map(\.displayText))
    #expect(sentences.pages.map(\.displayText) == paragraphs.pages.map(\.displayText))
    #expect(!sentences.utterances.contains { $0.text.isEmpty })
    #expect(!sentences.utterances.contains { $0.text.unicodeScalars.count > 320 })
}

/// The pages hold all of the file's words: with whitespace removed, their
/// text is the file's text (less image placeholders `[]`).
@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"))
func aliceLosesNoTextAndGainsNone() throws {
    let bytes = try #require(PlainTextFixture.corpus("en_alice.utf8.txt"))
    let book = try #require(imported("en_alice.utf8.txt", .word))
    let source = TextDecoder(bytes: bytes).text.split(separator: "\n").filter { $0 != "[]" }.joined()
    let spoken = book.pages.map(\.displayText).joined()
    #expect(spoken.filter { !$0.isWhitespace } == source.filter { !$0.isWhitespace })
}

/// No page of a corpus text is titled with a note (a line ending in a
/// back-link, opening with a bracketed number, or pandoc's `1.  ` list label).
@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"), arguments: corpusFiles)
func noCorpusPageIsTitledWithANote(_ file: String) throws {
    var options = ImportOptions()
    options.readsNotes = true
    let bytes = try #require(PlainTextFixture.corpus(file))
    for title in Importing.text(bytes: bytes, options: options).book.pages.compactMap(\.title) {
        let isNoteLike = title.hasSuffix("↩") || title.hasPrefix("[") || title.wholeMatch(of: /\d+\.  .*/) != nil
        #expect(!isNoteLike, "\(file): \(title)")
    }
}

/// Alice with its quotation marks turned the British way (speech in ‘…’,
/// quotations inside it in “…”; or, as a plain text would have it, in '…'
/// and "…" with ' for every apostrophe) is said as Alice is: the same
/// utterances, and the same prosody for at least 99.5% of them (99.3% in
/// straight quotes). Measured: 99.6% and 99.4% since quoted verse goes on
/// across lines, 99.9% and 99.6% before; 98.9% and 98.7% before speech
/// opened after a word, `muttering to itself ‘The Duchess!`, was read; 55%
/// before single quotes were read as speech. What differs is nested
/// quotations read by their outer marks (the Lobster Quadrille's stanzas,
/// inside the whiting's quoted speech inside the song), speech tags after
/// a nested quotation, and, in the ASCII text, a few page ends.
@Test(.enabled(if: PlainTextFixture.corpusIsPresent, "../shared/corpus/text is absent"), arguments: [false, true])
func aliceQuotedTheBritishWayIsSaidAsAliceIs(straight: Bool) throws {
    let bytes = try #require(PlainTextFixture.corpus("en_alice.utf8.txt"))
    let british = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .map { britishQuotes($0, straight: straight) }.joined(separator: "\n")
    let alice = Array(Importing.text(bytes: bytes).book.utterances)
    let requoted = Array(Importing.text(bytes: Array(british.utf8)).book.utterances)
    try #require(alice.count == requoted.count)
    let same = zip(alice, requoted).filter { $0.prosody == $1.prosody }.count
    #expect(Double(same) >= (straight ? 0.993 : 0.995) * Double(alice.count), "\(same) of \(alice.count)")
}

/// A paragraph's “…” as ‘…’, and the ‘…’ inside them as “…” (an
/// apostrophe, a ’ before a letter or digit, stays); `straight`: as '…'
/// and "…", with ' for every other ‘ and ’.
private func britishQuotes(_ paragraph: Substring, straight: Bool) -> String {
    var result = ""
    var (depth, nested) = (0, false)
    let characters = Array(paragraph)
    let (open, close, innerOpen, innerClose): (Character, Character, Character, Character) =
        straight ? ("'", "'", "\"", "\"") : ("‘", "’", "“", "”")
    for (index, character) in characters.enumerated() {
        switch character {
        case "“": depth += 1; result.append(open)
        case "”": depth = max(0, depth - 1); nested = false; result.append(close)
        case "‘" where depth > 0: nested = true; result.append(innerOpen)
        case "’" where depth > 0 && nested && !(index + 1 < characters.count && (characters[index + 1].isLetter || characters[index + 1].isNumber)):
            nested = false
            result.append(innerClose)
        case "‘" where straight, "’" where straight: result.append("'")
        default: result.append(character)
        }
    }
    return result
}
