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
/// Hangul; scripts without capitals or digits) and from the tables built
/// for Greek, Cyrillic and the rest agree with the properties for every
/// scalar there is.
@Test func blockRangesAgreeWithTheUnicodeProperties() {
    var disagreements: [String] = []
    for value in UInt32(0x100)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value), !(0x2000..<0x2070).contains(value) else { continue }
        let properties = scalar.properties
        if ScalarClass.isLetter(scalar) != properties.isAlphabetic { disagreements.append("letter \(value)") }
        if ScalarClass.isDigit(scalar) != (properties.numericType == .decimal) { disagreements.append("digit \(value)") }
        let capital = properties.isUppercase || properties.generalCategory == .titlecaseLetter
        if ScalarClass.isUppercase(scalar) != capital { disagreements.append("capital \(value)") }
        if ScalarClass.isLowercase(scalar) != properties.isLowercase { disagreements.append("small \(value)") }
        if ScalarClass.isWhitespace(scalar) != properties.isWhitespace { disagreements.append("space \(value)") }
        let mark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
        if value >= 0x300, ScalarClass.isExtending(scalar) != (mark || value == 0x200D || (0xFE00...0xFE0F).contains(value)) {
            disagreements.append("mark \(value)")
        }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
}
