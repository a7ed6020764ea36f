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
        var scanner = Scanner()
        for line in lines { scanner.add(line) }
        self = scanner.frame
    }

    private init() {
        body = 0..<0
    }

    /// Finds the frame line by line, keeping only the header's facts, so
    /// that a text read in pieces needs not be held whole.
    struct Scanner {
        private var facts = GutenbergFrame()
        private var start: Int?
        private var end: Int?
        private var firstTitleLine: Substring?
        /// Lines seen so far.
        private(set) var lineCount = 0

        mutating func add(_ line: Substring) {
            if start == nil {
                if GutenbergFrame.isMarker(line, "START OF") { start = lineCount } else { readHeader(line) }
            }
            if GutenbergFrame.isMarker(line, "END OF") || GutenbergFrame.isEndLine(line) { end = lineCount }
            lineCount += 1
        }

        /// The frame of the lines seen.
        var frame: GutenbergFrame {
            let bodyStart = start.map { $0 + 1 } ?? 0
            guard start != nil else {
                var frame = GutenbergFrame()
                frame.body = bodyStart..<max(bodyStart, lineCount)
                return frame
            }
            var frame = facts
            frame.body = bodyStart..<max(bodyStart, end.map { $0 > bodyStart ? $0 : lineCount } ?? lineCount)
            if frame.title == nil, let firstTitleLine { frame.readTitleLine(firstTitleLine) }
            return frame
        }

        private mutating func readHeader(_ line: Substring) {
            if let value = GutenbergFrame.field("Title:", in: line) { facts.title = facts.title ?? value }
            if let value = GutenbergFrame.field("Author:", in: line) { facts.authors = GutenbergFrame.names(value) }
            if let value = GutenbergFrame.field("Language:", in: line) {
                facts.language = GutenbergFrame.languageCodes[value.lowercased()]
            }
            if firstTitleLine == nil, GutenbergFrame.bytes(of: line, contain: "Project Gutenberg"),
                line.contains("Project Gutenberg"), line.contains(" of ")
            {
                firstTitleLine = Substring(String(line))
            }
        }
    }

    private static func isMarker(_ line: Substring, _ words: String) -> Bool {
        guard line.utf8.first == UInt8(ascii: "*"), line.hasPrefix("***") || line.hasPrefix("*END*") else { return false }
        let upper = line.uppercased()
        return upper.contains(words) && upper.contains("GUTENBERG")
    }

    private static func isEndLine(_ line: Substring) -> Bool {
        line.utf8.first == UInt8(ascii: "E")
            && (line.hasPrefix("End of the Project Gutenberg") || line.hasPrefix("End of Project Gutenberg"))
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
        guard line.utf8.starts(with: name.utf8), line.hasPrefix(name) else { return nil }
        let value = line.dropFirst(name.count).trimmingWhitespace()
        return value.isEmpty ? nil : value
    }

    /// Whether the line's UTF-8 holds `needle`'s. Every line before the
    /// header's end is searched, and most are not the one sought, so this
    /// byte search runs first and String's (canonical) search only when it
    /// finds the bytes. No other character is canonically equivalent to the
    /// ASCII letters of the needles and prefixes used here (the singletons
    /// map to `K`, `;` and `` ` ``), so the bytes' absence means String's
    /// search would fail too; the same holds for the prefix checks.
    private static func bytes(of line: Substring, contain needle: StaticString) -> Bool {
        let found = line.utf8.withContiguousStorageIfAvailable { haystack in
            needle.withUTF8Buffer { needle in contains(haystack, needle) }
        }
        return found ?? true  // not contiguous: leave it to String's search
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
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
