/// FNV-1a, 64 bits: a fingerprint that is the same in every run and on
/// every platform (Swift's `Hasher` is seeded per process): for telling
/// whether a chapter file written earlier is still what the book and
/// options would give, naming a render's work folder, and the reader's
/// saved places. `add(_ text:)` ends each text with a separator no UTF-8
/// holds; ``append(contentsOf:)`` does not.
public struct StableDigest: Hashable, Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0xFF)  // a separator no UTF-8 text contains
    }

    /// Adds text with no separator after it: `"ab"` then `"c"` hashes as `"abc"`.
    public mutating func append(contentsOf text: String) {
        for byte in text.utf8 { mix(byte) }
    }

    public mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { mix(byte) }
        mix(0xFF)
    }

    private mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// 16 hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
