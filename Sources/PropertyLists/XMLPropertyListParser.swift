import BookModel
import Foundation

/// Parses an XML property list (Apple's `PropertyList-1.0` DTD) from bytes.
///
/// A small hand-written parser for the plist subset of XML: it is an order of
/// magnitude faster than Foundation's on Linux, never fetches a DTD, and knows
/// only the five predefined entities and character references (a document
/// that declares its own entities gets an error, so there is nothing to
/// expand). Nesting is limited to ``maximumDepth``.
public struct XMLPropertyListParser {
    /// Deepest nesting of arrays and dictionaries accepted.
    public static let maximumDepth = 512

    package let bytes: UnsafeBufferPointer<UInt8>
    package var position = 0
    package var depth = 0

    /// A parser over `bytes`, which must outlive it (see
    /// ``parse(_:)`` for whole documents, and the cursor extension for
    /// reading one piece at a time).
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses a whole document into its root value.
    /// - Throws: ``PropertyListError/malformed(format:location:message:)`` with the
    ///   line of the problem.
    public static func parse(_ data: consuming [UInt8]) throws(PropertyListError) -> PropertyListValue {
        let utf8 = utf8Document(consume data)
        let result: Result<PropertyListValue, PropertyListError> = utf8.withUnsafeBufferPointer { buffer in
            var parser = XMLPropertyListParser(bytes: buffer)
            do throws(PropertyListError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The document as UTF-8 without a byte-order mark (UTF-16 documents,
    /// recognised by their BOM, are transcoded).
    package static func utf8Document(_ data: consuming [UInt8]) -> [UInt8] {
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(data.dropFirst(3)) }
        let bigEndian = data.starts(with: [0xFE, 0xFF])
        guard bigEndian || data.starts(with: [0xFF, 0xFE]) else { return data }
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var index = 2
        while index + 1 < data.count {
            let (high, low) = bigEndian ? (data[index], data[index + 1]) : (data[index + 1], data[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        try skipProlog()
        guard let tag = try readStartTag() else { throw error("expected <plist> or a value") }
        var value: PropertyListValue
        if tag.name == "plist" {
            guard !tag.isEmpty else { throw error("<plist/> holds no value") }
            try skipMisc()
            guard let inner = try readStartTag() else { throw error("expected a value inside <plist>") }
            value = try parseValue(inner)
            try skipMisc()
            try expectEndTag("plist")
        } else {
            value = try parseValue(tag)
        }
        try skipMisc()
        guard position == bytes.count else { throw error("unexpected content after the root element") }
        return value
    }

    // MARK: Values

    package mutating func parseValue(_ tag: StartTag) throws(PropertyListError) -> PropertyListValue {
        switch tag.name {
        case "dict": return .dictionary(try parseDictionary(tag))
        case "array": return .array(try parseArray(tag))
        case "string": return .string(try readText(of: tag))
        case "integer": return .integer(try parseInteger(try readText(of: tag)))
        case "real": return .real(try parseReal(try readText(of: tag)))
        case "true", "false":
            if !tag.isEmpty { try expectEndTag(tag.name) }
            return .boolean(tag.name == "true")
        case "date": return .date(try parseDate(try readText(of: tag)))
        case "data": return .data(try parseData(try readText(of: tag)))
        default: throw error("unknown element <\(tag.name)>")
        }
    }

    private mutating func parseDictionary(_ tag: StartTag) throws(PropertyListError) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        if tag.isEmpty { return dictionary }
        try enter()
        defer { depth -= 1 }
        while true {
            try skipMisc()
            if try consumeEndTag("dict") { return dictionary }
            guard let keyTag = try readStartTag(), keyTag.name == "key" else {
                throw error("expected <key> or </dict>")
            }
            let key = try readText(of: keyTag)
            try skipMisc()
            guard let valueTag = try readStartTag() else { throw error("expected a value for key \"\(key)\"") }
            dictionary[key] = try parseValue(valueTag)
        }
    }

    private mutating func parseArray(_ tag: StartTag) throws(PropertyListError) -> [PropertyListValue] {
        var array: [PropertyListValue] = []
        if tag.isEmpty { return array }
        try enter()
        defer { depth -= 1 }
        while true {
            try skipMisc()
            if try consumeEndTag("array") { return array }
            guard let valueTag = try readStartTag() else { throw error("expected a value or </array>") }
            array.append(try parseValue(valueTag))
        }
    }

    package mutating func enter() throws(PropertyListError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    // MARK: Scalars

    private func parseInteger(_ text: String) throws(PropertyListError) -> Int64 {
        let trimmed = Self.trimmed(text)
        var digits = trimmed
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard let magnitude = UInt64(digits, radix: radix) else {
            let isNumeral = !digits.isEmpty && digits.allSatisfy { $0.isHexDigit && (radix == 16 || $0.isNumber) }
            throw error(isNumeral ? "integer \(trimmed) is out of range" : "expected an integer, found \"\(text)\"")
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw error("integer \(text) is out of range") }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard let value = Int64(exactly: magnitude) else { throw error("integer \(text) is out of range") }
        return value
    }

    private func parseReal(_ text: String) throws(PropertyListError) -> Double {
        guard let value = Double(Self.trimmed(text)) else { throw error("expected a real number, found \"\(text)\"") }
        return value
    }

    /// Whitespace removed from both ends.
    private static func trimmed(_ text: String) -> Substring {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return Substring(text[first...last])
    }

    private func parseDate(_ text: String) throws(PropertyListError) -> Date {
        guard let date = PropertyListDate.parse(String(Self.trimmed(text))) else {
            throw error("expected an ISO 8601 date like 2014-07-11T16:00:00Z, found \"\(text)\"")
        }
        return date
    }

    private func parseData(_ text: String) throws(PropertyListError) -> [UInt8] {
        let compact = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { throw error("<data> is not valid base64") }
        return [UInt8](data)
    }

    // MARK: Markup

    package struct StartTag {
        var name: String
        var isEmpty: Bool
    }

    /// Reads `<name attr="…">` or `<name/>` at the current position; nil when
    /// the next thing is an end tag.
    package mutating func readStartTag() throws(PropertyListError) -> StartTag? {
        guard peek() == UInt8(ascii: "<") else {
            throw error(position < bytes.count ? "expected an element, found text" : "unexpected end of document")
        }
        if peek(1) == UInt8(ascii: "/") { return nil }
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw error("expected an element name after <") }
        while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
            if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: ">") {
                position += 2
                return StartTag(name: name, isEmpty: true)
            }
            if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                try skipQuoted()
            } else {
                position += 1
            }
        }
        guard position < bytes.count else { throw error("unclosed <\(name)>") }
        position += 1
        return StartTag(name: name, isEmpty: false)
    }

    private mutating func skipQuoted() throws(PropertyListError) {
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote { position += 1 }
        guard position < bytes.count else { throw error("unterminated attribute value") }
        position += 1
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), UInt8(ascii: "."):
            true
        default: byte >= 0x80
        }
    }

    package mutating func consumeEndTag(_ name: String) throws(PropertyListError) -> Bool {
        guard peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") else { return false }
        try expectEndTag(name)
        return true
    }

    package mutating func expectEndTag(_ name: String) throws(PropertyListError) {
        guard peek() == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "/") else { throw error("expected </\(name)>") }
        position += 2
        let found = readName()
        skipWhitespace()
        guard found == name, peek() == UInt8(ascii: ">") else {
            throw error("expected </\(name)>, found </\(found)>")
        }
        position += 1
    }

    /// Reads the character data of an element up to its end tag, decoding
    /// entities and CDATA sections; an empty element gives "".
    package mutating func readText(of tag: StartTag) throws(PropertyListError) -> String {
        if tag.isEmpty { return "" }
        let start = position
        var needsDecoding = false
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") || peek(1) == UInt8(ascii: "!") {
            if bytes[position] == UInt8(ascii: "&") || bytes[position] == UInt8(ascii: "<") { needsDecoding = true }
            if bytes[position] == UInt8(ascii: "<") {
                try skipCDATAOrComment()
            } else {
                position += 1
            }
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
        try expectEndTag(tag.name)
        let text: String?
        if needsDecoding {
            let decoded = try XMLCharacterData.decode(raw).mapError { self.error($0.message, at: start) }.get()
            text = decoded.withUnsafeBufferPointer(Self.validatedString)
        } else {
            text = Self.validatedString(raw)
        }
        guard let text else { throw error("invalid UTF-8 in text", at: start) }
        return text
    }

    /// The bytes as a string, or nil when they are not valid UTF-8. ASCII, the
    /// common case, takes the fast path.
    private static func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        return isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    private mutating func skipCDATAOrComment() throws(PropertyListError) {
        let terminator: [UInt8]
        if matches("<![CDATA[") {
            terminator = Array("]]>".utf8)
        } else if matches("<!--") {
            terminator = Array("-->".utf8)
        } else {
            throw error("unexpected markup in character data")
        }
        guard let end = find(terminator, from: position) else { throw error("unterminated CDATA section or comment") }
        position = end + terminator.count
    }

    // MARK: Prolog and whitespace

    package mutating func skipProlog() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if matches("<?") {
                guard let end = find(Array("?>".utf8), from: position) else { throw error("unterminated <?…?>") }
                position = end + 2
            } else if matches("<!--") {
                try skipCDATAOrComment()
            } else if matches("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>`. An internal subset that declares entities is
    /// refused: plists never need one and expanding them invites attacks.
    private mutating func skipDoctype() throws(PropertyListError) {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
            if bytes[position] == UInt8(ascii: "[") {
                throw error("a DOCTYPE with an internal subset (entity declarations) is not allowed in a plist", at: start)
            }
            if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                try skipQuoted()
            } else {
                position += 1
            }
        }
        guard position < bytes.count else { throw error("unterminated <!DOCTYPE") }
        position += 1
    }

    package mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if matches("<!--") { try skipCDATAOrComment() } else { return }
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let literalBytes = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for index in 0..<count where bytes[position + index] != literalBytes[index] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Errors

    package func error(_ message: String, at offset: Int? = nil) -> PropertyListError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        for index in 0..<end where bytes[index] == 0x0A { line += 1 }
        return .malformed(format: "XML plist", location: "line \(line)", message: message)
    }
}
