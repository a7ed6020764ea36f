import BookModel

extension Lexicon {
    /// Reads narrate's text lexicon: one entry per line, the word (or
    /// phrase), a tab, then what to say — replacement text, `/IPA/`, or
    /// espeak-ng mnemonics in `[[ ]]`. Empty lines and lines starting with
    /// `#` are skipped. Read line by line from the bytes (UTF-8, with or
    /// without a byte-order mark; lines end in LF or CRLF).
    ///
    ///     Hermione	/hɜːˈmaɪəni/
    ///     Siobhan	shiv-AWN
    ///     Quxbrilt	[[kw'Uksbrilt]]
    ///
    /// - Throws: ``LexiconError`` naming the first line that is not an entry.
    public init(text bytes: [UInt8], name: String, origin: Pronunciation.Origin) throws(LexiconError) {
        guard bytes.count <= LexiconLimits.fileSize else { throw LexiconError("larger than 32 MB") }
        self.init(name: name, language: nil, origin: origin)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard String(validating: bytes[start...], as: UTF8.self) != nil else { throw LexiconError("not UTF-8 text") }
        reserveCapacity(min(100_000, bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }))
        var lineNumber = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = Self.trimmed(bytes[start..<end], tabs: false)
            start = end + 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            let (grapheme, spoken) = try Self.entry(line, line: lineNumber)
            guard entries.count < LexiconLimits.entries else { throw LexiconError("more than 1,000,000 entries") }
            add(grapheme, spoken)
        }
    }

    private static func entry(_ line: ArraySlice<UInt8>, line number: Int) throws(LexiconError)
        -> (String, Pronunciation.Spoken)
    {
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else {
            throw LexiconError(line: number, "expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])")
        }
        let saidBytes = trimmed(line[(tab + 1)...])
        let grapheme = String(decoding: trimmed(line[..<tab]), as: UTF8.self)
        let said = String(decoding: saidBytes, as: UTF8.self)
        guard !grapheme.isEmpty, grapheme.unicodeScalars.count <= LexiconLimits.graphemeLength else {
            throw LexiconError(line: number, grapheme.isEmpty ? "the word before the tab is empty" : "the word is longer than 256 characters")
        }
        guard !said.isEmpty, said.unicodeScalars.count <= LexiconLimits.pronunciationLength else {
            throw LexiconError(line: number, said.isEmpty ? "nothing to say after the tab" : "the pronunciation is longer than 1,024 characters")
        }
        let bytes = saidBytes
        if bytes.count > 2, bytes.first == UInt8(ascii: "/"), bytes.last == UInt8(ascii: "/") {
            return (grapheme, .phonemes(String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self), alphabet: .ipa))
        }
        if bytes.count > 4, bytes.starts(with: "[[".utf8), bytes.reversed().starts(with: "]]".utf8) {
            return (grapheme, .phonemes(String(decoding: bytes.dropFirst(2).dropLast(2), as: UTF8.self), alphabet: .espeak))
        }
        return (grapheme, .alias(said))
    }

    /// Without spaces, carriage returns and (unless `tabs` is false) tabs at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>, tabs: Bool = true) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0D || (tabs && byte == 0x09) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }
}
