/// Reading scalars straight from a String's UTF-8 bytes (always valid), where
/// a `UnicodeScalarView` would be slower for ASCII.
package enum UTF8Scalar {
    /// The scalar that starts at `index` and its length in bytes, for valid
    /// UTF-8 (as a String's bytes are); a sequence cut short at the end is
    /// not read past, and what is not a scalar gives U+FFFD.
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> length)
        for offset in 1..<length where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}

extension UTF8Scalar {
    /// The scalars of `text`, decoded from its UTF-8 in place (as
    /// `Array(text.unicodeScalars)` gives them, in one pass with no
    /// iterator).
    package static func scalars(of text: String) -> [Unicode.Scalar] {
        text.withUTF8Bytes { bytes in
            [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                var index = 0
                count = 0
                while index < bytes.count {
                    let (scalar, length) = decode(bytes, at: index)
                    buffer[count] = scalar
                    count += 1
                    index += length
                }
            }
        }
    }

    /// How many scalars `text` holds (`text.unicodeScalars.count`): its
    /// bytes that are not continuation bytes.
    package static func count(of text: String) -> Int {
        text.withUTF8Bytes { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }
}
