import BookModel

/// Finds where a lexicon's graphemes occur in text, as whole words (see
/// ``Lexicon`` for the rules).
enum WordScanner {
    /// A grapheme found in text: the number of its entry in the lexicon
    /// and the scalars it covers.
    struct Match {
        var entry: Int
        var range: Range<Int>
    }

    /// Every match of `lexicon`'s entries in `text`, left to right, not
    /// overlapping; at each word the longest grapheme that fits wins. One
    /// pass over the text's UTF-8: each word's key is hashed as its end is
    /// found, and scalars are counted only for the ranges of matches.
    static func matches(of lexicon: Lexicon, in text: String) -> [Match] {
        var found: [Match] = []
        matches(of: lexicon, in: text, into: &found)
        return found
    }

    /// The matches of ``matches(of:in:)`` in `found`, replacing what it
    /// held: one array serves many utterances (most have no match).
    static func matches(of lexicon: Lexicon, in text: String, into found: inout [Match]) {
        found.removeAll(keepingCapacity: true)
        text.withUTF8Bytes { matches(of: lexicon, utf8: UTF8Text(bytes: $0), into: &found) }
    }

    /// What the scalars before a place say about a word scalar there.
    enum State: UInt8 {
        /// It starts a word.
        case outside
        /// It continues the word of the scalar before.
        case inWord
        /// It follows an apostrophe that ended a word (`'s` after a match):
        /// it starts no word.
        case afterApostrophe
    }

    private static func matches(of lexicon: Lexicon, utf8 text: UTF8Text, into found: inout [Match]) {
        let bytes = text.bytes
        var index = 0
        var state = State.outside
        var counted = (byte: 0, scalars: 0)  // scalars before byte `counted.byte`
        let leapsToCapitals = lexicon.startsOnlyWithCapitals
        while index < bytes.count {
            if leapsToCapitals {
                // Straight to the next byte a grapheme may start with or
                // beyond ASCII, in the state the bytes before leave.
                guard let next = nextCapitalOrBeyondASCII(in: text, from: index, lexicon) else { break }
                (state, index) = (stateAfterASCII(text, from: index, to: next, entering: state), next)
            }
            let byte = bytes[index]
            if byte == 0x20 {  // spaces, a sixth of most text
                (state, index) = (.outside, index + 1)
                continue
            }
            var length = 1
            if byte < 0x80 {
                guard isASCIIWordByte(byte) else {  // spaces and punctuation, most of what is not a word
                    state = byte == 0x27 && state == .inWord ? .afterApostrophe : .outside
                    index += 1
                    continue
                }
            } else {
                let scalar: Unicode.Scalar
                (scalar, length) = text.scalar(at: index)
                guard isWordScalar(scalar) else {
                    state = scalar == "\u{2019}" && state == .inWord ? .afterApostrophe : .outside
                    index += length
                    continue
                }
            }
            guard state == .outside else {
                state = .inWord
                index += length
                continue
            }
            guard lexicon.mayStartWord(with: byte) else {  // no grapheme can match here: only the word's end is needed
                (index, state) = (wordEnd(text, from: index), .inWord)
                continue
            }
            let (end, key) = readWord(text, from: index, hashing: true)
            if lexicon.mayHave(key), let match = lexicon.match(forWord: key, in: text, at: index) {
                let start = counted.scalars + text.scalarCount(counted.byte..<index)
                counted = (match.end, start + text.scalarCount(index..<match.end))
                found.append(Match(entry: match.entry, range: start..<counted.scalars))
                (index, state) = (match.end, match.state)
            } else {
                (index, state) = (end, .inWord)
            }
        }
    }

    /// The first byte from `start` on that is beyond ASCII or an ASCII
    /// capital some grapheme of `lexicon` starts with: eight bytes a step.
    @inline(__always)
    private static func nextCapitalOrBeyondASCII(in text: UTF8Text, from start: Int, _ lexicon: Lexicon) -> Int? {
        let bytes = text.bytes
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let chunk = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // An ASCII byte's high bit set for A–Z (see `asciiWordLength`), a byte beyond ASCII's by itself.
            let capitals = (chunk &+ ones &* (0x80 - 0x41)) & ~(chunk &+ ones &* (0x7F - 0x5A)) & ~chunk
            var found = (capitals | chunk) & highBits
            while found != 0 {
                let place = index + found.trailingZeroBitCount / 8
                if bytes[place] >= 0x80 || lexicon.mayStartWord(with: bytes[place]) { return place }
                found &= found - 1
            }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 || lexicon.mayStartWord(with: bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    /// The state at byte `end` after the bytes `start..<end`, all ASCII,
    /// were read from state `entering`: only the last byte or two matter.
    @inline(__always)
    private static func stateAfterASCII(_ text: UTF8Text, from start: Int, to end: Int, entering: State) -> State {
        guard end > start else { return entering }
        let last = text.bytes[end - 1]
        if isASCIIWordByte(last) { return .inWord }
        guard last == 0x27 else { return .outside }
        let wasInWord = end - 1 > start ? isASCIIWordByte(text.bytes[end - 2]) : entering == .inWord
        return wasInWord ? .afterApostrophe : .outside
    }

    /// The end of the word that starts at byte `start` of `text`, as
    /// ``readWord(_:from:hashing:)`` finds it, eight bytes a step while
    /// they are ASCII letters and digits (most words end within the first
    /// eight, at a space or a punctuation mark).
    @inline(__always)
    private static func wordEnd(_ text: UTF8Text, from start: Int) -> Int {
        let bytes = text.bytes
        var end = start
        while end + 8 <= bytes.count {
            let length = asciiWordLength(UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: end, as: UInt64.self))
            end += length
            guard length == 8 else {
                let after = bytes[end]
                // An apostrophe or a scalar beyond ASCII may go on with the word.
                return after == 0x27 || after >= 0x80 ? readWord(text, from: end, hashing: false).end : end
            }
        }
        return readWord(text, from: end, hashing: false).end
    }

    /// How many of the eight bytes of `chunk` (the first in its low byte)
    /// are ASCII letters or digits before the first that is not.
    @inline(__always)
    private static func asciiWordLength(_ chunk: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // For an ASCII byte x, x + (0x80 - low) has its high bit set when x >= low,
        // and x + (0x7F - high) when x > high; no carry crosses a byte.
        let folded = chunk | ones &* 0x20
        let letters = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x7F - 0x7A))
        let digits = (chunk &+ ones &* (0x80 - 0x30)) & ~(chunk &+ ones &* (0x7F - 0x39))
        let word = (letters | digits) & ~chunk & highBits
        return (~word & highBits).trailingZeroBitCount / 8
    }

    /// The end of the word that starts at byte `start` of `text` (a word
    /// scalar) and, when `hashing`, its key: letters, marks and digits,
    /// with apostrophes between them, but not a possessive `'s` at its end.
    @inline(__always)
    private static func readWord(_ text: UTF8Text, from start: Int, hashing: Bool) -> (end: Int, key: UInt64) {
        let bytes = text.bytes
        var hasher = KeyHasher()
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte &- 0x61 < 26 {  // lower-case ASCII letters, most of most words
                if hashing { hasher.addFolded(byte) }
                end += 1
                continue
            }
            if byte == 0x20 { break }  // the end of most words
            let folded = byte | 0x20  // lower case for a capital; a digit is unchanged
            if folded &- 0x61 < 26 || byte &- 0x30 < 10 {
                if hashing { hasher.addFolded(folded) }
                end += 1
                continue
            }
            guard byte >= 0x80 || byte == 0x27, let (scalar, length) = continuation(text, at: end) else { break }
            if hashing { hasher.add(scalar) }
            end += length
        }
        return (end, hasher.hash)
    }

    /// The scalar at byte `index` and its length when it continues the
    /// word before it (a word scalar, or an apostrophe inside the word);
    /// nil when the word ends there. Within a word, the scalar before an
    /// apostrophe is a word scalar.
    @inline(never)
    private static func continuation(_ text: UTF8Text, at index: Int) -> (Unicode.Scalar, Int)? {
        let (next, length) = text.scalar(at: index)
        guard isWordScalar(next) || (isApostrophe(next) && text.isInnerApostrophe(at: index)) else { return nil }
        return (next, length)
    }

    /// The key a grapheme is filed under: the hash of its first word in
    /// lower case (nil when it has no word).
    static func firstWordKey(_ grapheme: UTF8Text) -> UInt64? {
        var index = 0
        while index < grapheme.bytes.count {
            let (scalar, length) = grapheme.scalar(at: index)
            if isWordScalar(scalar) { return readWord(grapheme, from: index, hashing: true).key }
            index += length
        }
        return nil
    }

    /// FNV-1a, fed one scalar at a time.
    struct KeyHasher {
        private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

        init() {}

        private init(hash: UInt64) { self.hash = hash }

        /// An ASCII letter or digit with the lower-case bit set (`A` as `a`).
        @inline(__always)
        mutating func addFolded(_ byte: UInt8) {
            mix(UInt32(byte))
        }

        @inline(__always)
        mutating func add(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            if value < 0x80 {
                mix(value &- 0x41 < 26 ? value + 0x20 : value)
            } else if isApostrophe(scalar) {
                mix(0x27)
            } else {
                hash = Self.addingLowerCase(of: scalar, to: hash)
            }
        }

        /// `hash` with the scalars of `scalar` in lower case added (apart,
        /// so the loops that hash ASCII need no Unicode properties).
        @inline(never)
        private static func addingLowerCase(of scalar: Unicode.Scalar, to hash: UInt64) -> UInt64 {
            var hasher = KeyHasher(hash: hash)
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { hasher.mix(lower.value) }
            return hasher.hash
        }

        @inline(__always)
        private mutating func mix(_ value: UInt32) {
            hash = (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
        }
    }

    /// Where `grapheme` (an entry's UTF-8), starting at byte `start`, ends
    /// in `text` when it is there with a word boundary after it, and how
    /// the text goes on after it.
    static func matchEnd(of grapheme: UTF8Text, caseSensitive: Bool, in text: UTF8Text, at start: Int)
        -> (end: Int, state: State)?
    {
        var position = start
        var graphemeIndex = 0
        var lastTwo: (Unicode.Scalar, Unicode.Scalar) = (" ", " ")
        while graphemeIndex < grapheme.bytes.count {
            guard position < text.bytes.count else { return nil }
            let (wantedByte, byte) = (grapheme.bytes[graphemeIndex], text.bytes[position])
            if isASCIIWordByte(wantedByte), byte < 0x80 {  // ASCII letters and digits, most of most graphemes
                guard byte == wantedByte || (!caseSensitive && byte | 0x20 == wantedByte | 0x20 && byte | 0x20 &- 0x61 < 26)
                else { return nil }
                (position, graphemeIndex, lastTwo) = (position + 1, graphemeIndex + 1, (lastTwo.1, Unicode.Scalar(byte)))
                continue
            }
            let (wanted, wantedLength) = grapheme.scalar(at: graphemeIndex)
            var (scalar, length) = text.scalar(at: position)
            if isSpace(wanted) {
                guard isSpace(scalar) else { return nil }
                while isSpace(scalar) {
                    position += length
                    guard position < text.bytes.count else { break }
                    (scalar, length) = text.scalar(at: position)
                }
                while graphemeIndex < grapheme.bytes.count, case let (space, spaceLength) = grapheme.scalar(at: graphemeIndex),
                    isSpace(space)
                {
                    graphemeIndex += spaceLength
                }
                lastTwo = (" ", " ")
                continue
            }
            guard same(scalar, wanted, caseSensitive: caseSensitive) else { return nil }
            position += length
            graphemeIndex += wantedLength
            lastTwo = (lastTwo.1, scalar)
        }
        guard text.endsWord(at: position, after: lastTwo.1) else { return nil }
        let state: State = isWordScalar(lastTwo.1) ? .inWord
            : isApostrophe(lastTwo.1) && isWordScalar(lastTwo.0) ? .afterApostrophe : .outside
        return (position, state)
    }

    /// ``matchEnd(of:caseSensitive:in:at:)`` for a case-sensitive grapheme
    /// of ASCII letters and digits only: its bytes compared as they are. A
    /// match ends in a letter or digit, so the text goes on ``State/inWord``.
    static func exactASCIIMatchEnd(of grapheme: UTF8Text, in text: UTF8Text, at start: Int) -> Int? {
        let count = grapheme.bytes.count
        guard count > 0, text.holds(grapheme, at: start),
            text.endsWord(at: start + count, after: Unicode.Scalar(grapheme.bytes[count - 1]))
        else { return nil }
        return start + count
    }

    private static func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar, caseSensitive: Bool) -> Bool {
        if a == b { return true }
        if isApostrophe(a), isApostrophe(b) { return true }
        guard !caseSensitive else { return false }
        if a.isASCII, b.isASCII { return a.value | 0x20 == b.value | 0x20 && a.value | 0x20 &- 0x61 < 26 }
        return a.properties.lowercaseMapping == b.properties.lowercaseMapping
    }

    /// `'s` or `’s` followed by the end of the word.
    static func isPossessive(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < text.count, text[index] == "'" || text[index] == "\u{2019}", text[index + 1] == "s" || text[index + 1] == "S" else {
            return false
        }
        return index + 2 == text.count || !isWordScalar(text[index + 2])
    }

    /// ASCII space, tab, line feed and carriage return, and Unicode's
    /// other white space.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || value == 0x0A || value == 0x09 || value == 0x0D }
        // White space beyond ASCII (Unicode's White_Space property): U+0085,
        // U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
        return value == 0x85 || value == 0xA0 || value == 0x1680 || value &- 0x2000 <= 0x0A || value == 0x2028
            || value == 0x2029 || value == 0x202F || value == 0x205F || value == 0x3000
    }

    /// An ASCII letter or digit.
    @inline(__always)
    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        byte | 0x20 &- 0x61 < 26 || byte &- 0x30 < 10
    }

    @inline(__always)
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value | 0x20 &- 0x61 < 26 || value &- 0x30 < 10 }
        return isNonASCIIWordScalar(scalar)
    }

    private static func isNonASCIIWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value | 0x20 &- 0x61 < 26 || value &- 0x30 < 10 }
        // General punctuation (quotes, dashes, joiners): never part of a word.
        if value &- 0x2000 < 0x70 { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
    }

    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "\u{2019}"
    }
}
