import BookModel

/// What a group of lines may be besides prose: a title line, a table of
/// contents, a note.
extension LineGroup {
    /// A short line in title case standing alone (`A Scandal in Bohemia`,
    /// `Etymology`, `Who Stole the Tarts?`): a title, if its place says so.
    var titleLine: String? {
        guard lines.count == 1, lines[0].utf8.count <= 200 else { return nil }
        let text = lines[0].trimmingWhitespace()
        return Self.isTitle(text) ? text : nil
    }

    /// A title line that reads as a story's (`The Redheaded League`, `A
    /// Case of Identity`, `The Man with the Twisted Lip`) rather than a
    /// name standing alone (`Sherlock Holmes` signing a letter): two words
    /// or more, opening with an article or holding a lowercase small word,
    /// not a quotation.
    var isStoryTitle: Bool {
        guard let title = titleLine, let first = title.first, !"“‘\"'«„".contains(first) else { return false }
        let words = title.split(separator: " ")
        guard words.count >= 2 else { return false }
        if Self.articles.contains(words[0].lowercased()) { return true }
        return words.dropFirst().dropLast().contains { Self.smallWords.contains(String($0)) }
    }

    /// Articles a title may open with.
    static let articles: Set<String> = [
        "the", "a", "an", "le", "la", "les", "l’", "un", "une", "der", "die", "das", "ein", "eine", "el", "los",
        "las", "il", "lo", "gli",
    ]

    /// At least three lines, each a short title, perhaps numbered or with
    /// a page number (`I. A Scandal in Bohemia`, `Loomings ... 1`): the
    /// lines of a table of contents.
    var isContentsList: Bool {
        lines.count >= 3 && lines.allSatisfy { $0.utf8.count <= 240 } && lines.allSatisfy { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            var entry = words[...]
            if let first = entry.first, HeadingLine.numberValue(first) != nil { entry = entry.dropFirst() }
            if let last = entry.last, last.allSatisfy(\.isNumber) { entry = entry.dropLast() }
            while let last = entry.last, last.allSatisfy({ $0 == "." }) { entry = entry.dropLast() }
            return Self.isTitle(entry.joined(separator: " "))
        }
    }

    /// A note: a paragraph that opens with a bracketed number (`[2] The
    /// logbook…`) or ends with a back-link (`… globe. ↩`).
    var isNote: Bool {
        guard let first = lines.first, let last = lines.last else { return false }
        if last.unicodeScalars.last(where: { !$0.properties.isWhitespace }) == "↩" { return true }
        guard first.unicodeScalars.first(where: { $0 != " " && $0 != "\t" }) == "[" else { return false }
        return Self.bracketedNumber(first.trimmingWhitespace()) != nil
    }

    /// The number of a `[12] …` note label at the start of `text`.
    static func bracketedNumber(_ text: String) -> Int? {
        guard text.hasPrefix("["), let close = text.firstIndex(of: "]") else { return nil }
        let digits = text[text.index(after: text.startIndex)..<close]
        guard (1...3).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(digits)
    }

    /// A paragraph of prose: 150 bytes or more, with a sentence end, not a
    /// list.
    var isProse: Bool {
        length >= 150 && ListLine(lines[0]) == nil
            && lines.contains { $0.contains { ".!?。".contains($0) } }
    }

    /// UTF-8 bytes in the group's lines.
    var length: Int { lines.reduce(0) { $0 + $1.utf8.count } }

    /// Title case: at most ten words and 60 characters, starting with a
    /// capital or a numeral, every word of four letters or more capitalised
    /// (and the short words too, but for articles and prepositions), not
    /// ending as a clause does.
    static func isTitle(_ text: String) -> Bool {
        guard text.utf8.count <= 240, let last = text.last(where: { !")]”’\"'".contains($0) }), !".,;:—-".contains(last)
        else { return false }
        // The cheap tests first: most lines of prose are longer than 60 characters.
        guard text.hasAtMost(characters: 60), let first = text.first(where: \.isLetter),
            text.first.map({ $0.isUppercase || $0.isNumber || "“‘\"'(".contains($0) }) == true, first.isUppercase
        else { return false }
        let words = text.split(separator: " ")
        guard (1...10).contains(words.count) else { return false }
        return words.dropFirst().allSatisfy { word in
            let bare = word.drop { !$0.isLetter && !$0.isNumber }
            guard let initial = bare.first, initial.isLetter else { return true }
            return initial.isUppercase || smallWords.contains(bare.lowercased().trimmingCharacters(".,:;!?’'”\")"))
        }
    }

    /// Articles, prepositions and conjunctions that titles leave lowercase.
    static let smallWords: Set<String> = [
        "a", "an", "the", "and", "or", "nor", "but", "of", "in", "on", "at", "to", "for", "by", "with", "from",
        "into", "onto", "upon", "as", "vs", "via", "de", "la", "le", "les", "du", "des", "et", "en", "à", "au",
        "aux", "von", "und", "der", "die", "das", "dem", "den", "im", "zu", "zum", "y", "el", "los", "las", "del",
        "e", "il", "di", "da", "o",
    ]
}
