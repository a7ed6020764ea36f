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
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard String(validating: bytes[start...], as: UTF8.self) != nil else { throw LexiconError("not UTF-8 text") }
        try bytes.withUnsafeBufferPointer { (buffer) throws(LexiconError) in try read(UTF8Text(bytes: buffer), from: start) }
    }

    /// Reads the entries of valid UTF-8 `text`, one a line, from byte `start`.
    private mutating func read(_ text: UTF8Text, from start: Int) throws(LexiconError) {
        let bytes = text.bytes
        reserveCapacity(min(100_000, bytes.count / 16))  // lines of a name, a tab and a few sounds
        var lineStart = start
        var lineNumber = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            lineNumber += 1
            let line = Self.trimmed(bytes, lineStart..<lineEnd, tabs: false)
            lineStart = lineEnd + 1
            guard !line.isEmpty, bytes[line.lowerBound] != UInt8(ascii: "#") else { continue }
            let (grapheme, spoken) = try Self.entry(text, line, line: lineNumber)
            guard entries.count < LexiconLimits.entries else { throw LexiconError("more than 1,000,000 entries") }
            add(String(decoding: Self.slice(bytes, grapheme), as: UTF8.self), utf8: UTF8Text(bytes: Self.slice(bytes, grapheme)), spoken)
        }
    }

    /// The grapheme's bytes and what to say, from the bytes of a line.
    private static func entry(_ text: UTF8Text, _ line: Range<Int>, line number: Int) throws(LexiconError)
        -> (Range<Int>, Pronunciation.Spoken)
    {
        let bytes = text.bytes
        guard let tab = line.first(where: { bytes[$0] == UInt8(ascii: "\t") }) else {
            throw LexiconError(line: number, "expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])")
        }
        let grapheme = trimmed(bytes, line.lowerBound..<tab), said = trimmed(bytes, (tab + 1)..<line.upperBound)
        guard !grapheme.isEmpty, text.scalarCount(grapheme) <= LexiconLimits.graphemeLength else {
            throw LexiconError(line: number, grapheme.isEmpty ? "the word before the tab is empty" : "the word is longer than 256 characters")
        }
        guard !said.isEmpty, text.scalarCount(said) <= LexiconLimits.pronunciationLength else {
            throw LexiconError(line: number, said.isEmpty ? "nothing to say after the tab" : "the pronunciation is longer than 1,024 characters")
        }
        let first = bytes[said.lowerBound], last = bytes[said.upperBound - 1]
        if said.count > 2, first == UInt8(ascii: "/"), last == UInt8(ascii: "/") {
            return (grapheme, .phonemes(string(bytes, said.dropFirst().dropLast()), alphabet: .ipa))
        }
        if said.count > 4, first == UInt8(ascii: "["), bytes[said.lowerBound + 1] == UInt8(ascii: "["),
            last == UInt8(ascii: "]"), bytes[said.upperBound - 2] == UInt8(ascii: "]")
        {
            return (grapheme, .phonemes(string(bytes, said.dropFirst(2).dropLast(2)), alphabet: .espeak))
        }
        return (grapheme, .alias(string(bytes, said)))
    }

    /// `range` without spaces, carriage returns and (unless `tabs` is false) tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, tabs: Bool = true) -> Range<Int> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0D || (tabs && byte == 0x09) }
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: slice(bytes, range), as: UTF8.self)
    }
}
