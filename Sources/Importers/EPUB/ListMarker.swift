import TextPrimitives

/// Spoken labels of ordered-list items: "3.", "c.", "iv." as the list's
/// `type` asks.
enum ListMarker {
    /// The marker for item number `value` of a list of `type` (`1`, `a`,
    /// `A`, `i`, `I`; anything else counts in decimals).
    static func marker(_ value: Int, type: String?) -> String {
        switch type {
        case "a": return (alphabetic(value) ?? String(value)).lowercased() + "."
        case "A": return (alphabetic(value) ?? String(value)) + "."
        case "i": return (roman(value) ?? String(value)).lowercased() + "."
        case "I": return (roman(value) ?? String(value)) + "."
        default: return String(value) + "."
        }
    }

    /// A, B, … Z, AA, AB, …; `nil` below 1.
    static func alphabetic(_ value: Int) -> String? {
        guard value >= 1 else { return nil }
        var number = value
        var letters: [Character] = []
        while number > 0 {
            number -= 1
            letters.insert(Character(Unicode.Scalar(UInt8(65 + number % 26))), at: 0)
            number /= 26
        }
        return String(letters)
    }

    /// Roman numerals for 1…3999; `nil` outside.
    static func roman(_ value: Int) -> String? {
        (1...3999).contains(value) ? RomanNumeral.numeral(value) : nil
    }

    /// The value of an upper-case Roman numeral written the usual way
    /// ("XLII" → 42); `nil` for anything else.
    static func romanValue(_ text: String) -> Int? {
        text == text.uppercased() ? RomanNumeral.value(of: text) : nil
    }
}
