import Testing

@testable import Importers

/// ASCII text is collapsed on its bytes, other text by Characters: every
/// string of a few ASCII pieces must come out as it does after a non-ASCII
/// letter (which sends it the Character way).
@Test func asciiWhitespaceCollapsesAsCharactersDo() {
    let pieces = ["a", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "bc"]
    var texts = [""]
    for _ in 0..<4 { texts = texts.flatMap { text in pieces.map { text + $0 } } }
    for text in texts {
        let collapsed = text.collapsingWhitespace()
        let afterLetter = collapsed.isEmpty ? "é" : (text.first?.isWhitespace == true ? "é " : "é") + collapsed
        #expect(("é" + text).collapsingWhitespace() == afterLetter, "\(text.debugDescription)")
    }
    #expect(" \t Pride  and\r\nPrejudice \n".collapsingWhitespace() == "Pride and Prejudice")
}
