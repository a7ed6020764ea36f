/// The name a table of contents gives a chapter, made comparable with the
/// heading that opens it: `I. A Scandal in Bohemia`, `ADVENTURE I. A
/// SCANDAL IN BOHEMIA` and `A Scandal in Bohemia` all name `a scandal in
/// bohemia`; `CHAPTER I.   Down the Rabbit-Hole ..... 7` names `down the
/// rabbit hole`.
enum ContentsEntry {
    /// The comparable name of `line`: lowercased, letters and digits only,
    /// without a leading chapter word and number or a trailing page
    /// number; the whole line's when nothing else is left (`CHAPTER I.` →
    /// `chapter i`). Nil for a line with no letter, or too long to be an
    /// entry.
    static func key(_ line: Substring, seriesWords: Set<String> = []) -> String? {
        guard line.utf8.count <= 240 else { return nil }
        let words = line.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "’" && $0 != "'" })
            .map { $0.filter { $0 != "’" && $0 != "'" } }.filter { !$0.isEmpty }
        guard words.contains(where: { $0.contains(where: \.isLetter) }) else { return nil }
        var name = words[...]
        while let last = name.last, last.allSatisfy(\.isNumber) { name = name.dropLast() }
        let whole = name.joined(separator: " ")
        while let first = name.first, isNumbering(first, seriesWords: seriesWords) { name = name.dropFirst() }
        return name.isEmpty ? whole : name.joined(separator: " ")
    }

    /// A chapter word (`chapter`, `adventure` in a book that numbers with
    /// it) or a number (`12`, `xii`, `one`).
    private static func isNumbering(_ word: String, seriesWords: Set<String>) -> Bool {
        HeadingLine.chapterWords.contains(word) || seriesWords.contains(word) || HeadingLine.numberValue(word[...]) != nil
    }
}
