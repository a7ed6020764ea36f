import BookFiles

/// Decides how a word broken across two lines is put back together: a
/// hyphen the typesetter added goes (`gentle-` `man` → `gentleman`), the
/// hyphen of a compound stays (`good-` `looking` → `good-looking`). The
/// document itself says which: the form it uses elsewhere, unbroken, wins;
/// when it uses neither, the hyphen stays if the document has other
/// compounds that start or end alike (`self-`, `-like`) or both halves are
/// words of their own, and goes otherwise.
struct Dehyphenator {
    /// How often each word of the document occurs (lower-cased, hyphens
    /// inside kept); the first halves of broken words are not counted.
    private var words: [Substring: Int] = [:]
    /// The parts of its hyphenated words, each as `self-` and `-like`.
    private var compoundParts: Set<String> = []

    init(lines: some Sequence<PDFTextLine>) {
        for line in lines {
            for token in line.text.lowercased().split(whereSeparator: \.isWhitespace) {
                guard let last = token.last, !Self.hyphens.contains(last) else { continue }
                let word = Self.trimmed(token)
                words[word, default: 0] += 1
                let parts = word.split(separator: "-")
                guard parts.count > 1, let first = parts.first, let last = parts.last else { continue }
                compoundParts.insert(first + "-")
                compoundParts.insert("-" + last)
            }
        }
    }

    /// Hyphens a line can end in: hyphen-minus, hyphen, soft hyphen.
    static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{AD}"]

    /// `first` and `second`, two lines of one paragraph, as one text.
    func join(_ first: String, _ second: some StringProtocol) -> String {
        guard let last = first.last else { return String(second) }
        guard let next = second.first else { return first }
        if Self.hyphens.contains(last), first.dropLast().last?.isLetter == true, next.isLetter {
            return keepsHyphen(first.dropLast(), second, soft: last == "\u{AD}")
                ? first + second : String(first.dropLast()) + second
        }
        if last == "—" || last == "\u{2060}" || last == "/" { return first + second }
        return first + " " + second
    }

    /// Whether the hyphen between `head` (the line without its hyphen) and
    /// `tail` (the next line) is the word's own.
    private func keepsHyphen(_ head: Substring, _ tail: some StringProtocol, soft: Bool) -> Bool {
        guard !soft else { return false }
        let start = head.lastIndex(where: \.isWhitespace).map(head.index(after:)) ?? head.startIndex
        let left = Self.trimmed(head[start...].lowercased()[...])
        let right = Self.trimmed(tail.lowercased().split(whereSeparator: \.isWhitespace).first ?? "")
        if words[Substring(left + right)] != nil { return false }
        if words[Substring(left + "-" + right)] != nil { return true }
        guard tail.first?.isLowercase ?? false else { return true }
        if compoundParts.contains(left + "-") || compoundParts.contains("-" + right) { return true }
        // The second half is counted once where it starts its line.
        return words[left] != nil && (words[right] ?? 0) >= 2
    }

    /// A word without the punctuation around it.
    private static func trimmed(_ word: Substring) -> Substring {
        let isPart = { (character: Character) in character.isLetter || character.isNumber }
        guard let start = word.firstIndex(where: isPart), let end = word.lastIndex(where: isPart) else { return "" }
        return word[start...end]
    }
}
