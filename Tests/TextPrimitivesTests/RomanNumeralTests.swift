import Testing

@testable import TextPrimitives

@Test(arguments: [("XLII", 42), ("iv", 4), ("XIV", 14), ("mcmlxxxiv", 1984), ("MMMCMXCIX", 3999), ("I", 1)])
func readsCanonicalNumeralsInEitherCase(_ text: String, _ value: Int) {
    #expect(RomanNumeral.value(of: text) == value)
}

/// Ill-formed strings of numeral letters, and words made of them, are no numbers.
@Test(arguments: ["IIII", "VX", "IC", "LIVID", "CIVIL", "DID", "MMMM", "", "X1", "Ⅻ"])
func refusesWhatIsNotACanonicalNumeral(_ text: String) {
    #expect(RomanNumeral.value(of: text) == nil)
}

@Test func everyValueReadsBackFromItsNumeral() {
    for value in 1...3999 {
        let numeral = RomanNumeral.numeral(value)
        #expect(RomanNumeral.value(of: numeral) == value, "\(numeral)")
        #expect(RomanNumeral.value(of: numeral.lowercased()) == value, "\(numeral)")
    }
}
