import Testing

@testable import BookFiles

/// Trimming XML's white space gives what trimming the four Characters
/// (space, tab, line feed, carriage return) gives, on text that has them,
/// "\r\n" (one Character, kept), a space joined by a combining mark (kept)
/// and other spaces (kept) at either end.
struct ASCIIWhitespaceTests {
    @Test func trimmingAgreesWithTrimmingCharacters() {
        let pieces = [" ", "\t", "\n", "\r", "\r\n", "a", "é", "\u{301}", "\u{A0}", "#"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }
                .joined()
            let spaces: Set<Character> = [" ", "\t", "\n", "\r"]
            let expected = String(text.drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed())
            #expect(text.trimmingASCIIWhitespace() == expected, "\(Array(text.unicodeScalars).map(\.value))")
            #expect(text.trimmingASCIIWhitespace().utf8.elementsEqual(expected.utf8))
            if text.trimmingASCIIWhitespace() != expected { return }
        }
    }
}
