import BookModel
import TextPrimitives

/// Consecutive non-blank lines of a plain-text file, and the blocks they make.
struct LineGroup {
    var lines: [Substring]
    /// 1-based line number of the first line.
    var firstLine: Int

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
        return lines.enumerated().map { LineGroup(lines: [$1], firstLine: firstLine + $0) }
    }

    /// A single short line that can be a chapter's title after its number.
    var chapterTitle: String? {
        guard lines.count == 1, HeadingLine(lines[0]) == nil else { return nil }
        let text = lines[0].trimmingWhitespace()
        guard text.count <= 80, let first = text.first, first.isUppercase || !first.isLetter,
              let last = text.last, !".,;:".contains(last)
        else { return nil }
        return text
    }

    /// The blocks the group makes: list items, verse or indented text kept
    /// line by line, or hard-wrapped lines joined into one paragraph.
    func blocks() -> [TextBlock] {
        if Self.bulletLength(lines[0]) != nil { return listItems() }
        if isVerse { return [TextBlock(.preformatted, text: lines.joined(separator: "\n"), source: source)] }
        return [TextBlock(.paragraph, text: lines.joined(separator: " "), source: source)]
    }

    /// Every line indented, or at least three short lines: verse, code, an
    /// address. Each line is kept.
    private var isVerse: Bool {
        guard lines.count > 1 else { return false }
        if lines.allSatisfy({ $0.first == " " || $0.first == "\t" }) { return true }
        let lengths = lines.map(\.count)
        return lines.count >= 3 && lengths.allSatisfy { $0 < 50 } && lengths.reduce(0, +) < 45 * lengths.count
    }

    /// One item per bulleted line; unbulleted lines continue the item.
    private func listItems() -> [TextBlock] {
        var items: [TextBlock] = []
        for (offset, line) in lines.enumerated() {
            if let length = Self.bulletLength(line) {
                let text = line.trimmingWhitespace().dropFirst(length).trimmingWhitespace()
                items.append(TextBlock(.listItem(marker: nil), text: text, source: SourceLocation(line: firstLine + offset)))
            } else if !items.isEmpty {
                items[items.count - 1].runs.append(TextRun(" " + line))
            }
        }
        return items
    }

    /// The length of a bullet (`-`, `*`, `•`, `+`, `–`) and its space at the
    /// start of a line; nil when the line has none.
    static func bulletLength(_ line: Substring) -> Int? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first, "-*•+–".contains(first), trimmed.dropFirst().first == " " else { return nil }
        return 2
    }
}

/// Gathers lines into ``LineGroup``s one line at a time.
struct LineGrouper {
    private var current: LineGroup?

    /// Adds the line at 0-based `index`; returns the groups it completes.
    mutating func add(_ line: Substring, at index: Int) -> [LineGroup] {
        let blank = line.allSatisfy(\.isWhitespace) || line.trimmingWhitespace() == "[]"
        if blank {
            defer { current = nil }
            return current?.finished ?? []
        }
        if current == nil {
            current = LineGroup(lines: [line], firstLine: index + 1)
        } else {
            current?.lines.append(line)
        }
        return []
    }

    /// The last group, at the end of the text.
    mutating func finish() -> [LineGroup] {
        defer { current = nil }
        return current?.finished ?? []
    }
}
