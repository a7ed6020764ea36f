import BookModel

/// Parses the JSON form of a narrated-book plist (what `--format json`
/// writes): objects, arrays, strings, numbers and booleans. A number with a
/// fraction or exponent is a real, any other number an integer, so integers
/// survive a round trip. `null` has no plist equivalent and is an error.
public struct JSONPropertyListParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        var parser = JSONPropertyListParser(bytes: Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]))
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected content after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func value() throws(PropertyListError) -> PropertyListValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return .dictionary(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .boolean(true)
        case UInt8(ascii: "f"): try literal("false"); return .boolean(false)
        case UInt8(ascii: "n"): throw error("null has no property-list equivalent")
        default: return try number()
        }
    }

    private mutating func object() throws(PropertyListError) -> PropertyListDictionary {
        try enter()
        defer { depth -= 1 }
        position += 1
        var dictionary = PropertyListDictionary()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return dictionary }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipWhitespace()
            try expect(":")
            dictionary[key] = try value()
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { position += 1; return dictionary }
            try expect(",")
        }
    }

    private mutating func array() throws(PropertyListError) -> [PropertyListValue] {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [PropertyListValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return items }
        while true {
            items.append(try value())
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { position += 1; return items }
            try expect(",")
        }
    }

    private mutating func string() throws(PropertyListError) -> String {
        position += 1
        var output: [UInt8] = []
        while let byte = peek() {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: output, as: UTF8.self) else { throw error("invalid UTF-8") }
                return string
            case UInt8(ascii: "\\"): try escape(into: &output)
            case 0..<0x20: throw error("control character in string")
            default: output.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape(into output: inout [UInt8]) throws(PropertyListError) {
        guard let byte = peek() else { throw error("unterminated escape") }
        position += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] { output.append(replacement); return }
        guard byte == UInt8(ascii: "u") else { throw error("bad escape \\\(Character(Unicode.Scalar(byte)))") }
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar), peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
            position += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate") }
        output.append(contentsOf: Array(String(unicode).utf8))
    }

    private mutating func hexQuad() throws(PropertyListError) -> UInt32 {
        guard position + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        position += 4
        return value
    }

    private mutating func number() throws(PropertyListError) -> PropertyListValue {
        let start = position
        var isReal = false
        while let byte = peek(), "+-0123456789.eE".utf8.contains(byte) {
            if "eE.".utf8.contains(byte) { isReal = true }
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if !isReal, let integer = Int64(text) { return .integer(integer) }
        guard !text.isEmpty, let real = Double(text) else { throw error("expected a value") }
        return .real(real)
    }

    private mutating func literal(_ word: String) throws(PropertyListError) {
        let expected = Array(word.utf8)
        guard bytes[position...].starts(with: expected) else { throw error("expected \(word)") }
        position += expected.count
    }

    private mutating func expect(_ character: Character) throws(PropertyListError) {
        guard let ascii = character.asciiValue, peek() == ascii else { throw error("expected '\(character)'") }
        position += 1
    }

    private mutating func enter() throws(PropertyListError) {
        depth += 1
        if depth > XMLPropertyListParser.maximumDepth { throw error("nesting too deep") }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func error(_ message: String) -> PropertyListError {
        let line = bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return .malformed(format: "JSON", location: "line \(line)", message: message)
    }
}
