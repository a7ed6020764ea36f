/// A string's UTF-8, read scalar by scalar for ``WordScanner``: no array
/// of scalars is made, positions count both bytes and scalars.
struct UTF8Text {
    /// Valid UTF-8 (a `String`'s own bytes).
    let bytes: UnsafeBufferPointer<UInt8>

    /// A place in the text: its byte offset and how many scalars come before it.
    struct Position {
        var byte = 0
        var scalar = 0

        mutating func advance(by length: Int) {
            byte += length
            scalar += 1
        }
    }

    /// The scalar that starts at byte `index`, and its length in bytes.
    @inline(__always)
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> length)
        for offset in 1..<length where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The scalar after the one at byte `index`, if any.
    private func scalar(after index: Int) -> (scalar: Unicode.Scalar, index: Int)? {
        let next = index + scalar(at: index).1
        return next < bytes.count ? (scalar(at: next).0, next) : nil
    }

    /// Whether the apostrophe at byte `index`, after `previous`, lies
    /// inside a word (`don't`): a letter on both sides, and not a
    /// possessive `'s` at the end of one.
    func isInnerApostrophe(at index: Int, after previous: Unicode.Scalar) -> Bool {
        guard WordScanner.isWordScalar(previous), let (next, nextIndex) = scalar(after: index),
            WordScanner.isWordScalar(next)
        else { return false }
        return !isPossessiveEnding(next, at: nextIndex)
    }

    /// Whether a word may end before byte `index`, where `previous` is the
    /// scalar before: the text ends, or a scalar follows that is not part
    /// of the word, or a possessive `'s` that ends there.
    func endsWord(at index: Int, after previous: Unicode.Scalar) -> Bool {
        guard index < bytes.count else { return true }
        let (here, _) = scalar(at: index)
        if WordScanner.isWordScalar(here) { return false }
        guard WordScanner.isApostrophe(here), let (next, nextIndex) = scalar(after: index),
            WordScanner.isWordScalar(next)
        else { return true }
        return isPossessiveEnding(next, at: nextIndex)
    }

    /// `s` or `S` at byte `index` with no letter after it.
    private func isPossessiveEnding(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
        guard scalar == "s" || scalar == "S" else { return false }
        guard let (after, _) = self.scalar(after: index) else { return true }
        return !WordScanner.isWordScalar(after)
    }
}
