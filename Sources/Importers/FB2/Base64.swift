/// Decodes the base64 text of FB2 `<binary>` elements: white space between
/// characters is skipped, padding is optional.
enum Base64 {
    /// The bytes `text` encodes; nil when it holds a character that is
    /// neither base64 nor white space, or ends in a lone sextet.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var count = 0
        for byte in text {
            if byte == UInt8(ascii: "=") { break }
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            guard let value = sextet(byte) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            count += 1
            if count == 4 {
                output += [UInt8(truncatingIfNeeded: buffer >> 16), UInt8(truncatingIfNeeded: buffer >> 8), UInt8(truncatingIfNeeded: buffer)]
                buffer = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: output.append(UInt8(truncatingIfNeeded: buffer >> 4))
        case 3: output += [UInt8(truncatingIfNeeded: buffer >> 10), UInt8(truncatingIfNeeded: buffer >> 2)]
        default: return nil
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
