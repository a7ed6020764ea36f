import Testing
@testable import TextPrimitives

/// `String(scalars:)` encodes without the standard library's check: its
/// strings must be the ones the standard library makes from the same
/// scalars, whatever their widths.
struct ScalarStringTests {
    @Test func randomScalarsMakeTheStandardLibrarysString() {
        var random = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...40, using: &random)
            let scalars = (0..<count).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &random) ?? 0...0x7F, using: &random))
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            let expected = String(view)
            let made = String(scalars: scalars[...])
            #expect(made == expected)
            #expect(Array(made.utf8) == Array(expected.utf8))
            #expect(made.unicodeScalars.count == scalars.count)
            #expect(made.count == expected.count)  // a string wrongly marked ASCII counts bytes
            #expect(made.utf16.count == expected.utf16.count)
        }
    }

    @Test func aSliceInTheMiddleGivesOnlyItsScalars() {
        let scalars = Array("“Well,” said he — 日本 😀 end".unicodeScalars)
        #expect(String(scalars: scalars[1..<5]) == "Well")
        #expect(String(scalars: scalars[18..<20]) == "日本")
        #expect(String(scalars: scalars[21..<22]) == "😀")
        #expect(String(scalars: scalars[3..<3]).isEmpty)
    }

    /// A long all-ASCII run (past any small-string or stack size) and the
    /// same with one wide scalar at its end.
    @Test func longRunsAreWholeAtBothEnds() {
        let ascii = Array(String(repeating: "abc def. ", count: 400).unicodeScalars)
        #expect(String(scalars: ascii[...]) == String(repeating: "abc def. ", count: 400))
        let wide = ascii + ["😀"]
        #expect(String(scalars: wide[...]).hasSuffix(" 😀"))
        #expect(String(scalars: wide[...]).utf8.count == ascii.count + 4)
    }
}
