import BookModel

extension Lexicon {
    /// Reads narrate's text lexicon: one entry per line, the word (or
    /// phrase), a tab, then what to say — replacement text, `/IPA/`, or
    /// espeak-ng mnemonics in `[[ ]]`. Empty lines and lines starting with
    /// `#` are skipped.
    ///
    ///     Hermione	/hɜːˈmaɪəni/
    ///     Siobhan	shiv-AWN
    ///     Quxbrilt	[[kw'Uksbrilt]]
    ///
    /// - Throws: ``LexiconError`` naming the first line that is not an entry.
    public init(text bytes: [UInt8], name: String, origin: Pronunciation.Origin) throws(LexiconError) {
        guard bytes.count <= LexiconLimits.fileSize else { throw LexiconError("larger than 32 MB") }
        var content = String(decoding: bytes, as: UTF8.self)
        if content.hasPrefix("\u{FEFF}") { content.removeFirst() }
        guard !content.contains("\u{FFFD}") else { throw LexiconError("not UTF-8 text") }
        self.init(name: name, language: nil, origin: origin)
        var lineNumber = 0
        // "\r\n" is one Character: cut at both.
        for line in content.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard let first = line.first(where: { !$0.isWhitespace }), first != "#" else { continue }
            let (grapheme, spoken) = try Self.entry(line, line: lineNumber)
            guard entries.count < LexiconLimits.entries else { throw LexiconError("more than 1,000,000 entries") }
            add(grapheme, spoken)
        }
    }

    private static func entry(_ line: Substring, line number: Int) throws(LexiconError) -> (String, Pronunciation.Spoken) {
        guard let tab = line.firstIndex(of: "\t") else {
            throw LexiconError(line: number, "expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])")
        }
        let grapheme = line[..<tab].trimmingWhitespace()
        let said = line[line.index(after: tab)...].trimmingWhitespace()
        guard !grapheme.isEmpty, grapheme.count <= LexiconLimits.graphemeLength else {
            throw LexiconError(line: number, grapheme.isEmpty ? "the word before the tab is empty" : "the word is longer than 256 characters")
        }
        guard !said.isEmpty, said.count <= LexiconLimits.pronunciationLength else {
            throw LexiconError(line: number, said.isEmpty ? "nothing to say after the tab" : "the pronunciation is longer than 1,024 characters")
        }
        if said.count > 2, said.hasPrefix("/"), said.hasSuffix("/") {
            return (grapheme, .phonemes(String(said.dropFirst().dropLast()), alphabet: .ipa))
        }
        if said.count > 4, said.hasPrefix("[["), said.hasSuffix("]]") {
            return (grapheme, .phonemes(String(said.dropFirst(2).dropLast(2)), alphabet: .espeak))
        }
        return (grapheme, .alias(said))
    }
}

extension Substring {
    /// Without white space at either end.
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
