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

    /// Counts the words of `lines` when one of them ends in a hyphen (else
    /// no word is ever broken, and nothing needs counting).
    init(lines: some Collection<PDFTextLine>) {
        guard lines.contains(where: { $0.text.last.map(Self.hyphens.contains) ?? false }) else { return }
        for line in lines {
            for token in line.text.lowercased().split(separator: " ", omittingEmptySubsequences: true) {
                guard let last = token.unicodeScalars.last, last != "-", last != "\u{2010}", last != "\u{AD}" else { continue }
                let word = Self.trimmed(token)
                words[word, default: 0] += 1
                guard word.contains("-") else { continue }
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
    func join(_ first: String, _ second: String) -> String {
        var text = first
        append(second, to: &text)
        return text
    }

    /// Appends `line` to `text`, the paragraph it continues (in place).
    func append(_ line: String, to text: inout String) {
        guard let last = text.last else { return text = line }
        guard let next = line.first else { return }
        if Self.hyphens.contains(last), text.dropLast().last?.isLetter == true, next.isLetter {
            if !keepsHyphen(text.dropLast(), line, soft: last == "\u{AD}") { text.removeLast() }
        } else if !(last == "—" || last == "\u{2060}" || last == "/") {
            text.append(" ")
        }
        text.append(line)
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

    /// A word without the punctuation around it (letters, digits and what
    /// combines with them kept; ASCII checked without Unicode tables).
    private static func trimmed(_ word: Substring) -> Substring {
        let scalars = word.unicodeScalars
        guard let start = scalars.firstIndex(where: isPart), let end = scalars.lastIndex(where: isPart) else { return "" }
        return Substring(scalars[start...end])
    }

    private static func isPart(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else {
            let value = scalar.value
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
