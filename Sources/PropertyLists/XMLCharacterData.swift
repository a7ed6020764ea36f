/// Decodes XML character data: the five predefined entities, decimal and
/// hexadecimal character references, and CDATA sections. Comments inside
/// character data are dropped. Any other entity reference is an error.
package enum XMLCharacterData {
    package struct DecodingError: Error {
        var message: String
    }

    package static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], DecodingError> {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "&") {
                guard let end = raw[index...].firstIndex(of: UInt8(ascii: ";")), end - index <= 12 else {
                    return .failure(DecodingError(message: "unterminated entity reference"))
                }
                let name = String(decoding: UnsafeBufferPointer(rebasing: raw[(index + 1)..<end]), as: UTF8.self)
                guard let scalar = character(named: name) else {
                    return .failure(DecodingError(message: "unknown entity &\(name);"))
                }
                output.append(contentsOf: Array(String(scalar).utf8))
                index = end + 1
            } else if byte == UInt8(ascii: "<") {
                guard let skipped = section(in: raw, at: index, into: &output) else {
                    return .failure(DecodingError(message: "unexpected markup in character data"))
                }
                index = skipped
            } else {
                output.append(byte)
                index += 1
            }
        }
        return .success(output)
    }

    /// Copies a CDATA section's content (or skips a comment) starting at
    /// `index`; returns the index after it, or nil when it is neither.
    private static func section(in raw: UnsafeBufferPointer<UInt8>, at index: Int, into output: inout [UInt8]) -> Int? {
        let rest = Array(raw[index...].prefix(9))
        if rest.starts(with: Array("<![CDATA[".utf8)) {
            guard let end = firstIndex(of: Array("]]>".utf8), in: raw, from: index + 9) else { return nil }
            output.append(contentsOf: raw[(index + 9)..<end])
            return end + 3
        }
        if rest.starts(with: Array("<!--".utf8)) {
            guard let end = firstIndex(of: Array("-->".utf8), in: raw, from: index + 4) else { return nil }
            return end + 3
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in raw: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + needle.count <= raw.count {
            if Array(raw[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// The character an entity or character reference names.
    package static func character(named name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X")
            ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
