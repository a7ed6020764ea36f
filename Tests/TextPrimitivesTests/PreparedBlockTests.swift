import Testing
@testable import TextPrimitives

/// A block's normalised text is what the rule says, whatever mix of prose,
/// white space, control characters and scalars beyond ASCII its runs hold:
/// the eight-bytes-a-step copy of plain prose agrees with it.
struct PreparedBlockTests {
    /// The rule, one scalar at a time: runs of spaces, tabs and (outside
    /// preformatted text) line breaks become one space, never first; a kept
    /// line break replaces the spaces before it; control characters go; the
    /// end is trimmed.
    static func normalised(_ texts: [String], keepsLines: Bool) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in texts.joined().unicodeScalars {
            let value = scalar.value
            if value > 0x20 && !(0x7F...0x9F).contains(value) {
                out.append(scalar)
            } else if [" ", "\t", "\u{B}", "\u{C}"].contains(scalar) || (scalar == "\n" && !keepsLines) {
                if let last = out.last, last != " ", last != "\n" { out.append(" ") }
            } else if scalar == "\n" {
                while let last = out.last, last == " " || last == "\n" { out.removeLast() }
                if !out.isEmpty { out.append("\n") }
            }
        }
        while let last = out.last, last == " " || last == "\n" { out.removeLast() }
        return out
    }

    @Test func normalisesAsTheRuleSays() {
        var random = SystemRandomNumberGenerator()
        let pieces = [
            "word", "Another", "prose with single spaces", " ", "  ", "\n", "\t", "\r\n", "\u{7F}", "\u{85}", "\u{A0}",
            "é", "“quoted”", "日本", "😀", ".", "!", "\u{1}", "x y z w v u t s r q", "  lead", "trail  ",
        ]
        for _ in 0..<3_000 {
            let runs = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            }
            for kind in [TextBlock.Kind.paragraph, .preformatted] {
                let block = PreparedBlock(TextBlock(kind, runs: runs.map { TextRun($0) }))
                let expected = Self.normalised(runs, keepsLines: kind == .preformatted)
                #expect(block.scalars == expected, "\(runs)")
            }
        }
    }
}

/// The scan for terminators stops at the first scalar that may be one and
/// passes none that is.
@Test func terminatorScanStopsWhereTheDefinitionSays() {
    var random = SystemRandomNumberGenerator()
    let alphabet: [Unicode.Scalar] = ["a", "Z", " ", ",", ".", "!", "?", "…", "‼", "。", "“", "”", "—", "’", "é", "\u{037E}", "\u{2010}", "\u{2020}"]
    for _ in 0..<5_000 {
        let scalars = (0..<Int.random(in: 0...40, using: &random)).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? (alphabet.randomElement(using: &random) ?? "a") : "a"
        }
        let lower = Int.random(in: 0...scalars.count, using: &random)
        let upper = Int.random(in: lower...scalars.count, using: &random)
        let found = ScalarClass.firstPossibleTerminator(in: scalars, range: lower..<upper)
        let firstTerminator = (lower..<upper).first { ScalarClass.isTerminator(scalars[$0]) } ?? upper
        #expect(found <= firstTerminator)
        #expect((lower..<found).allSatisfy { scalars[$0].value < 0x80 || (0x2010...0x201F).contains(scalars[$0].value) })
        #expect((lower..<found).allSatisfy { !".!?".unicodeScalars.contains(scalars[$0]) })
    }
}

/// Mostly ASCII text, which `String(scalars:)` encodes eight scalars a
/// step, gives the standard library's string at every length and offset.
@Test func mostlyASCIIScalarsMakeTheStandardLibrarysString() {
    var random = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
        let scalars: [Unicode.Scalar] = (0..<Int.random(in: 0...60, using: &random)).map { _ in
            Int.random(in: 0..<12, using: &random) == 0 ? "é" : Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random))
        }
        let lower = Int.random(in: 0...scalars.count, using: &random)
        let upper = Int.random(in: lower...scalars.count, using: &random)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        let made = String(scalars: scalars[lower..<upper])
        #expect(Array(made.utf8) == Array(String(view).utf8))
        #expect(made.count == String(view).count)
    }
}
