import BookFiles

/// Decides how a word broken across two lines is put back together: a
/// hyphen the typesetter added goes (`gentle-` `man` → `gentleman`), the
/// hyphen of a compound stays (`good-` `looking` → `good-looking`). The
/// document itself says which: the form it uses elsewhere, unbroken, wins;
/// when it uses neither, the hyphen stays if the document has other
/// compounds that start or end alike (`self-`, `-like`) or both halves are
/// words of their own, and goes otherwise.
///
/// Only the words that matter are counted: the forms of the words broken
/// at line ends, found in one pass over the document's bytes (ASCII letters
/// lower-cased; punctuation, ASCII or from Unicode's General Punctuation
/// block, trimmed off each word).
struct Dehyphenator {
    /// How often each form of a broken word occurs unbroken.
    private var words: [String: Int] = [:]
    /// The halves of broken words that other compounds share, as `self-` and `-like`.
    private var compoundParts: Set<String> = []

    /// Hyphens a line can end in: hyphen-minus, hyphen, soft hyphen.
    static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{AD}"]

    init(lines: some Collection<PDFTextLine>) {
        var halves = (first: Set<String>(), second: Set<String>())
        var wanted = Set<String>()
        for (line, next) in zip(lines, lines.dropFirst()) where line.text.last.map(Self.hyphens.contains) ?? false {
            guard let left = Self.lastWord(line.text.dropLast()), let right = Self.firstWord(next.text) else { continue }
            wanted.formUnion([left + right, left + "-" + right, left, right])
            halves.first.insert(left)
            halves.second.insert(right)
        }
        guard !wanted.isEmpty else { return }
        let lengths = Set(wanted.map(\.utf8.count))
        for line in lines {
            for token in Self.tokens(line.text) {
                let parts = token.split(separator: UInt8(ascii: "-"))
                if parts.count > 1, let first = parts.first, let last = parts.last {
                    if halves.first.contains(Self.string(first)) { compoundParts.insert(Self.string(first) + "-") }
                    if halves.second.contains(Self.string(last)) { compoundParts.insert("-" + Self.string(last)) }
                }
                guard lengths.contains(token.count) else { continue }
                let word = Self.string(token)
                if wanted.contains(word) { words[word, default: 0] += 1 }
            }
        }
    }

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

    /// Whether the hyphen between `head` (the text before it) and `tail`
    /// (the next line) is the word's own.
    private func keepsHyphen(_ head: Substring, _ tail: String, soft: Bool) -> Bool {
        guard !soft, let left = Self.lastWord(head), let right = Self.firstWord(tail) else { return false }
        if words[left + right] != nil { return false }
        if words[left + "-" + right] != nil { return true }
        guard tail.first?.isLowercase ?? false else { return true }
        if compoundParts.contains(left + "-") || compoundParts.contains("-" + right) { return true }
        // The second half is counted once where it starts its line.
        return words[left] != nil && (words[right] ?? 0) >= 2
    }

    /// The last word of `text`, as the census counts words.
    private static func lastWord(_ text: Substring) -> String? {
        let start = text.utf8.lastIndex(of: UInt8(ascii: " ")).map { text.utf8.index(after: $0) } ?? text.startIndex
        return word(text.utf8[start...])
    }

    /// The first word of `text`, as the census counts words.
    private static func firstWord(_ text: String) -> String? {
        let end = text.utf8.firstIndex(of: UInt8(ascii: " ")) ?? text.endIndex
        return word(text.utf8[..<end])
    }

    private static func word(_ bytes: some Collection<UInt8>) -> String? {
        let trimmed = trim(Array(bytes)[...])
        return trimmed.isEmpty ? nil : string(trimmed)
    }

    /// The words of a line: its bytes between spaces, trimmed; the first
    /// halves of broken words (ending in a hyphen) left out.
    private static func tokens(_ text: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(text.utf8)
        return bytes.split(separator: UInt8(ascii: " ")).compactMap { raw in
            if raw.last == UInt8(ascii: "-") || raw.suffix(2) == [0xC2, 0xAD] || raw.suffix(3) == [0xE2, 0x80, 0x90] { return nil }
            let word = trim(raw)
            return word.isEmpty ? nil : word
        }
    }

    /// `bytes` without ASCII punctuation and General Punctuation
    /// (U+2000–U+206F: quotes, dashes, word joiners) at either end.
    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var word = bytes
        while let first = word.first {
            if first < 0x80, !isASCIIAlphanumeric(first) { word = word.dropFirst() } else if isGeneralPunctuation(word.prefix(3)) {
                word = word.dropFirst(3)
            } else { break }
        }
        while let last = word.last {
            if last < 0x80, !isASCIIAlphanumeric(last) { word = word.dropLast() } else if word.count >= 3,
                isGeneralPunctuation(word.suffix(3))
            {
                word = word.dropLast(3)
            } else { break }
        }
        return word
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// Three bytes that encode a character of U+2000–U+206F (`E2 80 xx`, `E2 81 80`–`E2 81 AF`).
    private static func isGeneralPunctuation(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 3, bytes.first == 0xE2 else { return false }
        let second = bytes[bytes.startIndex + 1], third = bytes[bytes.startIndex + 2]
        return second == 0x80 || (second == 0x81 && third < 0xB0)
    }

    /// The word as a string, ASCII capitals lower-cased.
    private static func string(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
