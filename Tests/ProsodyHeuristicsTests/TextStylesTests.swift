import Testing

@testable import ProsodyHeuristics

/// The word-at-a-time counts behind `TextStyles.mostly(in:)` agree with
/// counting flag by flag, at every length and alignment.
struct TextStylesTests {
    @Test func wordAtATimeCountsAgreeWithCountingEachFlag() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let flags = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 0...15, using: &random) }
            let start = Int.random(in: 0...flags.count, using: &random)
            let end = Int.random(in: start...flags.count, using: &random)
            let slice = flags[start..<end]
            let letters = slice.filter { $0 & 8 != 0 }
            let expected = (
                letters: letters.count, dialogue: letters.filter { $0 & 1 != 0 }.count,
                parenthetical: letters.filter { $0 & 2 != 0 }.count, emphasized: letters.filter { $0 & 4 != 0 }.count)
            let counts = flags.withUnsafeBytes { TextStyles.counts(of: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            #expect(counts == expected, "\(Array(slice))")
        }
    }

    /// Most letters decide; marks and spaces do not count.
    @Test func stylesAreThoseOfMostLetters() {
        let text = Array("He said “yes, yes” (quietly) and *went*".unicodeScalars)
        let styles = TextStyles(text, emphasizedRanges: [])
        let quoted = 9..<17
        #expect(String(String.UnicodeScalarView(text[quoted])) == "yes, yes")
        #expect(styles.mostly(in: quoted) == .dialogue)
        let aside = 19..<27
        #expect(String(String.UnicodeScalarView(text[aside])) == "(quietly")
        #expect(styles.mostly(in: aside) == .parenthetical)
        #expect(styles.mostly(in: 0..<7).isEmpty)
        #expect(styles.mostly(in: 33..<39) == .emphasized)
    }

    /// A word in capitals is emphasised whether its letters are ASCII or
    /// not, and a word ends at the space after a letter beyond ASCII.
    @Test func wordsInCapitalsMayHoldLettersBeyondASCII() {
        let text = Array("un café BAR ici, le CAFÉ était ÉTÉ mais pas CAFé".unicodeScalars)
        let styles = TextStyles(text, emphasizedRanges: [])
        func style(of word: String) -> TextStyles.Flags {
            let scalars = Array(word.unicodeScalars)
            let start = (0...(text.count - scalars.count)).first { Array(text[$0..<($0 + scalars.count)]) == scalars } ?? 0
            return styles.mostly(in: start..<(start + scalars.count))
        }
        #expect(style(of: "BAR") == .emphasized)
        #expect(style(of: "CAFÉ") == .emphasized)
        #expect(style(of: "ÉTÉ") == .emphasized)
        #expect(style(of: "café").isEmpty)
        #expect(style(of: "CAFé").isEmpty)
        #expect(style(of: "était").isEmpty)
    }
}
