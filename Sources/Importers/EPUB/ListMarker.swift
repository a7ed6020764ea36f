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
        guard (1...3999).contains(value) else { return nil }
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var number = value
        var result = ""
        for (amount, numeral) in table {
            while number >= amount {
                result += numeral
                number -= amount
            }
        }
        return result
    }

    /// The value of an upper-case Roman numeral written the usual way
    /// ("XLII" → 42); `nil` for anything else.
    static func romanValue(_ text: String) -> Int? {
        (1...3999).lazy.first { roman($0) == text }
    }
}
