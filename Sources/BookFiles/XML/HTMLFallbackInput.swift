/// Prepares bytes that failed as XML for libxml2's HTML parser, which knows
/// neither DTD internal subsets (their text would leak into the body) nor
/// CDATA sections nor entities declared in the document.
///
/// The internal subset is replaced by `<!DOCTYPE html>` (and as many line
/// breaks, so line numbers stay right); references to its
/// short internal entities are replaced by their text in one pass (the text
/// is not scanned again, so nothing can expand recursively, and the output
/// is capped); CDATA sections become escaped text.
package enum HTMLFallbackInput {
    /// Output never grows past this multiple of the input (plus 1 MiB).
    package static let maxGrowth = 4

    package static func prepare(_ bytes: [UInt8]) -> [UInt8] {
        guard let doctype = internalSubset(in: bytes) else { return escapingCDATA(bytes, entities: [:]) }
        let entities = declaredEntities(in: bytes[doctype.subset])
        let lineBreaks = bytes[doctype.whole].filter { $0 == UInt8(ascii: "\n") }  // keeps line numbers
        let rest = Array(bytes[..<doctype.whole.lowerBound]) + Array("<!DOCTYPE html>".utf8) + lineBreaks
            + Array(bytes[doctype.whole.upperBound...])
        return escapingCDATA(rest, entities: entities)
    }

    /// The `<!DOCTYPE … [ … ]>` near the top and its bracketed part, when
    /// there is one; quoted text inside the subset may hold `]` and `>`.
    private static func internalSubset(in bytes: [UInt8]) -> (whole: Range<Int>, subset: Range<Int>)? {
        let head = Array(bytes.prefix(4096))
        guard let start = find(Array("<!DOCTYPE".utf8), in: head, from: 0, caseInsensitive: true),
            let bracket = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ">") }),
            bytes[bracket] == UInt8(ascii: "[")
        else { return nil }
        var quote: UInt8?
        var index = bracket + 1
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "]"), let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")),
                bytes[(index + 1)..<end].allSatisfy(isSpace)
            {
                return (start..<(end + 1), (bracket + 1)..<index)
            }
            index += 1
        }
        return nil
    }

    /// `<!ENTITY name "text">` declarations whose text is at most 64 bytes
    /// without `<`; parameter and external entities are left out.
    private static func declaredEntities(in subset: ArraySlice<UInt8>) -> [String: [UInt8]] {
        let bytes = Array(subset)
        let keyword = Array("<!ENTITY".utf8)
        var entities: [String: [UInt8]] = [:]
        var position = 0
        while let found = find(keyword, in: bytes, from: position) {
            var index = found + keyword.count
            position = index
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "%") { index += 1 }
            let name = bytes[nameStart..<index]
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard !name.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                let close = bytes[(index + 1)...].firstIndex(of: bytes[index])
            else { continue }
            let value = Array(bytes[(index + 1)..<close])
            if value.count <= 64, !value.contains(UInt8(ascii: "<")) {
                entities[String(decoding: name, as: UTF8.self)] = value
            }
            position = close
        }
        return entities
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func escapingCDATA(_ bytes: [UInt8], entities: [String: [UInt8]]) -> [UInt8] {
        let open = Array("<![CDATA[".utf8), close = Array("]]>".utf8)
        let limit = bytes.count * maxGrowth + (1 << 20)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: open) {
                let end = find(close, in: bytes, from: index + open.count) ?? bytes.count
                for byte in bytes[(index + open.count)..<end] { output += escaped(byte) }
                index = min(end + close.count, bytes.count)
            } else if bytes[index] == UInt8(ascii: "&"), output.count < limit,
                let (value, length) = reference(at: index, in: bytes, entities: entities)
            {
                output += value
                index += length
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func reference(at index: Int, in bytes: [UInt8], entities: [String: [UInt8]]) -> ([UInt8], Int)? {
        guard !entities.isEmpty, let semicolon = bytes[index...].prefix(66).firstIndex(of: UInt8(ascii: ";")) else {
            return nil
        }
        let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
        return entities[name].map { ($0, semicolon + 1 - index) }
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "&"): Array("&amp;".utf8)
        case UInt8(ascii: "<"): Array("&lt;".utf8)
        case UInt8(ascii: ">"): Array("&gt;".utf8)
        default: [byte]
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false)
        -> Int?
    {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { position in
            needle.indices.allSatisfy { offset in
                let byte = bytes[position + offset]
                return caseInsensitive ? lowercase(byte) == lowercase(needle[offset]) : byte == needle[offset]
            }
        }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
