/// The bytes a word can start with where one of a lexicon's graphemes may
/// match: ``WordScanner`` passes over a word starting with any other byte
/// without hashing it (most of a book's words, for a list of names).
struct LeadBytes: Sendable {
    /// A bit per byte value, 64 to a word (looked up without a branch).
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = withUnsafeBytes(of: bits) { $0.load(fromByteOffset: Int(byte >> 6) * 8, as: UInt64.self) }
        return word >> (byte & 63) & 1 != 0
    }

    /// Whether the only ASCII bytes in the set are capital letters.
    var hasOnlyCapitalsInASCII: Bool {
        let capitals: UInt64 = ((1 << 26) - 1) << (0x41 - 64)
        return bits.0 == 0 && bits.1 & ~capitals == 0
    }

    /// Adds what a grapheme whose first byte is `first` can match at a
    /// word's start: that byte; when case does not matter, the other case
    /// of an ASCII letter and every byte beyond ASCII (the lower case of a
    /// letter beyond ASCII may be ASCII: the Kelvin sign's is `k`).
    mutating func add(first: UInt8, caseSensitive: Bool) {
        guard WordScanner.isASCIIWordByte(first) || first >= 0x80 else {
            bits = (~0, ~0, ~0, ~0)  // a grapheme that does not start with a word's scalar
            return
        }
        insert(first)
        guard !caseSensitive else { return }
        if first | 0x20 &- 0x61 < 26 { insert(first ^ 0x20) }
        (bits.2, bits.3) = (~0, ~0)
    }

    private mutating func insert(_ byte: UInt8) {
        withUnsafeMutableBytes(of: &bits) { words in
            let offset = Int(byte >> 6) * 8
            words.storeBytes(of: words.load(fromByteOffset: offset, as: UInt64.self) | 1 << (byte & 63), toByteOffset: offset, as: UInt64.self)
        }
    }
}
