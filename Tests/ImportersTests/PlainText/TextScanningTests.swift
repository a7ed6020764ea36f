import Testing

@testable import Importers

/// The plain-text importer's fast paths (byte scans, early exits) against
/// the plain definitions they stand for, on lines made to hit their edges.
@Suite struct TextScanningTests {
    /// Pieces whose joins make the edge cases: whitespace of every kind,
    /// combining marks after spaces, CR LF, form feeds, capitals, numbers.
    static let pieces = [
        "", " ", "  ", "\t", "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{3000}", "\u{2028}",
        "\u{301}", "a", "A", "É", "é", "İ", "ß", "Chapter", "CHAPTER", "IV.", "12", "one", "Part", "x", "—", "“",
        "”", ",", ";", ".", "\u{600}", "word", "Kapitel", "ÉCOLE", "Ⅻ", "١٢", "‘", "’", "…", "«", "»", "¿", "¡",
        "–", "ÿ", "\u{200D}", "\u{E33}", "\u{1F3FB}", "\u{2003}", "\u{202F}", "\u{FE0F}",
    ]

    /// Every join of up to three pieces with separators between, and some longer lines.
    static let lines: [String] = {
        var lines: [String] = []
        for a in pieces {
            for b in pieces where b.count < 3 || a.count < 3 {
                lines.append(a + b)
                lines.append(a + " " + b + " " + a)
                lines.append(" " + a + "\t" + b + "\u{301}")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...30, using: &generator)
            lines.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: ["", " ", "\t"].randomElement(using: &generator)!))
        }
        return lines
    }()

    @Test func trimmingWhitespaceCutsWhatTheCharacterRuleCuts() {
        for line in Self.lines {
            let start = line.firstIndex { !$0.isWhitespace } ?? line.endIndex
            let end = line.lastIndex { !$0.isWhitespace }.map { line.index(after: $0) } ?? start
            let expected = String(line[start..<max(start, end)])
            #expect(line.trimmingWhitespace() == expected, "\(line.debugDescription)")
            #expect(line[...].trimmingWhitespace() == expected, "\(line.debugDescription)")
        }
    }

    @Test func theFirstWordsAreThoseSplittingGives() {
        for line in Self.lines {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let first = HeadingLine.firstWords(of: line)
            #expect(first.count == min(words.count, 3), "\(line.debugDescription)")
            #expect(Array(first.prefix(2)) == Array(words.prefix(2)), "\(line.debugDescription)")
        }
    }

    @Test func capitalisedLinesAreShortLinesOfCapitals() {
        for line in Self.lines + ["ABC", "AB", "ABC,", "ABC;", String(repeating: "A", count: 60), String(repeating: "A", count: 61)] {
            var expected = false
            if line.count <= 60, let last = line.last, !",;".contains(last) {
                let letters = line.filter(\.isLetter)
                expected = letters.count >= 3 && letters.allSatisfy(\.isUppercase)
            }
            #expect(HeadingLine.isCapitalised(line) == expected, "\(line.debugDescription)")
        }
    }

    @Test(arguments: [false, true])
    func linesAreCutAsSplittingAtLineFeedsCuts(isLast: Bool) {
        let texts = Self.lines.indices.map { index in
            Self.lines[index..<min(index + 7, Self.lines.count)].joined(separator: ["\n", "\r\n", "\n\u{0C}"][index % 3])
                + (isLast ? "" : "\n")
        }
        for text in texts {
            var expected = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            if !isLast { expected.removeLast() }
            #expect(TextChunkReader.lines(of: text, isLast: isLast) == expected.map(PlainTextParser.line),
                "\(text.debugDescription)")
        }
    }

    @Test func textIsNormalisedWhereverItNeedsIt() {
        let controls = ["\r", "\r\n", "\u{2028}", "\u{2029}", "\u{0}", "\u{1}", "\u{7F}", "\u{80}", "\u{9F}", "\u{FEFF}",
            "\u{A0}", "\u{85}", "\t", "\u{0C}", "é", "\u{2027}", "\u{202A}", "\u{FEFE}", "\u{C2}"]
        for line in Self.lines.prefix(400) {
            for control in controls {
                for text in [control + line, line + control, line + control + line] {
                    #expect(TextDecoder.normalised(text) == TextDecoder.normalisingEveryScalar(text), "\(text.debugDescription)")
                }
            }
        }
    }
}

@Test func bulletsAreToldByTheirScalarAsTheSetTellsThem() {
    let candidates = Array(ListLine.bullets) + ["-\u{301}", "•\u{FE0F}", "a", "—", "·", "○", "■", "1", " ", "\u{2212}", "＊", "e\u{301}"]
    for character in candidates {
        #expect(ListLine.isBullet(character) == ListLine.bullets.contains(character), "\(character.debugDescription)")
    }
    for scalar in (0...0x3000).compactMap(Unicode.Scalar.init) {
        let character = Character(scalar)
        #expect(ListLine.isBullet(character) == ListLine.bullets.contains(character))
    }
}
