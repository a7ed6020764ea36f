import BookModel
import TextPrimitives

/// Consecutive non-blank lines of a plain-text file, and the blocks they make.
struct LineGroup {
    var lines: [Substring]
    /// 1-based line number of the first line.
    var firstLine: Int
    /// Blank lines between this group and the one before (a heading set
    /// off by several is a chapter's).
    var blankLinesBefore = 1

    var source: SourceLocation { SourceLocation(line: firstLine) }

    /// The groups of `lines` within `range`; lines holding only `[]` (an
    /// image without a description) are dropped.
    static func groups(of lines: [Substring], in range: Range<Int>) -> [LineGroup] {
        var grouper = LineGrouper()
        var groups: [LineGroup] = []
        for index in range { groups += grouper.add(lines[index], at: index) }
        return groups + grouper.finish()
    }

    /// The group as it is read: split when unwrapped, dropped when it has
    /// no letter or digit.
    fileprivate var finished: [LineGroup] {
        unwrapped.filter { group in group.lines.contains { $0.contains(where: { $0.isLetter || $0.isNumber }) } }
    }

    /// A group whose lines are too long to be hard-wrapped holds one
    /// paragraph (or heading) per line: it is split into one group per line.
    private var unwrapped: [LineGroup] {
        guard lines.dropLast().contains(where: { $0.count > 100 }) else { return [self] }
        return lines.enumerated().map { LineGroup(lines: [$1], firstLine: firstLine + $0, blankLinesBefore: $0 == 0 ? blankLinesBefore : 0) }
    }

    /// A single short line that can be a chapter's title after its number
    /// (`The End` too, though alone it closes a book).
    var chapterTitle: String? {
        guard lines.count == 1, HeadingLine(lines[0]).map({ $0.opens == .closing }) ?? true else { return nil }
        let text = lines[0].trimmingWhitespace()
        let ending = text.reversed().drop { $0.isNumber || $0 == "[" || $0 == "]" }  // a note marker `[1]`, `¹`
        guard text.count <= 80, let first = text.first, first.isUppercase || !first.isLetter,
              let last = ending.first, !".,;:!?".contains(last) || text.last == "?" || text.last == "!",
              !Self.isQuotedSpeech(text)
        else { return nil }
        return text
    }

    /// A line that ends with a sentence closed inside quotation marks
    /// (`“The game is afoot.”`, `“Where?” she asked.`): dialogue, not a
    /// chapter's title.
    private static func isQuotedSpeech(_ text: String) -> Bool {
        let closers: Set<Character> = ["”", "’", "\"", "'", "»", "«", "」", "』"]
        guard let last = text.last, closers.contains(last) else { return false }
        let unquoted = text.reversed().drop { closers.contains($0) }
        return unquoted.first.map { ".,;:!?…".contains($0) } == true
    }

    /// The blocks the group makes: list items, separate short lines, verse
    /// or indented text kept line by line, or hard-wrapped lines joined
    /// into one paragraph. A line with no letter or digit (a rule of
    /// underscores) stands apart from the lines around it.
    func blocks() -> [TextBlock] {
        if let items = listItems() { return items }
        if isIndented { return [TextBlock(.preformatted, text: lines.joined(separator: "\n"), source: source)] }
        if let separator = lines.firstIndex(where: Self.isSeparator), lines.count > 1 {
            return pieces(splitAt: separator).flatMap { $0.blocks() }
        }
        if areSeparateShortLines {
            return lines.enumerated().map { TextBlock(.paragraph, text: String($1), source: SourceLocation(line: firstLine + $0)) }
        }
        if isVerse { return [TextBlock(.preformatted, text: lines.joined(separator: "\n"), source: source)] }
        return [TextBlock(.paragraph, text: joinedLines, source: source)]
    }

    /// The lines joined where they were wrapped: with a space, or with
    /// nothing between two characters of a script written without spaces
    /// (Japanese, Chinese).
    private var joinedLines: String {
        var text = ""
        for line in lines {
            if let last = text.unicodeScalars.last, let first = line.unicodeScalars.first(where: { !$0.properties.isWhitespace }),
                !(Self.isUnspacedScript(last) && Self.isUnspacedScript(first))
            {
                text += " "
            }
            text += line
        }
        return text
    }

    /// A line ends and the next begins in a script written without spaces:
    /// a wrap inside a Japanese or Chinese sentence, however short the line.
    private var hasUnspacedWrap: Bool {
        zip(lines, lines.dropFirst()).contains { line, next in
            guard let last = line.unicodeScalars.last(where: { !$0.properties.isWhitespace }),
                let first = next.unicodeScalars.first(where: { !$0.properties.isWhitespace })
            else { return false }
            return Self.isUnspacedScript(last) && Self.isUnspacedScript(first)
        }
    }

    private static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        (0x3000...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFF00...0xFFEF).contains(scalar.value)
    }

    /// The group cut around the line at `index`: the lines before, the line
    /// alone, the lines after (empty pieces left out).
    private func pieces(splitAt index: Int) -> [LineGroup] {
        [(0..<index), (index..<index + 1), (index + 1..<lines.count)].filter { !$0.isEmpty }.map {
            LineGroup(lines: Array(lines[$0]), firstLine: firstLine + $0.lowerBound, blankLinesBefore: $0.lowerBound == 0 ? blankLinesBefore : 0)
        }
    }

    /// A line of punctuation or symbols only: `____`, `* * *`, `-----`.
    private static func isSeparator(_ line: Substring) -> Bool {
        !line.contains { $0.isLetter || $0.isNumber } && line.contains { !$0.isWhitespace }
    }

    /// Two or more short lines, none ending as a sentence or clause does
    /// (`features` / `contact manager`, an address): not a wrapped
    /// paragraph, nor verse; each line is a block of its own.
    private var areSeparateShortLines: Bool {
        guard lines.count > 1, !hasUnspacedWrap else { return false }
        return lines.allSatisfy { line in
            let trimmed = line.trimmingWhitespace()
            guard trimmed.count < 45, let last = trimmed.last(where: { !"”’\"')]»".contains($0) }) else { return false }
            return !".!?,;…".contains(last)
        }
    }

    /// Every line indented: verse or code, kept line by line.
    private var isIndented: Bool {
        lines.count > 1 && lines.allSatisfy { $0.first == " " || $0.first == "\t" }
    }

    /// At least three short lines: verse. Each line is kept.
    private var isVerse: Bool {
        guard lines.count > 1 else { return false }
        let lengths = lines.map(\.count)
        return lines.count >= 3 && lengths.allSatisfy { $0 < 50 } && lengths.reduce(0, +) < 45 * lengths.count
    }
}

/// Gathers lines into ``LineGroup``s one line at a time.
struct LineGrouper {
    private var current: LineGroup?
    private var blankLines = 0

    /// Adds the line at 0-based `index`; returns the groups it completes.
    mutating func add(_ line: Substring, at index: Int) -> [LineGroup] {
        let blank = line.allSatisfy(\.isWhitespace) || (Self.mayBeEmptyImage(line) && line.trimmingWhitespace() == "[]")
        if blank {
            blankLines += 1
            defer { current = nil }
            return current?.finished ?? []
        }
        if current == nil {
            current = LineGroup(lines: [line], firstLine: index + 1, blankLinesBefore: blankLines)
            blankLines = 0
        } else {
            current?.lines.append(line)
        }
        return []
    }

    /// The line holds a `[` (read on its bytes): it may be `[]` alone.
    private static func mayBeEmptyImage(_ line: Substring) -> Bool {
        line.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "[")) } ?? true
    }

    /// The last group, at the end of the text.
    mutating func finish() -> [LineGroup] {
        defer { current = nil }
        return current?.finished ?? []
    }
}
