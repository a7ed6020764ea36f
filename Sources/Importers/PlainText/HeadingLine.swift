import BookModel
import TextPrimitives

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
    /// A number alone (`II.`, `12`): a chapter, or a section of one when
    /// the book numbers sections inside titled chapters.
    var isBareNumber = false
    /// What the heading opens.
    var opens: Opening = .chapter
    /// A front- or back-matter title (`Preface`, `Colophon`): it does not
    /// end the front matter.
    var isMatterTitle = false

    /// The kinds of page a heading can open.
    enum Opening {
        case chapter
        /// An in-book table of contents (`Contents`).
        case contents
        /// Notes gathered at the end (`Endnotes`, `Notes`).
        case notes
        /// `THE END`: no page of its own.
        case closing
    }

    /// - Parameter seriesWords: words the book numbers its chapters with
    ///   besides `Chapter`, `Book`, `Part` (``HeadingSurvey``).
    init?(_ line: Substring, seriesWords: Set<String> = []) {
        guard line.utf8.count <= 400 else { return nil }
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.hasAtMost(characters: 100) else { return nil }
        if let markdown = Self.markdown(trimmed) {
            self = markdown
        } else if let level = Self.sectionNumberLevel(trimmed) {
            self.init(text: trimmed, level: level, startsPage: level == 1, awaitsTitle: false)
        } else if let number = Self.chapterNumber(trimmed, seriesWords: seriesWords) {
            self.init(text: trimmed, level: 1, startsPage: true, awaitsTitle: number)
            isBareNumber = !trimmed.contains(" ")
        } else if let opening = Self.sectionOpening(trimmed) {
            self.init(text: trimmed, level: opening == .closing ? 2 : 1, startsPage: opening != .closing, awaitsTitle: false)
            opens = opening
            isMatterTitle = true
        } else if Self.isCapitalised(trimmed) {
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
        // The number's first part is digits: most lines are ruled out by their first byte.
        guard let first = line.utf8.first, first &- UInt8(ascii: "0") < 10 else { return nil }
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
    private static func chapterNumber(_ line: String, seriesWords: Set<String>) -> Bool? {
        // A number may begin with `.:—-` (they are trimmed off); chapter and series words are letters.
        guard let initial = line.first, initial.isLetter || initial.isNumber || ".:—-".contains(initial) else { return nil }
        // The first two words and whether a third follows, read without lowercasing the whole line.
        let words = firstWords(of: line)
        guard let first = words.first else { return nil }
        if words.count == 1 { return isNumber(first) ? true : nil }
        let word = first.lowercased()
        guard chapterWords.contains(word) || seriesWords.contains(word), isNumber(words[1]) else { return nil }
        return words.count == 2
    }

    /// Up to three words of `line` (cut at spaces and tabs), the third
    /// only begun: as many as `split` gives, up to three, and its first two.
    /// Read on bytes while they are ASCII (each a character), else by character.
    static func firstWords(of line: String) -> [Substring] {
        let isSpaceOrTab = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let cuts = line.utf8.withContiguousStorageIfAvailable { bytes in
            firstWordRanges(of: bytes, isSeparator: isSpaceOrTab, givesUpAt: { $0 >= 0x80 })
        }
        if let cuts = cuts ?? nil { return cuts.map(line.utf8Slice) }
        let words = firstWordRanges(of: line, isSeparator: { $0 == " " || $0 == "\t" }, givesUpAt: { _ in false })
        return (words ?? []).map { line[$0] }
    }

    /// The ranges of the first two words of `elements` and the start of a
    /// third (to the end); nil when an element for which `givesUpAt` holds
    /// comes before that is known.
    private static func firstWordRanges<Elements: Collection>(
        of elements: Elements, isSeparator: (Elements.Element) -> Bool, givesUpAt: (Elements.Element) -> Bool
    ) -> [Range<Elements.Index>]? {
        var words: [Range<Elements.Index>] = []
        var start: Elements.Index?
        var index = elements.startIndex
        while index < elements.endIndex {
            let element = elements[index]
            guard !givesUpAt(element) else { return nil }
            let separates = isSeparator(element)
            if separates, let begun = start {
                words.append(begun..<index)
                start = nil
            } else if !separates, start == nil {
                if words.count == 2 { return words + [index..<elements.endIndex] }
                start = index
            }
            index = elements.index(after: index)
        }
        if let begun = start { words.append(begun..<elements.endIndex) }
        return words
    }

    private static func isNumber(_ word: Substring) -> Bool {
        numberValue(word) != nil
    }

    /// The value of a chapter number: digits, a Roman numeral or a number
    /// word (`first`, `un`); nil for anything else.
    static func numberValue(_ word: Substring) -> Int? {
        let bare = word.lowercased().trimmingCharacters(".:—-")
        guard !bare.isEmpty else { return nil }
        if bare.allSatisfy(\.isASCIIDigit) { return bare.count <= 4 ? Int(bare) : nil }
        if bare.count <= 7, let value = RomanNumeral.value(of: bare) { return value }
        return numberWords[bare]
    }

    /// What a front- or back-matter title opens (`Contents`, `Endnotes`,
    /// `The End`); nil for other lines.
    private static func sectionOpening(_ line: String) -> Opening? {
        guard line.utf8.count <= 48 else { return nil }  // the longest name has 21 letters
        let name = line.lowercased().trimmingCharacters(".:")
        if contentsNames.contains(name) { return .contents }
        if notesNames.contains(name) { return .notes }
        if closingNames.contains(name) { return .closing }
        return sectionNames.contains(name) ? .chapter : nil
    }

    /// A short line of capitals, at least three letters, not ending a clause.
    static func isCapitalised(_ line: String) -> Bool {
        guard let last = line.last, !",;".contains(last) else { return false }
        // One pass that stops at the first small ASCII letter (most lines'
        // first word) or the 61st character. Other letters are counted as the
        // letters alone would be, joined (a mark that begins a character of
        // the line joins the letter before it there): checked that way.
        var (characters, letters, onlyASCII) = (0, 0, true)
        for character in line {
            characters += 1
            guard characters <= 60 else { return false }
            guard character.isLetter else { continue }
            onlyASCII = onlyASCII && character.isASCII
            guard character.isUppercase || !character.isASCII else { return false }
            letters += 1
        }
        guard !onlyASCII else { return letters >= 3 }
        let joined = line.filter(\.isLetter)
        return joined.count >= 3 && joined.allSatisfy(\.isUppercase)
    }

    static let chapterWords: Set<String> = [
        "chapter", "chap.", "part", "book", "volume", "section", "canto", "act",
        "chapitre", "partie", "livre", "tome", "kapitel", "teil", "buch", "capítulo", "capitulo", "parte", "libro",
    ]

    /// Number words and their values (`last` counts as none of them).
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "first": 1, "second": 2, "third": 3,
        "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "last": 0,
        "un": 1, "une": 1, "premier": 1, "première": 1, "deux": 2, "trois": 3, "eins": 1, "zwei": 2, "drei": 3,
        "erster": 1, "uno": 1, "dos": 2, "tres": 3, "primero": 1, "primera": 1,
    ]

    static let sectionNames: Set<String> = [
        "prologue", "epilogue", "preface", "foreword", "introduction", "afterword",
        "imprint", "colophon", "uncopyright", "dedication", "acknowledgements", "acknowledgments", "appendix",
        "glossary", "index", "list of illustrations",
        "vorwort", "nachwort", "einleitung", "préface", "avant-propos", "épilogue",
        "prólogo", "prefacio", "epílogo",
    ]

    /// Titles of an in-book table of contents, not read by default.
    static let contentsNames: Set<String> = [
        "contents", "table of contents", "brief contents", "the contents", "inhalt", "inhaltsverzeichnis",
        "table des matières", "sommaire", "índice", "indice", "contenido", "sumário", "inhoud", "содержание",
        "оглавление",
    ]

    /// Titles of notes gathered at the end, read only with `--notes`.
    static let notesNames: Set<String> = [
        "notes", "endnotes", "end notes", "footnotes", "anmerkungen", "fußnoten", "notas",
        "примечания",
    ]

    /// Lines that close the book rather than open a page.
    static let closingNames: Set<String> = ["the end", "finis", "fin", "ende", "конец"]
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        if let trimmed = trimmingWhitespaceAtPlainEnds() { return trimmed }
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return String(self[start..<Swift.max(start, end)])
    }

    /// ``trimmingWhitespace()`` when the text, once ASCII whitespace is cut
    /// from its ends, begins and ends with a scalar that is a character of
    /// its own and no whitespace: an ASCII one, or one of the letters and
    /// marks of punctuation most lines of prose begin or end with
    /// (``standsAlone(_:)``). Nothing else would be cut. Nil otherwise (the
    /// general rule applies).
    private func trimmingWhitespaceAtPlainEnds() -> String? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }  // space, \t \n \v \f \r
        let kept: Range<Int>?? = utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.firstIndex(where: { !isWhitespace($0) }),
                let last = bytes.lastIndex(where: { !isWhitespace($0) })
            else { return nil }
            var lastStart = last  // where the last scalar begins
            while lastStart > start, bytes[lastStart] & 0xC0 == 0x80 { lastStart -= 1 }
            guard let first = Self.scalar(in: bytes, at: start), Self.standsAlone(first),
                let final = Self.scalar(in: bytes, at: lastStart), Self.standsAlone(final)
            else { return nil }
            return start..<(last + 1)
        }
        guard let kept = kept ?? nil else { return nil }
        return String(utf8Slice(kept))
    }

    /// The value of the scalar of at most three bytes that begins at
    /// `index`; nil for longer ones or a byte that begins none.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return lead }
        if lead & 0xE0 == 0xC0, index + 1 < bytes.count { return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F) }
        if lead & 0xF0 == 0xE0, index + 2 < bytes.count {
            return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        }
        return nil
    }

    /// A scalar that is no whitespace and always a character of its own at
    /// either end of a line (it neither attaches to the scalar before it nor
    /// is one that a whitespace character could carry): ASCII other than
    /// whitespace, the Latin-1 letters, dashes, quotation marks, ellipsis,
    /// inverted marks.
    private static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x21...0x7E, 0xC0...0xFF, 0xA1, 0xAB, 0xBB, 0xBF, 0x2013, 0x2014, 0x2018...0x201A, 0x201C...0x201E, 0x2026: true
        default: false
        }
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
