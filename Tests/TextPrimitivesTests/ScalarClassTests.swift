import Testing

@testable import TextPrimitives

/// The non-ASCII scalars ``ScalarClass`` answers without looking up Unicode
/// properties: Latin-1 and General Punctuation, with a margin on either side.
/// (Its ASCII answers are its own: vertical tab and form feed are not
/// whitespace to it.)
private let fastPathScalars = (0x80..<0x140).compactMap(Unicode.Scalar.init)
    + (0x1FF0..<0x2080).compactMap(Unicode.Scalar.init)

@Test func fastPathsAgreeWithTheUnicodeProperties() {
    for scalar in fastPathScalars {
        let properties = scalar.properties
        #expect(ScalarClass.isWhitespace(scalar) == properties.isWhitespace, "\(scalar.value)")
        #expect(ScalarClass.isLetter(scalar) == properties.isAlphabetic, "\(scalar.value)")
        #expect(ScalarClass.isDigit(scalar) == (properties.numericType == .decimal), "\(scalar.value)")
        #expect(ScalarClass.isLowercase(scalar) == properties.isLowercase, "\(scalar.value)")
        #expect(
            ScalarClass.isUppercase(scalar) == (properties.isUppercase || properties.generalCategory == .titlecaseLetter),
            "\(scalar.value)")
    }
}

/// The blocks answered from their ranges (letters of kana, ideographs and
/// Hangul; scripts without capitals or digits) agree with the properties
/// for every scalar there is.
@Test func blockRangesAgreeWithTheUnicodeProperties() {
    var disagreements: [String] = []
    for value in UInt32(0x100)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value), !(0x2000..<0x2070).contains(value) else { continue }
        let properties = scalar.properties
        if ScalarClass.isLetter(scalar) != properties.isAlphabetic { disagreements.append("letter \(value)") }
        if ScalarClass.isDigit(scalar) != (properties.numericType == .decimal) { disagreements.append("digit \(value)") }
        let capital = properties.isUppercase || properties.generalCategory == .titlecaseLetter
        if ScalarClass.isUppercase(scalar) != capital { disagreements.append("capital \(value)") }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
}
