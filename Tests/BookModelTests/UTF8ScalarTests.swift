import Testing

@testable import BookModel

/// Scalars read straight from a String's UTF-8 are the String's own
/// scalars: one to four bytes each, at any position.
struct UTF8ScalarTests {
    @Test func scalarsAndCountAreTheStringsOwn() {
        let alphabet = Array("a \n\u{7F}\u{80}é\u{7FF}\u{800}“中\u{FFFF}\u{10000}😀\u{10FFFF}\u{301}".unicodeScalars)
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let scalars = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? "a"
            }
            let text = String(String.UnicodeScalarView(scalars))
            #expect(UTF8Scalar.scalars(of: text) == scalars, "\(scalars.map(\.value))")
            #expect(UTF8Scalar.count(of: text) == scalars.count, "\(scalars.map(\.value))")
        }
    }

    /// Each length of encoding, at its edges, decodes to its scalar and
    /// length.
    @Test func decodingEachLengthGivesItsScalar() {
        for value: UInt32 in [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(Character(scalar)).utf8)
            let decoded = bytes.withUnsafeBufferPointer { UTF8Scalar.decode($0, at: 0) }
            #expect(decoded.0 == scalar)
            #expect(decoded.1 == bytes.count)
        }
    }
}

/// A string's bytes read in place are its UTF-8, for small and large,
/// ASCII and other strings, and strings cut from others or built from an
/// array of `Character`s; the string is left as it was.
@Test func stringsGiveTheirUTF8InPlace() {
    let long = String(repeating: "naïve “quotes” and 中文 ", count: 40)
    let strings = ["", "a", "short ASCII", "é", long, String(long.dropFirst(7).prefix(100)),
                   String(Array("built from characters ‘x’")), long.uppercased()]
    for string in strings {
        #expect(string.withUTF8Bytes { Array($0) } == Array(string.utf8), "\(string.prefix(20))")
        #expect(string.withUTF8Bytes { $0.count } == string.utf8.count)
    }
}
