import BookModel
import Foundation

/// Where the reader's `g` goes: a chapter by the number in its title, in
/// Arabic or Roman numerals (`28` finds "Chapter XXVIII" or "28. The
/// Ball"), a chapter by the start of its title or of a word in it (`pref`
/// finds "Preface"), or a page by its index (`#30`).
/// Pure, so it is tested without a terminal.
public struct ChapterFinder: Sendable {
    /// The book's pages, in order.
    public let pages: [Page]

    public init(pages: [Page]) {
        self.pages = pages
    }

    /// What typed text found: a 0-based page index, or why there is none.
    public enum Outcome: Equatable, Sendable {
        case page(Int)
        case notFound(String)
    }

    /// The page `query` names (see the type's summary). A number goes by
    /// page index when no title in the book carries a number.
    public func find(_ query: String) -> Outcome {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .notFound("") }
        if text.hasPrefix("#") { return page(text.dropFirst()) }
        if let number = Int(text) { return chapter(number, typed: text) }
        return titled(text)
    }

    private func page(_ digits: Substring) -> Outcome {
        guard let number = Int(digits), (1...max(pages.count, 1)).contains(number), !pages.isEmpty else {
            return .notFound("There is no page \(digits); pages are 1–\(pages.count).")
        }
        return .page(number - 1)
    }

    private func chapter(_ number: Int, typed: String) -> Outcome {
        let numbers = pages.map { $0.title.flatMap(Self.chapterNumber) }
        if let index = numbers.firstIndex(of: number) { return .page(index) }
        if numbers.allSatisfy({ $0 == nil }) { return page(Substring(String(number))) }
        return .notFound("No chapter \(typed) by its title; #\(number) goes to page \(number).")
    }

    private func titled(_ text: String) -> Outcome {
        let wanted = Self.folded(text)
        let titles = pages.map { Self.folded($0.title ?? "") }
        if let index = titles.firstIndex(where: { $0.hasPrefix(wanted) }) { return .page(index) }
        if let index = titles.firstIndex(where: { $0.split(separator: " ").contains { $0.hasPrefix(wanted) } }) {
            return .page(index)
        }
        return .notFound("No chapter title starts with “\(text)”.")
    }

    /// The number a title gives its chapter: its first or second word
    /// ("XXVIII", "Chapter 28", "Kapitel 3."), in Arabic or Roman numerals.
    static func chapterNumber(_ title: String) -> Int? {
        let words = title.split(whereSeparator: { $0.isWhitespace || ".:,;)(-–—".contains($0) })
        for word in words.prefix(2) {
            if let number = Int(word) ?? romanValue(word) { return number }
        }
        return nil
    }

    /// The value of a Roman numeral (`XXVIII` → 28, any case); nil for
    /// other words.
    static func romanValue(_ word: Substring) -> Int? {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let digits = word.uppercased().compactMap { values[$0] }
        guard !digits.isEmpty, digits.count == word.count, word.count <= 12 else { return nil }
        var total = 0
        for (index, value) in digits.enumerated() {
            total += index + 1 < digits.count && value < digits[index + 1] ? -value : value
        }
        return total > 0 && romanNumeral(total) == word.uppercased() ? total : nil
    }

    /// The canonical Roman numeral of `number` (so `IIII` or `IC` are not numerals).
    private static func romanNumeral(_ number: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = number, text = ""
        for (value, numeral) in table {
            while rest >= value { text += numeral; rest -= value }
        }
        return text
    }

    /// Lower case, without diacritics or leading spaces, for matching titles.
    static func folded(_ text: String) -> String {
        let scalars = text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
        return String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    }
}
