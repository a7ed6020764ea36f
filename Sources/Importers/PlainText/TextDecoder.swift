import BookModel
import TextPrimitives

/// The character encodings a plain-text file is recognised in.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case windows1252 = "Windows-1252"
}

/// Turns the bytes of a plain-text file into text: recognises the encoding
/// (a byte-order mark, valid UTF-8, UTF-16 by its zero bytes, otherwise
/// Windows-1252, a superset of Latin-1, with a warning), normalises CRLF and
/// CR to LF and drops NULs and other control characters except tab, line
/// feed and form feed.
public struct TextDecoder: Sendable {
    /// The decoded, normalised text (empty for a decoder fed chunk by chunk).
    public private(set) var text = ""
    /// The encoding the bytes were read in.
    public private(set) var encoding: TextEncoding
    /// Problems that did not stop decoding (a guessed encoding, bad bytes),
    /// each once, in a fixed order.
    public var warnings: [Warning] { Problem.allCases.filter(problems.contains).map { $0.warning(encoding) } }
    private var problems: Set<Problem> = []

    public init(bytes: [UInt8]) {
        let (encoding, bodyStart) = Self.detect(head: bytes.prefix(4096), size: bytes.count) {
            UTF8Validation.isValid(bytes)
        }
        self.init(encoding: encoding, hasBOM: bodyStart > 0)
        text = decode(bytes[bodyStart...], isLast: true)
    }

    /// A decoder for text read chunk by chunk with ``decode(_:isLast:)``,
    /// in an encoding found with ``detect(head:size:isValidUTF8:)``.
    init(encoding: TextEncoding, hasBOM: Bool) {
        self.encoding = encoding
        if encoding == .windows1252 { problems.insert(.guessedWindows1252) }
        if !hasBOM && (encoding == .utf16LittleEndian || encoding == .utf16BigEndian) {
            problems.insert(.guessedUTF16)
        }
    }

    /// The normalised text of one piece of the input. Pieces cut just after
    /// a line feed decode, one after the other, to the text of the whole.
    mutating func decode(_ bytes: ArraySlice<UInt8>, isLast: Bool) -> String {
        Self.normalised(decodeAsIs(bytes))
    }

    /// The text of `bytes` in the decoder's encoding, control characters
    /// and line ends as they are.
    mutating func decodeAsIs(_ bytes: ArraySlice<UInt8>) -> String {
        switch encoding {
        case .utf8: decodeUTF8(bytes)
        case .utf16LittleEndian, .utf16BigEndian: decodeUTF16(bytes, bigEndian: encoding == .utf16BigEndian)
        case .windows1252: Self.decodeWindows1252(bytes)
        }
    }

    /// The encoding and the length of any byte-order mark, from the first
    /// 4096 bytes of the input, its size, and (asked only when needed)
    /// whether all of it is valid UTF-8.
    static func detect(head: ArraySlice<UInt8>, size: Int, isValidUTF8: () -> Bool) -> (TextEncoding, Int) {
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if head.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if head.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if let utf16 = guessUTF16WithoutBOM(head, size: size) { return (utf16, 0) }
        return (isValidUTF8() ? .utf8 : .windows1252, 0)
    }

    /// UTF-16 without a BOM shows as a zero byte in most pairs of ASCII text.
    private static func guessUTF16WithoutBOM(_ head: ArraySlice<UInt8>, size: Int) -> TextEncoding? {
        let sample = head.prefix(4096)
        guard sample.count >= 8, sample.count % 2 == 0 || size > sample.count else { return nil }
        var zeroEven = 0
        var zeroOdd = 0
        for (offset, byte) in sample.enumerated() where byte == 0 {
            if offset % 2 == 0 { zeroEven += 1 } else { zeroOdd += 1 }
        }
        let pairs = sample.count / 2
        if zeroOdd * 10 > pairs * 4 && zeroEven * 10 < pairs { return .utf16LittleEndian }
        if zeroEven * 10 > pairs * 4 && zeroOdd * 10 < pairs { return .utf16BigEndian }
        return nil
    }

    private mutating func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        problems.insert(.invalidUTF8)
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func decodeUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        if bytes.count % 2 != 0 { problems.insert(.oddUTF16) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if String(validating: units, as: UTF16.self) == nil { problems.insert(.unpairedSurrogate) }
        return String(decoding: units, as: UTF16.self)
    }

    /// What can go wrong while decoding, in the order warnings are given.
    private enum Problem: CaseIterable, Sendable {
        case guessedWindows1252, invalidUTF8, oddUTF16, unpairedSurrogate, guessedUTF16

        func warning(_ encoding: TextEncoding) -> Warning {
            switch self {
            case .guessedWindows1252: Warning("not UTF-8 and no byte-order mark: read as Windows-1252 (Latin-1)")
            case .invalidUTF8: Warning("invalid UTF-8 sequences replaced with U+FFFD")
            case .oddUTF16: Warning("odd number of bytes in UTF-16 text; last byte ignored")
            case .unpairedSurrogate: Warning("unpaired UTF-16 surrogates replaced with U+FFFD")
            case .guessedUTF16: Warning("no byte-order mark: read as \(encoding.rawValue) from its zero bytes")
            }
        }
    }

    private static func decodeWindows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Windows-1252's characters for bytes 0x80…0x9F; the five undefined
    /// bytes keep their Latin-1 (control) value and are dropped later.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// LF line ends; no NULs or control characters other than tab, LF, FF.
    static func normalised(_ text: String) -> String {
        needsNormalising(text) ? normalisingEveryScalar(text) : text
    }

    /// ``normalised(_:)`` with no check first: every scalar looked at.
    static func normalisingEveryScalar(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0D, 0x2028, 0x2029: scalars.append("\n")
            case 0x0A: if !previousWasCR { scalars.append("\n") }
            case 0x09, 0x0C: scalars.append(scalar)
            case 0x00..<0x20, 0x7F..<0xA0, 0xFEFF: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// False when the text has no CR, no control character other than tab,
    /// LF and FF, no C1 control (UTF-8 `C2 80…9F`), no U+2028/2029 and no
    /// U+FEFF: most files, checked at memory speed.
    private static func needsNormalising(_ text: String) -> Bool {
        return text.withUTF8Bytes { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte &- 0x20 < 0x5F { continue }  // printable ASCII, most of the text: one test
                switch byte {
                case 0x09, 0x0A, 0x0C: continue
                case 0x00..<0x20, 0x7F: return true
                case 0x80...0x9F where index >= 1 && bytes[index - 1] == 0xC2: return true
                case 0xA8...0xA9 where index >= 2 && bytes[index - 1] == 0x80 && bytes[index - 2] == 0xE2: return true
                case 0xBF where index >= 2 && bytes[index - 1] == 0xBB && bytes[index - 2] == 0xEF: return true
                default: continue
                }
            }
            return false
        }
    }
}
