import Glibc

/// Whether bytes are valid UTF-8 as RFC 3629 defines it (no overlong
/// forms, no surrogates, nothing above U+10FFFF), checked in place: ASCII
/// eight bytes a step, and no string made (`String(validating:)` copies
/// the bytes into one first).
public enum UTF8Validation {
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let (length, second) = sequence(startingWith: lead), index + length <= count,
                second.contains(bytes[index + 1])
            else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// `isValid` for any bytes (copied first when they are not contiguous).
    public static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.withContiguousStorageIfAvailable { isValid($0) } ?? Array(bytes).withUnsafeBufferPointer { isValid($0) }
    }

    /// The length of the sequence a lead byte starts and the bytes its
    /// second byte may be (narrower than a continuation byte's after E0,
    /// ED, F0 and F4); nil for a byte that starts none.
    @inline(__always)
    private static func sequence(startingWith lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xED: (3, 0x80...0x9F)  // not the surrogates U+D800–U+DFFF
        case 0xE1...0xEF: (3, 0x80...0xBF)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)  // nothing above U+10FFFF
        default: nil
        }
    }
}

extension String {
    /// The string of `bytes` if they are valid UTF-8, else nil: checked by
    /// ``UTF8Validation`` (ASCII eight bytes a step) and copied once.
    /// `String(validating:)` checks byte by byte, several times slower on
    /// text with a curly quote every few words.
    package init?(checkedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard UTF8Validation.isValid(bytes) else { return nil }
        self.init(knownValidUTF8: bytes)
    }

    /// The text of a NUL-terminated C string, as `String(cString:)` gives it
    /// (ill-formed bytes become U+FFFD), valid text checked only once.
    package init(fastCString pointer: UnsafePointer<UInt8>) {
        let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer))
        self = String(checkedUTF8: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The string of `bytes`, which the caller has made or checked as valid
    /// UTF-8, copied without checking them again.
    package init(knownValidUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool = false) {
        self.init(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }
}
