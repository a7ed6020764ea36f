import Testing
import BookModel

/// The in-place check agrees with the standard library's on the forms
/// UTF-8 forbids and on random bytes weighted toward them.
struct UTF8ValidationTests {
    @Test(arguments: [
        ([], true),
        (Array("plain ASCII, more than eight bytes".utf8), true),
        (Array("é, 日本語, 😀 and U+10FFFF \u{10FFFF}".utf8), true),
        ([0xC0, 0x80], false),  // overlong NUL
        ([0xC1, 0xBF], false),  // overlong
        ([0xE0, 0x80, 0x80], false),  // overlong three-byte
        ([0xE0, 0xA0, 0x80], true),  // U+0800
        ([0xED, 0xA0, 0x80], false),  // a surrogate
        ([0xED, 0x9F, 0xBF], true),  // U+D7FF
        ([0xF0, 0x8F, 0xBF, 0xBF], false),  // overlong four-byte
        ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], false),
        ([0xFF], false),
        ([0x80], false),  // a continuation with no lead
        ([0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0xE2, 0x80], false),  // cut short at the end
        ([0xE2, 0x28, 0xA1], false),  // a bad continuation
    ] as [([UInt8], Bool)])
    func judgesTheForbiddenForms(bytes: [UInt8], valid: Bool) {
        #expect(UTF8Validation.isValid(bytes) == valid)
        #expect((String(validating: bytes, as: UTF8.self) != nil) == valid)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), [0x20], Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0x80], [0xBF], [0xC0], [0xC2],
            [0xE0], [0xED], [0xEF], [0xF0], [0xF4], [0xF5], [0xFF], [0x9F], [0xA0], [0x90], [0x8F],
        ]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random) ?? [] }
            #expect(UTF8Validation.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    /// Bytes of the kinds above, valid or not, for the string makers below.
    private static func randomBytes(count: Int, using random: inout some RandomNumberGenerator) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("abcdefghijk".utf8), [0x20], Array("é".utf8), Array("“”".utf8), Array("日".utf8), Array("😀".utf8),
            [0x80], [0xC0], [0xC2], [0xE0], [0xED], [0xF0], [0xF4], [0xFF], [0xA0],
        ]
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes += pieces.randomElement(using: &random) ?? [] }
        return bytes
    }

    @Test func checkedStringsAreTheValidOnesAsTheStandardLibraryMakesThem() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(count: Int.random(in: 0...12, using: &random), using: &random)
            let checked = bytes.withUnsafeBufferPointer { String(checkedUTF8: $0) }
            #expect(checked == String(validating: bytes, as: UTF8.self), "\(bytes)")
            if let checked { #expect(Array(checked.utf8) == bytes) }
        }
    }

    /// Like `String(cString:)`, ill-formed bytes included (they become U+FFFD).
    @Test func fastCStringsReadAsCStringsDo() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(count: Int.random(in: 0...12, using: &random), using: &random) + [0]
            let fast = bytes.withUnsafeBufferPointer { String(fastCString: $0.baseAddress!) }
            let standard = bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            #expect(fast == standard, "\(bytes)")
            #expect(Array(fast.utf8) == Array(standard.utf8), "\(bytes)")
        }
    }
}

