import Testing

@testable import Importers

/// The byte-first check for visible text gives what the scalar-by-scalar
/// definition gives: ASCII white space is space, line feed, tab and
/// carriage return only (a vertical tab or form feed is visible, as it
/// always was here); beyond ASCII, Unicode's white space.
struct VisibleTextTests {
    @Test func byteCheckAgreesWithScalarDefinition() {
        let alphabet = Array(" \n\t\r\u{0B}\u{0C}\u{A0}\u{2003}\u{3000}xé“".unicodeScalars)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &random)
            // Mostly white space, so that the visible scalar falls anywhere.
            let scalars = (0..<length).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? alphabet.randomElement(using: &random) ?? " " : alphabet[Int.random(in: 0..<4, using: &random)]
            }
            let text = String(String.UnicodeScalarView(scalars))
            let expected = scalars.contains { scalar in
                scalar.isASCII ? !(scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r")
                    : !scalar.properties.isWhitespace
            }
            #expect(ContentReader.hasVisibleText(text) == expected, "\(scalars.map(\.value))")
            if ContentReader.hasVisibleText(text) != expected { return }
        }
    }
}
