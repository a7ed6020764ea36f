import Segmentation
import Testing

/// `narrate info` counts sentences line by line; the lines are found by
/// byte and must be those `split(separator: "\n")` gives (a "\r\n" is one
/// Character, not a line break there).
@Suite struct SentenceCountLinesTests {
    static let pieces = ["a", "Bé", "\n", "\r", "\r\n", "\n\n", " ", "\u{301}", "😀", "。", "x.\n"]

    @Test func linesAreThoseOfSplittingAtLineFeedCharacters() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            let expected = text.split(separator: "\n").map(String.init)
            let found = SentenceSplitter.lines(of: text)
            #expect(found.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(Array(text.utf8))")
        }
    }

    @Test func examples() {
        #expect(SentenceSplitter.lines(of: "One.\nTwo.\n\nThree.") == ["One.", "Two.", "Three."])
        #expect(SentenceSplitter.lines(of: "a\r\nb") == ["a\r\nb"])
        #expect(SentenceSplitter.lines(of: "\n\n").isEmpty)
    }
}
