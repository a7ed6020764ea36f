import BookModel

/// The inputs Debian 12's cmark-gfm (0.29.0.gfm.6) takes quadratic time
/// over, made linear before it sees them: a table row's time grows with the
/// square of its cells (240 KB of a 40,000-cell header took over a minute),
/// a paragraph's with the square of its link brackets (`![[]()` 50,000
/// times, 300 KB, over 100 s). A line with more than ``maxBarsPerLine``
/// `|` has them escaped (it is no table row; its text is read), a
/// paragraph with more than ``maxBracketsPerParagraph`` `[` inside its
/// lines has those escaped (no links; the text is read); real books come
/// nowhere near either. Each is reported once, with the first line.
struct QuadraticInputs {
    static let maxBarsPerLine = 256
    static let maxBracketsPerParagraph = 4096
    /// Past this many `|` in all, tables are read as text: cmark-gfm's
    /// table cells take about 500 bytes each (8 MB of 200-cell rows: 4.7 GB).
    static let maxBars = 100_000

    /// The Markdown, escaped where it had to be.
    private(set) var bytes: [UInt8]
    /// One warning per kind of escaping done.
    private(set) var warnings: [Warning] = []
    /// Whether pipe tables are read as tables (at most ``maxBars`` bars).
    private(set) var readsTables = true

    /// - Parameter lineOffset: lines before `markdown` in its file, for the warnings.
    init(_ markdown: [UInt8], lineOffset: Int = 0) {
        bytes = markdown
        guard markdown.contains(UInt8(ascii: "|")) || markdown.contains(UInt8(ascii: "[")) else { return }
        if markdown.count(where: { $0 == UInt8(ascii: "|") }) > Self.maxBars {
            readsTables = false
            warnings.append(Warning("more than \(Self.maxBars) table bars (|): tables are read as text, to bound memory"))
        }
        var output: [UInt8] = []
        output.reserveCapacity(markdown.count)
        var paragraph: [Range<Int>] = []
        var lineNumber = lineOffset
        var wideRows: (first: Int, count: Int)?
        var bracketParagraphs: (first: Int, count: Int)?
        var start = 0
        while start < markdown.count {
            let end = markdown[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? markdown.count
            lineNumber += 1
            if Self.isBlank(markdown[start..<end]) {
                Self.flush(markdown, &paragraph, into: &output, endingAt: lineNumber - 1, counting: &bracketParagraphs)
                output += markdown[start..<end]
            } else {
                paragraph.append(start..<end)
                if markdown[start..<end].count(where: { $0 == UInt8(ascii: "|") }) > Self.maxBarsPerLine {
                    wideRows = (wideRows?.first ?? lineNumber, (wideRows?.count ?? 0) + 1)
                }
            }
            start = end
        }
        Self.flush(markdown, &paragraph, into: &output, endingAt: lineNumber, counting: &bracketParagraphs)
        bytes = output
        if let (first, count) = wideRows {
            warnings.append(Warning("\(Self.lines(count)) with more than \(Self.maxBarsPerLine) table bars (|): read as text, not as table rows",
                at: "line \(first)"))
        }
        if let (first, count) = bracketParagraphs {
            warnings.append(Warning("\(count == 1 ? "a paragraph" : "\(count) paragraphs") with more than \(Self.maxBracketsPerParagraph) link brackets ([): read as text, not as links",
                at: "line \(first)"))
        }
    }

    private static func lines(_ count: Int) -> String { count == 1 ? "a line" : "\(count) lines" }

    /// Copies a paragraph's lines to `output`, escaping bars of wide lines
    /// and, past the limit, brackets after each line's indentation.
    private static func flush(_ markdown: [UInt8], _ paragraph: inout [Range<Int>], into output: inout [UInt8],
        endingAt lastLine: Int, counting bracketParagraphs: inout (first: Int, count: Int)?)
    {
        guard !paragraph.isEmpty else { return }
        defer { paragraph.removeAll(keepingCapacity: true) }
        let brackets = paragraph.reduce(0) { $0 + markdown[innerPart(of: $1, in: markdown)].count(where: { $0 == UInt8(ascii: "[") }) }
        let escapesBrackets = brackets > maxBracketsPerParagraph
        if escapesBrackets {
            bracketParagraphs = (bracketParagraphs?.first ?? lastLine - paragraph.count + 1, (bracketParagraphs?.count ?? 0) + 1)
        }
        for line in paragraph {
            let escapesBars = markdown[line].count(where: { $0 == UInt8(ascii: "|") }) > maxBarsPerLine
            guard escapesBars || escapesBrackets else {
                output += markdown[line]
                continue
            }
            let inner = innerPart(of: line, in: markdown)
            output += markdown[line.lowerBound..<inner.lowerBound]
            for byte in markdown[inner] {
                if (escapesBars && byte == UInt8(ascii: "|")) || (escapesBrackets && byte == UInt8(ascii: "[")) {
                    output.append(UInt8(ascii: "\\"))
                }
                output.append(byte)
            }
        }
    }

    /// The line after its indentation and its first character, so a
    /// reference definition's or a list item's opening `[` is left alone.
    private static func innerPart(of line: Range<Int>, in markdown: [UInt8]) -> Range<Int> {
        var start = line.lowerBound
        while start < line.upperBound, markdown[start] == UInt8(ascii: " ") || markdown[start] == UInt8(ascii: "\t") { start += 1 }
        return min(start + 1, line.upperBound)..<line.upperBound
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    }
}
