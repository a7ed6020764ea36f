import BookModel
#if canImport(Glibc)
import Glibc
#endif

/// A string's UTF-8, read scalar by scalar for ``WordScanner``: no array
/// of scalars is made; places are byte offsets, and scalars are counted
/// only where a match needs its range.
struct UTF8Text {
    /// Valid UTF-8 (a `String`'s own bytes).
    let bytes: UnsafeBufferPointer<UInt8>

    /// How many scalars the bytes in `range` hold (it starts and ends
    /// between two scalars): its bytes that do not continue a scalar
    /// (`10xxxxxx`), counted eight at a time.
    func scalarCount(_ range: Range<Int>) -> Int {
        var continuing = 0
        var index = range.lowerBound
        let raw = UnsafeRawBufferPointer(bytes)
        while index + 8 <= range.upperBound {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            continuing += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        for index in index..<range.upperBound where bytes[index] & 0xC0 == 0x80 { continuing += 1 }
        return range.count - continuing
    }

    /// Whether a scalar is a capital letter (ASCII `A`–`Z`, or upper case
    /// by Unicode).
    var hasCapital: Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {  // ASCII without decoding
                if bytes[index] &- 0x41 < 26 { return true }
                index += 1
                continue
            }
            let (scalar, length) = scalar(at: index)
            if scalar.properties.isUppercase { return true }
            index += length
        }
        return false
    }

    /// Whether the bytes from `start` on are `other`'s bytes.
    func holds(_ other: UTF8Text, at start: Int) -> Bool {
        guard start >= 0, start + other.bytes.count <= bytes.count else { return false }
        guard let base = bytes.baseAddress, let otherBase = other.bytes.baseAddress else { return other.bytes.isEmpty }
        return memcmp(base + start, otherBase, other.bytes.count) == 0
    }

    /// The first place of `byte` in `range`, found many bytes a step (`memchr`).
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// The scalar that starts at byte `index`, and its length in bytes.
    @inline(__always)
    func scalar(at index: Int) -> (Unicode.Scalar, Int) {
        UTF8Scalar.decode(bytes, at: index)
    }

    /// The scalar after the one at byte `index`, if any.
    private func scalar(after index: Int) -> (scalar: Unicode.Scalar, index: Int)? {
        let next = index + scalar(at: index).1
        return next < bytes.count ? (scalar(at: next).0, next) : nil
    }

    /// Whether the apostrophe at byte `index`, after a word scalar, lies
    /// inside a word (`don't`): a letter after it, and not a possessive
    /// `'s` at the end of one.
    func isInnerApostrophe(at index: Int) -> Bool {
        guard let (next, nextIndex) = scalar(after: index), WordScanner.isWordScalar(next) else { return false }
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
