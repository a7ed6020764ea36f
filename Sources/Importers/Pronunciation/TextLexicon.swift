import BookModel
import TextPrimitives

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
        self.init(name: name, origin: origin, storage: bytes)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard UTF8Validation.isValid(bytes[start...]) else { throw LexiconError("not UTF-8 text") }
        try bytes.withUnsafeBufferPointer { (buffer) throws(LexiconError) in try read(UTF8Text(bytes: buffer), from: start) }
    }

    /// An entry's line: where its grapheme and what it says are in the bytes.
    private struct Line {
        var grapheme: Range<Int>
        var spoken: Range<Int>
        var alphabet: PhoneticAlphabet?
    }

    /// Adds the entries of valid UTF-8 `text` (the bytes of ``storage``),
    /// one a line, from byte `start`.
    /// - Throws: ``LexiconError`` for the first line that is not an entry.
    private mutating func read(_ text: UTF8Text, from start: Int) throws(LexiconError) {
        let bytes = text.bytes
        reserveCapacity(min(100_000, bytes.count / 16))  // lines of a name, a tab and a few sounds
        var lineStart = start
        var lineNumber = 0
        while lineStart < bytes.count {
            let lineEnd = text.firstIndex(of: UInt8(ascii: "\n"), in: lineStart..<bytes.count) ?? bytes.count
            lineNumber += 1
            let line = Self.trimmed(bytes, lineStart..<lineEnd, tabs: false)
            lineStart = lineEnd + 1
            guard !line.isEmpty, bytes[line.lowerBound] != UInt8(ascii: "#") else { continue }
            let entry = try Self.entry(text, line, line: lineNumber)
            guard count < LexiconLimits.entries else { throw LexiconError("more than 1,000,000 entries") }
            add(grapheme: entry.grapheme, spoken: entry.spoken, alphabet: entry.alphabet)
        }
    }

    /// Where the grapheme and what to say are in the bytes of a line.
    private static func entry(_ text: UTF8Text, _ line: Range<Int>, line number: Int) throws(LexiconError) -> Line {
        let bytes = text.bytes
        guard let tab = text.firstIndex(of: UInt8(ascii: "\t"), in: line) else {
            throw LexiconError(line: number, "expected WORD, a tab, then what to say (text, /IPA/ or [[espeak]])")
        }
        let grapheme = trimmed(bytes, line.lowerBound..<tab), said = trimmed(bytes, (tab + 1)..<line.upperBound)
        // A stretch has no more scalars than bytes: most are counted only that way.
        guard !grapheme.isEmpty, grapheme.count <= LexiconLimits.graphemeLength || text.scalarCount(grapheme) <= LexiconLimits.graphemeLength
        else {
            throw LexiconError(line: number, grapheme.isEmpty ? "the word before the tab is empty" : "the word is longer than 256 characters")
        }
        guard !said.isEmpty, said.count <= LexiconLimits.pronunciationLength || text.scalarCount(said) <= LexiconLimits.pronunciationLength
        else {
            throw LexiconError(line: number, said.isEmpty ? "nothing to say after the tab" : "the pronunciation is longer than 1,024 characters")
        }
        let first = bytes[said.lowerBound], last = bytes[said.upperBound - 1]
        if said.count > 2, first == UInt8(ascii: "/"), last == UInt8(ascii: "/") {
            return Line(grapheme: grapheme, spoken: said.dropFirst().dropLast(), alphabet: .ipa)
        }
        if said.count > 4, first == UInt8(ascii: "["), bytes[said.lowerBound + 1] == UInt8(ascii: "["),
            last == UInt8(ascii: "]"), bytes[said.upperBound - 2] == UInt8(ascii: "]")
        {
            return Line(grapheme: grapheme, spoken: said.dropFirst(2).dropLast(2), alphabet: .espeak)
        }
        return Line(grapheme: grapheme, spoken: said, alphabet: nil)
    }

    /// `range` without spaces, carriage returns and (unless `tabs` is false) tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, tabs: Bool = true) -> Range<Int> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0D || (tabs && byte == 0x09) }
        var (lower, upper) = (range.lowerBound, range.upperBound)
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
