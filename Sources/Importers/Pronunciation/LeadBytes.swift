/// The bytes a word can start with where one of a lexicon's graphemes may
/// match: ``WordScanner`` passes over a word starting with any other byte
/// without hashing it (most of a book's words, for a list of names).
struct LeadBytes: Sendable {
    private var low: UInt64 = 0  // bytes 0–63
    private var ascii: UInt64 = 0  // bytes 64–127
    private var high: (UInt64, UInt64) = (0, 0)  // bytes 128–255

    init() {}

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit: UInt64 = 1 << (byte & 63)
        switch byte >> 6 {
        case 0: return low & bit != 0
        case 1: return ascii & bit != 0
        case 2: return high.0 & bit != 0
        default: return high.1 & bit != 0
        }
    }

    /// Adds what a grapheme whose first byte is `first` can match at a
    /// word's start: that byte; when case does not matter, the other case
    /// of an ASCII letter and every byte beyond ASCII (the lower case of a
    /// letter beyond ASCII may be ASCII: the Kelvin sign's is `k`).
    mutating func add(first: UInt8, caseSensitive: Bool) {
        guard WordScanner.isASCIIWordByte(first) || first >= 0x80 else { return addAll() }
        insert(first)
        guard !caseSensitive else { return }
        if first | 0x20 &- 0x61 < 26 { insert(first ^ 0x20) }
        high = (~0, ~0)
    }

    /// Every byte: for a grapheme that does not start with a word's scalar.
    private mutating func addAll() {
        (low, ascii, high) = (~0, ~0, (~0, ~0))
    }

    private mutating func insert(_ byte: UInt8) {
        let bit: UInt64 = 1 << (byte & 63)
        switch byte >> 6 {
        case 0: low |= bit
        case 1: ascii |= bit
        case 2: high.0 |= bit
        default: high.1 |= bit
        }
    }
}
