/// The Project Gutenberg header and licence footer around a book's text, and
/// the facts the header gives (`Title:`, `Author:`, `Language:`).
struct GutenbergFrame {
    /// The lines of the book itself: all lines when there is no frame.
    var body: Range<Int>
    var title: String?
    var authors: [String] = []
    /// The `Language:` field as a BCP 47 tag, when it names a known language.
    var language: String?

    init(lines: [Substring]) {
        let start = lines.firstIndex { Self.isMarker($0, "START OF") }
        let end = lines.lastIndex { Self.isMarker($0, "END OF") || Self.isEndLine($0) }
        let bodyStart = start.map { $0 + 1 } ?? 0
        body = bodyStart..<max(bodyStart, end.map { $0 > bodyStart ? $0 : lines.count } ?? lines.count)
        guard let start else { return }
        readHeader(lines[..<start])
    }

    private static func isMarker(_ line: Substring, _ words: String) -> Bool {
        guard line.hasPrefix("***") || line.hasPrefix("*END*") else { return false }
        let upper = line.uppercased()
        return upper.contains(words) && upper.contains("GUTENBERG")
    }

    private static func isEndLine(_ line: Substring) -> Bool {
        line.hasPrefix("End of the Project Gutenberg") || line.hasPrefix("End of Project Gutenberg")
    }

    private mutating func readHeader(_ header: ArraySlice<Substring>) {
        for line in header {
            if let value = Self.field("Title:", in: line) { title = title ?? value }
            if let value = Self.field("Author:", in: line) { authors = Self.names(value) }
            if let value = Self.field("Language:", in: line) { language = Self.languageCodes[value.lowercased()] }
        }
        if title == nil, let first = header.first(where: { $0.contains("Project Gutenberg") && $0.contains(" of ") }) {
            readTitleLine(first)
        }
    }

    /// `The Project Gutenberg EBook of Emma, by Jane Austen`.
    private mutating func readTitleLine(_ line: Substring) {
        guard let of = line.range(of: " of ") else { return }
        let rest = line[of.upperBound...]
        if let by = rest.range(of: ", by ") {
            title = rest[..<by.lowerBound].trimmingWhitespace()
            if authors.isEmpty { authors = Self.names(rest[by.upperBound...].trimmingWhitespace()) }
        } else {
            title = rest.trimmingWhitespace()
        }
    }

    private static func field(_ name: String, in line: Substring) -> String? {
        guard line.hasPrefix(name) else { return nil }
        let value = line.dropFirst(name.count).trimmingWhitespace()
        return value.isEmpty ? nil : value
    }

    /// `A and B`, `A, B and C` → separate names.
    static func names(_ value: String) -> [String] {
        value.replacing(" and ", with: ", ").split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    static let languageCodes: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt",
        "dutch": "nl", "finnish": "fi", "swedish": "sv", "danish": "da", "norwegian": "no", "latin": "la",
        "greek": "el", "russian": "ru", "polish": "pl", "chinese": "zh", "japanese": "ja", "esperanto": "eo",
    ]
}
