import BookModel

/// Rewrites a UTF-8 XML document so that every non-ASCII character in
/// character data and attribute values becomes a character reference
/// (`“` → `&#8220;`). libxml2 reads the same tree from it, but reads ASCII
/// text on its fast path: prose full of curly quotes and dashes parses in
/// about half the time.
///
/// Only documents it fully understands are rewritten: UTF-8 (or no declared
/// encoding), no internal DTD subset, ASCII names, valid UTF-8, and no text
/// that starts with a non-ASCII character and breaks its line before the
/// next markup (libxml2 numbers such a text node by where its first 300
/// bytes end, not where it starts; a reference there would change the
/// line number the tree reports). Comments,
/// CDATA sections, processing instructions and the DOCTYPE are copied as
/// they are (references mean nothing there). Anything else gives `nil`, and
/// the caller parses the original bytes.
package enum ASCIIReferences {
    /// The rewritten document when libxml2 reads it faster than the
    /// original: not for text dense in characters beyond ASCII
    /// (``isDenseBeyondASCII(_:)``); otherwise as ``rewrite(_:)``.
    package static func rewriteWhenFaster(_ bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.withUnsafeBufferPointer(isDenseBeyondASCII) else { return nil }
        return rewrite(bytes)
    }

    /// The rewritten document; `nil` when it is all ASCII already or not a
    /// document this rewriting is sure about.
    package static func rewrite(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { input in
            guard firstNonASCII(in: input) != nil, declaresUTF8(input) else { return nil }
            // A reference is at most 3.5 times as long as its character's
            // bytes (`\u{7FF}` → `&#2047;`), the rest is copied: four times
            // the input always holds the output. Pages never written are
            // never touched.
            var rewritten = false
            let output = [UInt8](unsafeUninitializedCapacity: input.count * 4) { buffer, count in
                var rewriter = Rewriter(input: input, output: buffer)
                rewritten = rewriter.run()
                count = rewritten ? rewriter.written : 0
            }
            return rewritten ? output : nil
        }
    }

    /// Whether more than a tenth of the bytes are beyond ASCII (Japanese,
    /// Chinese, Greek, Russian text): libxml2 reads such text on its slow
    /// path either way, and a reference for every character only adds to
    /// it (Kusamakura: 330 M instructions rewritten, 237 M as it is). Below
    /// a tenth (curly quotes and dashes in English, accents in French),
    /// rewriting wins: P&P 239 M against 264 M; the two meet at about 11%.
    /// Judged on the first 4 KB (a book's documents keep to their
    /// script), so that a long chapter is not read once more for it.
    static func isDenseBeyondASCII(_ whole: UnsafeBufferPointer<UInt8>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: whole.prefix(1 << 12))
        let limit = bytes.count / 10
        var count = 0
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                // Each byte's top bit moved to its bottom and the eight added
                // up in the top byte (a multiplication, not a bit count, which
                // the baseline x86-64 has no instruction for).
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let tops = (word >> 7) & 0x0101_0101_0101_0101
                count &+= Int(truncatingIfNeeded: (tops &* 0x0101_0101_0101_0101) >> 56)
                if count > limit { return true }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { count += 1 }
            index += 1
        }
        return count > limit
    }

    /// The offset of the first byte ≥ 0x80, 8 bytes at a time; `nil` for ASCII.
    private static func firstNonASCII(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = word & 0x8080_8080_8080_8080
                if high != 0 { return index + high.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }

    /// No byte order mark other than UTF-8's, and an XML declaration, if
    /// any, that names UTF-8 or no encoding.
    private static func declaresUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        guard bytes.count > start, bytes[start] == UInt8(ascii: "<") else { return false }
        let prefix = Array(bytes[start..<min(bytes.count, start + 5)])
        guard prefix == Array("<?xml".utf8) else { return true }
        guard let end = (start..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: ">") }) else { return false }
        // Read as ASCII bytes, letters in any case: no byte of a non-ASCII
        // character matches, as no character of `lowercased()` would.
        let declaration = UnsafeBufferPointer(rebasing: bytes[start...end])
        guard var index = firstIndex(of: "encoding", in: declaration) else { return true }
        while index < declaration.count, [UInt8(ascii: " "), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(declaration[index]) {
            index += 1
        }
        let value = UnsafeBufferPointer(rebasing: declaration[index...])
        return ASCIICase.startsWith(value, "utf-8") || ASCIICase.startsWith(value, "utf8")
    }

    /// Where `word` (lowercase ASCII) ends in `bytes`, letters in any case.
    private static func firstIndex(of word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = word.utf8CodeUnitCount
        guard bytes.count >= count else { return nil }
        for start in 0...(bytes.count - count) where ASCIICase.startsWith(UnsafeBufferPointer(rebasing: bytes[start...]), word) {
            return start + count
        }
        return nil
    }
}

/// The rewriting pass: a small state machine over the markup.
private struct Rewriter {
    let input: UnsafeBufferPointer<UInt8>
    /// Written in place (no array to grow and check at every byte); big
    /// enough for any rewriting of `input` (see ``ASCIIReferences/rewrite(_:)``).
    private let output: UnsafeMutableBufferPointer<UInt8>
    private(set) var written = 0
    private var index = 0
    /// Nothing of the current text node has been read yet (just after markup).
    private var atTextStart = false

    init(input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>) {
        self.input = input
        self.output = output
    }

    private mutating func put(_ byte: UInt8) {
        output[written] = byte
        written += 1
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let destination = output.baseAddress else { return }
        (destination + written).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Whether the document was rewritten into `output` (``written`` bytes); false when it gives up.
    mutating func run() -> Bool {
        while index < input.count {
            copyText()
            guard index < input.count else { break }
            if input[index] == UInt8(ascii: "<") {
                guard markup() else { return false }
                atTextStart = true
            } else {
                guard !(atTextStart && breaksLineBeforeMarkup()), reference() else { return false }
                atTextStart = false
            }
        }
        return true
    }

    /// Copies character data up to the next `<` or non-ASCII byte, 8 bytes
    /// at a time.
    private mutating func copyText() {
        let start = index
        if let base = UnsafeRawPointer(input.baseAddress) {
            while index + 8 <= input.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let difference = word ^ (ones &* UInt64(UInt8(ascii: "<")))
                let found = ((difference &- ones) & ~difference | word) & 0x8080_8080_8080_8080
                if found != 0 {  // the lowest flag is exact
                    index += found.trailingZeroBitCount / 8
                    break
                }
                index += 8
            }
        }
        while index < input.count, input[index] != UInt8(ascii: "<"), input[index] < 0x80 { index += 1 }
        put(UnsafeBufferPointer(rebasing: input[start..<index]))
        if index > start { atTextStart = false }
    }

    /// A line break in the text ahead of `index`, before the next `<` or `&`
    /// and within the 512 bytes that cover libxml2's first 300-byte chunk
    /// (past them the line number no longer depends on where it starts).
    private func breaksLineBeforeMarkup() -> Bool {
        let end = min(input.count, index + 512)
        var position = index
        if let base = UnsafeRawPointer(input.baseAddress) {
            while position + 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                let found = Self.flags(word, 0x0A) | Self.flags(word, 0x0D) | Self.flags(word, 0x3C) | Self.flags(word, 0x26)
                if found != 0 {  // the lowest flag is exact
                    position += found.trailingZeroBitCount / 8
                    return input[position] == 0x0A || input[position] == 0x0D
                }
                position += 8
            }
        }
        while position < end {
            switch input[position] {
            case 0x3C, 0x26: return false
            case 0x0A, 0x0D: return true
            default: position += 1
            }
        }
        return false
    }

    /// The high bit of each byte of `word` equal to `byte` (and perhaps of
    /// bytes above such a byte).
    private static func flags(_ word: UInt64, _ byte: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let difference = word ^ (ones &* byte)
        return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
    }

    /// A tag, comment, CDATA section, processing instruction or DOCTYPE,
    /// starting at `<`.
    private mutating func markup() -> Bool {
        if starts(with: "<!--") { return copy(through: "-->") }
        if starts(with: "<![CDATA[") { return copy(through: "]]>") }
        if starts(with: "<?") { return copy(through: "?>") }
        if starts(with: "<!") { return doctype() }
        return tag()
    }

    /// A start or end tag: names copied (ASCII only), attribute values rewritten.
    private mutating func tag() -> Bool {
        while true {
            copyRun { $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 < 0x80 }
            guard index < input.count else { return false }
            let byte = input[index]
            switch byte {
            case UInt8(ascii: ">"):
                put(byte)
                index += 1
                return true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard attributeValue(quote: byte) else { return false }
            default:
                return false  // a non-ASCII name
            }
        }
    }

    private mutating func attributeValue(quote: UInt8) -> Bool {
        put(quote)
        index += 1
        while true {
            copyRun { $0 != quote && $0 != UInt8(ascii: "<") && $0 < 0x80 }
            guard index < input.count else { return false }
            let byte = input[index]
            if byte == quote {
                put(byte)
                index += 1
                return true
            }
            // `<` is not well-formed there: the parser says so on the original.
            guard byte >= 0x80, reference() else { return false }
        }
    }

    /// Copies the bytes from `index` for which `isPlain` holds, in one go.
    private mutating func copyRun(while isPlain: (UInt8) -> Bool) {
        let start = index
        while index < input.count, isPlain(input[index]) { index += 1 }
        put(UnsafeBufferPointer(rebasing: input[start..<index]))
    }

    /// A DOCTYPE without an internal subset, copied.
    private mutating func doctype() -> Bool {
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "[") || byte >= 0x80 { return false }
            put(byte)
            index += 1
            if byte == UInt8(ascii: ">") { return true }
        }
        return false
    }

    /// Copies up to and including `terminator`, whatever the bytes.
    private mutating func copy(through terminator: StaticString) -> Bool {
        let end = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
        while index < input.count {
            if starts(with: end) {
                put(end)
                index += end.count
                return true
            }
            put(input[index])
            index += 1
        }
        return false
    }

    private func starts(with text: StaticString) -> Bool {
        starts(with: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func starts(with bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + bytes.count <= input.count else { return false }
        for offset in 0..<bytes.count where input[index + offset] != bytes[offset] { return false }
        return true
    }

    /// The UTF-8 character at `index` as `&#N;`; `false` for bytes that are
    /// not UTF-8.
    private mutating func reference() -> Bool {
        // Never short of room (see ``ASCIIReferences/rewrite(_:)``); said
        // here, where the output grows, rather than trusted.
        guard let (value, length) = decode(), written + 10 <= output.count else { return false }
        put(UInt8(ascii: "&"))
        put(UInt8(ascii: "#"))
        var divisor: UInt32 = 1
        while divisor <= value / 10 { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
        put(UInt8(ascii: ";"))
        index += length
        return true
    }

    /// The scalar value and length of the UTF-8 sequence at `index`
    /// (shortest form, no surrogates, at most U+10FFFF).
    private func decode() -> (UInt32, Int)? {
        let lead = UInt32(input[index])
        let length: Int
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return nil
        }
        guard index + length <= input.count else { return nil }
        var value = lead & (0x7F >> length)
        for offset in 1..<length {
            let byte = UInt32(input[index + offset])
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (byte & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }
}
