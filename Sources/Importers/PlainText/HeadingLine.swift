/// Recognises a line standing alone as a heading: a chapter line
/// (`CHAPTER IV.`, `Chapter 12`, `PART ONE`, `BOOK I`, a Roman numeral or
/// number alone), a front- or back-matter title (`Preface`, `Colophon`), a
/// Markdown `#` heading, or a short line in capitals.
struct HeadingLine: Equatable {
    /// The heading's text, without Markdown `#` marks.
    var text: String
    /// 1 for chapters and `#`, 2 for `##`, and so on.
    var level: Int
    /// Starts a new page (chapter).
    var startsPage: Bool
    /// Holds only a number (`CHAPTER IV.`, `12`): a title line may follow.
    var awaitsTitle: Bool

    init?(_ line: Substring) {
        guard line.utf8.count <= 400 else { return nil }
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 100 else { return nil }
        if let markdown = Self.markdown(trimmed) {
            self = markdown
        } else if let level = Self.sectionNumberLevel(trimmed) {
            self.init(text: trimmed, level: level, startsPage: level == 1, awaitsTitle: false)
        } else if let number = Self.chapterNumber(trimmed) {
            self.init(text: trimmed, level: 1, startsPage: true, awaitsTitle: number)
        } else if Self.isSectionName(trimmed) || Self.isCapitalised(trimmed) {
            self.init(text: trimmed, level: 1, startsPage: true, awaitsTitle: false)
        } else {
            return nil
        }
    }

    private init(text: String, level: Int, startsPage: Bool, awaitsTitle: Bool) {
        self.text = text
        self.level = level
        self.startsPage = startsPage
        self.awaitsTitle = awaitsTitle
    }

    private static func markdown(_ line: String) -> HeadingLine? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        let text = String(line.dropFirst(hashes)).trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        return HeadingLine(text: text, level: hashes, startsPage: hashes <= 2, awaitsTitle: false)
    }

    /// `2.1. Installer les logiciels`: a numbered section title (level 2),
    /// short, not ending like a sentence or a quotation.
    private static func sectionNumberLevel(_ line: String) -> Int? {
        guard line.count <= 80, let space = line.firstIndex(of: " ") else { return nil }
        let number = line[..<space]
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = number.hasSuffix(".") ? parts.dropLast() : parts[...]
        guard (1...4).contains(numbers.count), numbers.count > 1 || number.hasSuffix("."),
              numbers.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let title = line[space...].trimmingWhitespace()
        guard let first = title.first, first.isLetter, let last = title.last, !".,;:!?”\"’»".contains(last) else {
            return nil
        }
        return numbers.count
    }

    /// nil when the line is no chapter line; true when it holds only the
    /// chapter's number, false when a title follows the number on the line.
    private static func chapterNumber(_ line: String) -> Bool? {
        let words = line.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first else { return nil }
        if words.count == 1 { return isNumber(first) ? true : nil }
        guard chapterWords.contains(String(first)), isNumber(words[1]) else { return nil }
        return words.count == 2
    }

    private static func isNumber(_ word: Substring) -> Bool {
        let bare = word.trimmingCharacters(".:—-")
        guard !bare.isEmpty else { return false }
        if bare.allSatisfy(\.isASCIIDigit) { return bare.count <= 4 }
        if bare.count <= 7 && bare.allSatisfy({ "ivxlcdm".contains($0) }) { return true }
        return numberWords.contains(bare)
    }

    private static func isSectionName(_ line: String) -> Bool {
        sectionNames.contains(line.lowercased().trimmingCharacters(".:"))
    }

    /// A short line of capitals, at least three letters, not ending a clause.
    private static func isCapitalised(_ line: String) -> Bool {
        guard line.count <= 60, let last = line.last, !",;".contains(last) else { return false }
        let letters = line.filter(\.isLetter)
        return letters.count >= 3 && letters.allSatisfy(\.isUppercase)
    }

    static let chapterWords: Set<String> = [
        "chapter", "chap.", "part", "book", "volume", "section", "canto", "act",
        "chapitre", "partie", "livre", "tome", "kapitel", "teil", "buch", "capítulo", "capitulo", "parte", "libro",
    ]

    static let numberWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "last",
        "un", "une", "premier", "première", "deux", "trois", "eins", "zwei", "drei", "erster", "uno", "dos", "tres",
        "primero", "primera",
    ]

    static let sectionNames: Set<String> = [
        "prologue", "epilogue", "preface", "foreword", "introduction", "afterword", "contents", "table of contents",
        "imprint", "colophon", "uncopyright", "dedication", "acknowledgements", "acknowledgments", "appendix",
        "glossary", "index", "list of illustrations", "endnotes", "notes",
        "vorwort", "nachwort", "einleitung", "inhalt", "préface", "avant-propos", "épilogue",
        "prólogo", "prefacio", "epílogo", "índice",
    ]
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }

    /// The text without any of `characters` at either end.
    func trimmingCharacters(_ characters: String) -> String {
        let start = firstIndex { !characters.contains($0) } ?? endIndex
        let end = lastIndex { !characters.contains($0) }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
