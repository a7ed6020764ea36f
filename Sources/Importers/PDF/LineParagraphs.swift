import BookFiles
import BookModel
import TextPrimitives

/// A block of a PDF's text and the flow line it starts at.
struct PDFBlock: Hashable, Sendable {
    var block: TextBlock
    var firstLine: Int
}

/// Puts a PDF's lines back into paragraphs and headings: lines set larger
/// than the body are headings (a run of them one heading); a body line
/// starts a new paragraph after a wider gap than the page's line spacing,
/// when it is indented further than the line before, or when the line
/// before ended short of the right edge after a sentence (the next line's
/// first word would have fitted there) or before a capital (its first two
/// would have: `Mr. Bingley` is not cut; verse), or ended far short
/// of it, whatever its last word (an address: lines broken on purpose),
/// unless it ended in a hyphen. Centred lines (a title page, a colophon) run
/// on until one ends a sentence. Anything else continues the paragraph,
/// across pages too; words broken at a line's end are joined (``Dehyphenator``).
struct LineParagraphs {
    let lines: [FlowLine]
    let bodySize: Double
    private let geometry: [Int: PageGeometry]
    private let dehyphenator: Dehyphenator
    /// Each line's heading level (nil for body lines), worked out once.
    private let levels: [Int?]

    init(_ lines: [FlowLine]) {
        self.lines = lines
        let bodySize = Self.bodySize(lines.map(\.line))
        self.bodySize = bodySize
        geometry = PageGeometry.measure(lines, bodySize: bodySize)
        dehyphenator = Dehyphenator(lines: lines.lazy.map(\.line))
        levels = lines.map { Self.headingLevel($0.line, bodySize: bodySize) }
    }

    /// The blocks, in order; a block starts at each line of `breaks`.
    func blocks(breaks: Set<Int> = [], resource: String?) -> [PDFBlock] {
        var blocks: [PDFBlock] = []
        var text = ""
        var start = 0
        func close() {
            guard !text.isEmpty else { return }
            let kind = levels[start].map { TextBlock.Kind.heading(level: $0) } ?? .paragraph
            blocks.append(PDFBlock(block: TextBlock(kind, text: text, source: SourceLocation(resource: resource)), firstLine: start))
            text = ""
        }
        for index in lines.indices {
            if index > 0, breaks.contains(index) || startsBlock(index) { close() }
            if text.isEmpty { start = index }
            dehyphenator.append(Self.collapsed(lines[index].line.text), to: &text)
        }
        close()
        return blocks
    }

    /// The heading level of a line set larger than the body: 1 from 1.6
    /// times its size, 2 from 1.3, else 3; nil for body lines and long ones.
    static func headingLevel(_ line: PDFTextLine, bodySize: Double) -> Int? {
        let ratio = line.fontSize / bodySize
        guard ratio >= 1.15, line.text.split(whereSeparator: { $0 == " " }).count <= 20 else { return nil }
        return ratio >= 1.6 ? 1 : ratio >= 1.3 ? 2 : 3
    }

    /// Whether the line at `index` starts a block rather than continuing the one before.
    private func startsBlock(_ index: Int) -> Bool {
        let previous = lines[index - 1], current = lines[index]
        let previousLevel = levels[index - 1], level = levels[index]
        if previousLevel != level { return true }
        if level != nil { return abs(previous.line.fontSize - current.line.fontSize) > 0.5 || gapBefore(index) > 2 }
        if gapBefore(index) > 1.4 { return true }
        if isCentred(previous), isCentred(current) { return Self.endsSentence(previous.line.text) }
        let size = current.line.fontSize
        if indent(current) > indent(previous) + size * 0.6 { return true }
        if let last = previous.line.text.last, Dehyphenator.hyphens.contains(last) { return false }
        let room = roomLeft(after: previous, before: current, words: 1)
        if room > size * 4 || (room > 0 && Self.endsSentence(previous.line.text)) { return true }
        let startsCapitalised = current.line.text.first(where: \.isLetter)?.isUppercase ?? false
        return startsCapitalised && roomLeft(after: previous, before: current, words: 2) > 0
    }

    /// The step down from the line before, in the page's line spacings; 0
    /// across pages and when the text goes back up (a new column).
    private func gapBefore(_ index: Int) -> Double {
        let previous = lines[index - 1], current = lines[index]
        guard previous.page == current.page, current.line.top > previous.line.top else { return 0 }
        return (current.line.top - previous.line.top) / page(current.page).leading
    }

    private func page(_ number: Int) -> PageGeometry {
        geometry[number] ?? geometry[-1] ?? PageGeometry(left: 0, right: 0, leading: bodySize * 1.2)
    }

    /// Whether a line stands in the middle of its page's text, clear of both edges.
    private func isCentred(_ line: FlowLine) -> Bool {
        let page = page(line.page), margin = line.line.fontSize
        guard line.line.left > page.left + margin, line.line.right < page.right - margin else { return false }
        return abs((line.line.left + line.line.right) - (page.left + page.right)) / 2 < 3
    }

    /// How far right of its page's left margin a line starts.
    private func indent(_ line: FlowLine) -> Double {
        line.line.left - page(line.page).left
    }

    /// The room `line` leaves before its page's right edge once the first
    /// `words` words of `next` (at an estimated 0.55 em a character) are
    /// put after it: above 0 they would have fitted there.
    private func roomLeft(after line: FlowLine, before next: FlowLine, words: Int) -> Double {
        var characters = 0, seen = 0
        for scalar in next.line.text.unicodeScalars {
            characters += 1
            if scalar == " " {
                seen += 1
                if seen == words { break }
            }
        }
        let width = Double(characters) * next.line.fontSize * 0.55
        return page(line.page).right - line.line.right - width
    }

    /// A line's text with runs of white space as one space, trimmed; ASCII
    /// spaces only (what poppler puts between words) take the fast way.
    static func collapsed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var previousWasSpace = true
        let isPlain = scalars.allSatisfy { scalar in
            let isSpace = scalar == " "
            defer { previousWasSpace = isSpace }
            return !(isSpace && previousWasSpace) && (scalar.value > 0x20 || isSpace) && !(scalar.value > 0x7F && scalar.properties.isWhitespace)
        }
        return isPlain && scalars.last != " " ? text : text.collapsingWhitespace()
    }

    /// Whether a line's text ends where a sentence can.
    static func endsSentence(_ text: String) -> Bool {
        guard let last = text.last(where: { !$0.isWhitespace }) else { return true }
        return ".!?:;\"”’)]…—".contains(last)
    }

    /// The size most of the text is set in (to the half point).
    static func bodySize(_ lines: [PDFTextLine]) -> Double {
        var characters: [Double: Int] = [:]
        for line in lines { characters[(line.fontSize * 2).rounded() / 2, default: 0] += line.text.count }
        let size = characters.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 12
        return size > 0 ? size : 12
    }
}
