/// Reading scalars straight from a String's UTF-8 bytes (always valid), where
/// a `UnicodeScalarView` would be slower for ASCII.
package enum UTF8Scalar {
    /// The scalar that starts at `index` in valid UTF-8, and its length in
    /// bytes. (U+FFFD should the bytes not be valid after all.)
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> length)
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
