import BookFiles
import Testing

/// `XMLText.escaped` reads bytes; it must say what the plain definition
/// over Unicode scalars says, for markup, controls, the noncharacters
/// U+FFFE and U+FFFF and their neighbours that share the lead byte 0xEF.
@Suite struct XMLTextTests {
    /// The definition: each scalar escaped, kept or dropped on its own.
    static func reference(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{301}",
        "\u{FEFF}", "\u{FF01}", "\u{FFBE}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{E000}", "中", "\u{1F600}",
    ]

    @Test func escapesAsTheDefinitionSays() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.append(Self.alphabet.randomElement(using: &generator) ?? "a")
            }
            let string = String(text)
            #expect(Array(XMLText.escaped(string).utf8) == Array(Self.reference(string).utf8), "\(string.unicodeScalars.map(\.value))")
        }
    }

    @Test func examples() {
        #expect(XMLText.escaped("Tom & \"Jerry\" <3") == "Tom &amp; &quot;Jerry&quot; &lt;3")
        #expect(XMLText.escaped("a\u{1}b\u{FFFE}c\u{FFFF}d\u{FFFD}\t\n") == "ab" + "cd\u{FFFD}\t\n")
        #expect(XMLText.escaped("plain text, nothing to do") == "plain text, nothing to do")
        #expect(XMLText.escaped("") == "")
    }
}
