import BookModel
import TextPrimitives

/// The first bytes of a file decoded as text, to tell text from binary
/// data: text has few control characters (tab, line ends and form feed
/// aside), whatever its encoding; compressed, image or program bytes read as
/// Windows-1252 are about one control character in eight.
struct TextSample {
    /// Characters decoded from the sample.
    private(set) var characters = 0
    /// Control characters among them: C0 other than tab, LF, FF and CR; DEL;
    /// C1; and U+FFFD where UTF-8 or UTF-16 was broken.
    private(set) var controls = 0

    /// Decodes `head`, the first bytes of an input of `size` bytes, as
    /// ``TextDecoder`` would (a multi-byte character cut at the end of the
    /// head does not count against it).
    init(head: [UInt8], size: Int) {
        let body = head.count < size ? Array(head.dropLast(Self.partialCharacterLength(head))) : head
        let (encoding, bodyStart) = TextDecoder.detect(head: body[...], size: size) {
            UTF8Validation.isValid(body)
        }
        var decoder = TextDecoder(encoding: encoding, hasBOM: bodyStart > 0)
        for scalar in decoder.decodeAsIs(body[bodyStart...]).unicodeScalars {
            characters += 1
            if Self.isControl(scalar) { controls += 1 }
        }
    }

    /// Whether the sample reads as text: at most two control characters, or
    /// at most one in a hundred characters.
    var isText: Bool { controls <= 2 || controls * 100 <= characters }

    /// A short account for the refusal: `37 of the first 4096 characters are
    /// control characters`.
    var account: String { "\(controls) of the first \(characters) characters are control characters" }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: false
        case 0x00..<0x20, 0x7F..<0xA0, 0xFFFD: true
        default: false
        }
    }

    /// Bytes of an incomplete UTF-8 sequence at the end of `bytes` (0–3).
    private static func partialCharacterLength(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for back in 1...min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte & 0xC0 == 0x80 { continue }  // a continuation byte
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? back : 0
        }
        return 0
    }
}
