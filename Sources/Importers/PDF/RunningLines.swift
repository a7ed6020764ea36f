import BookFiles

/// Finds a PDF's running headers and footers — the book's title, the
/// chapter's, page numbers — and takes them out of its pages. A running
/// line is one of the few at the top or the bottom of a page whose text
/// (digits and Roman numerals counted as one) stands at the same height on
/// at least three pages, most of them near one another (headings that
/// open chapters stand at one height too, but chapters apart). A line of
/// only a number there goes when two pages have one. The heights where
/// running lines stand are the pages' margins: any other line at one of
/// them, among a page's first or last lines, goes too (a header naming the
/// section changes with it, and a short section shows it only once).
enum RunningLines {
    /// How many lines at each end of a page may be running lines.
    static let margin = 2
    /// Heights within this many points are one place.
    static let tolerance = 3.0

    /// `pages` without their running lines.
    static func removed(from pages: [PDFTextPage]) -> [PDFTextPage] {
        let running = find(in: pages)
        guard !running.isEmpty else { return pages }
        return pages.indices.map { page in
            var kept = pages[page]
            kept.lines = kept.lines.indices.filter { !running.contains(LinePlace(page: page, line: $0)) }.map { kept.lines[$0] }
            return kept
        }
    }

    /// A line of a page.
    struct LinePlace: Hashable {
        var page: Int
        var line: Int
    }

    /// The running lines of `pages`.
    static func find(in pages: [PDFTextPage]) -> Set<LinePlace> {
        var candidates: [String: [(place: LinePlace, top: Double)]] = [:]
        for (page, content) in pages.enumerated() {
            for line in marginLines(content) {
                let key = normalized(content.lines[line].text)
                candidates[key, default: []].append((LinePlace(page: page, line: line), content.lines[line].top))
            }
        }
        var running = Set<LinePlace>()
        var bands: [Double] = []
        for (key, occurrences) in candidates where occurrences.count >= 2 {
            for group in byHeight(occurrences) where isRunning(group.map(\.place), isNumber: key == "#") {
                running.formUnion(group.map(\.place))
                bands.append(group.map(\.top).reduce(0, +) / Double(group.count))
            }
        }
        for occurrences in candidates.values {
            for occurrence in occurrences where bands.contains(where: { abs($0 - occurrence.top) <= tolerance }) {
                running.insert(occurrence.place)
            }
        }
        return running
    }

    /// The indices of the first and last ``margin`` lines of a page, by height.
    private static func marginLines(_ page: PDFTextPage) -> Set<Int> {
        let byHeight = page.lines.indices.sorted { page.lines[$0].top < page.lines[$1].top }
        return Set(byHeight.prefix(margin) + byHeight.suffix(margin))
    }

    /// Occurrences grouped by height: a group's heights lie within ``tolerance`` of their neighbours'.
    private static func byHeight(_ occurrences: [(place: LinePlace, top: Double)]) -> [[(place: LinePlace, top: Double)]] {
        var groups: [[(place: LinePlace, top: Double)]] = []
        var lastTop = -Double.infinity
        for occurrence in occurrences.sorted(by: { $0.top < $1.top }) {
            if occurrence.top - lastTop > tolerance || groups.isEmpty { groups.append([]) }
            groups[groups.count - 1].append(occurrence)
            lastTop = occurrence.top
        }
        return groups
    }

    /// Whether lines alike on these pages run through the book: on three
    /// pages or more (two for a page number), and on pages near one
    /// another (within two: headers may alternate) at least half the time.
    private static func isRunning(_ places: [LinePlace], isNumber: Bool) -> Bool {
        let pages = Array(Set(places.map(\.page))).sorted()
        guard pages.count >= (isNumber ? 2 : 3) else { return false }
        let near = zip(pages, pages.dropFirst()).filter { $1 - $0 <= 2 }.count
        return near * 2 >= pages.count - 1
    }

    /// The text as running lines are compared: lower-cased, white space
    /// collapsed, each number (digits, or a Roman numeral standing alone) as `#`.
    static func normalized(_ text: String) -> String {
        var words: [String] = []
        for word in text.lowercased().split(whereSeparator: \.isWhitespace) {
            var normalized = ""
            var inNumber = false
            for character in word {
                if character.isNumber {
                    if !inNumber { normalized.append("#") }
                    inNumber = true
                } else {
                    normalized.append(character)
                    inNumber = false
                }
            }
            words.append(isRomanNumeral(normalized) ? "#" : normalized)
        }
        let line = words.joined(separator: " ")
        return line.allSatisfy({ $0 == "#" || $0 == " " || $0 == "-" || $0 == "–" || $0 == "—" || $0 == "." }) && line.contains("#")
            ? "#" : line
    }

    private static func isRomanNumeral(_ word: String) -> Bool {
        !word.isEmpty && word.count <= 8 && word.allSatisfy { "ivxlc".contains($0) }
    }
}
