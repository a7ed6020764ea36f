/// Roman numerals: the value of a well-formed numeral (`XLII` → 42), in
/// either case. Ill-formed strings of the same letters (`IIII`, `VX`,
/// `MIX` read as a word) give nil, so words such as `MIX`, `CIVIL` and `DID`
/// are never numbers.
package enum RomanNumeral {
    /// The value of `text` when it is a canonical Roman numeral from 1 to
    /// 3999 (`iv`, `XIV`, `mcmlxxxiv`); nil otherwise.
    package static func value<S: StringProtocol>(of text: S) -> Int? {
        var total = 0
        var previous = Int.max
        var count = 0
        for character in text.uppercased() {
            guard let value = values[character] else { return nil }
            count += 1
            if value > previous { total += value - 2 * previous } else { total += value }
            previous = value
        }
        guard count > 0, (1...3999).contains(total) else { return nil }
        return numeral(total) == text.uppercased() ? total : nil
    }

    /// The canonical numeral of `value` (1…3999), in capitals.
    package static func numeral(_ value: Int) -> String {
        var rest = value
        var text = ""
        for (amount, letters) in table {
            while rest >= amount {
                text += letters
                rest -= amount
            }
        }
        return text
    }

    private static let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
    private static let table: [(Int, String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
        (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
}
