import BookModel
import TextPrimitives

/// A line of plain text that starts a list item: a bullet (`-`, `*`, `•`,
/// `⁃`…) or a number or letter with its `.`, `)` or `.)` (`1.`, `2)`,
/// `a.`), then a space.
struct ListLine {
    /// The marker as written (`•`, `3.`, `b)`); it stays in the text.
    var marker: String
    /// The item's text after the marker and its spaces.
    var text: Substring
    /// The number of a numbered marker (`a` counts as 1); nil for a bullet.
    var number: Int?
    /// The punctuation after the number (`.`, `)`, `.)`).
    var style: Substring = ""

    init?(_ line: Substring) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first else { return nil }
        if Self.isBullet(first) {
            let rest = trimmed.dropFirst()
            guard rest.first == " " else { return nil }
            marker = String(first)
            text = rest.drop { $0 == " " }
            return
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let label: Substring
        if !digits.isEmpty {
            guard digits.count <= 3 else { return nil }
            label = digits
            number = Int(digits)
        } else if let letter = first.asciiValue, (0x61...0x7A).contains(letter) {
            label = trimmed.prefix(1)
            number = Int(letter) - 0x60
        } else {
            return nil
        }
        let afterLabel = trimmed.dropFirst(label.count)
        style = afterLabel.prefix { $0 == "." || $0 == ")" }.prefix(2)
        let rest = afterLabel.dropFirst(style.count)
        guard !style.isEmpty, rest.first == " " else { return nil }
        marker = String(label) + style
        text = rest.drop { $0 == " " }
    }

    /// The next item of `previous`'s series: a bullet after a bullet, or the
    /// next number in the same style.
    func follows(_ previous: ListLine) -> Bool {
        guard let number, let before = previous.number else { return self.number == nil && previous.number == nil }
        return style == previous.style && number == before + 1
    }

    static let bullets: Set<Character> = ["-", "*", "•", "+", "–", "⁃", "◦", "▪", "‣", "●"]

    /// One of ``bullets``, told by its scalar (a `Set<Character>` hashes
    /// the character's normalised form on every look-up). Each bullet is a
    /// scalar that no other sequence of scalars is canonically equal to.
    static func isBullet(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        switch scalar.value {
        case 0x2D, 0x2A, 0x2B, 0x2022, 0x2013, 0x2043, 0x25E6, 0x25AA, 0x2023, 0x25CF: return true
        default: return false
        }
    }
}

extension LineGroup {
    /// The group's lines as list items when its first line starts one and
    /// (for numbered items) another line goes on with the series; lines
    /// without a marker continue the item before them. Nil when the group
    /// is no list.
    func listItems() -> [TextBlock]? {
        guard let first = ListLine(lines[0]) else { return nil }
        var items: [TextBlock] = []
        var previous = first
        var isSeries = first.number == nil
        for (offset, line) in lines.enumerated() {
            if let item = ListLine(line), offset == 0 || item.follows(previous) {
                isSeries = isSeries || offset > 0
                previous = item
                let source = SourceLocation(line: firstLine + offset)
                items.append(TextBlock(.listItem(marker: item.marker), text: String(item.text), source: source))
            } else if !items.isEmpty {
                items[items.count - 1].runs.append(TextRun(" " + line))
            }
        }
        return isSeries ? items : nil
    }
}
