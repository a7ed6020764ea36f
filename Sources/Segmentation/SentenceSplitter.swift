import TextPrimitives
import BookModel

/// Finds sentence boundaries in prose with deterministic rules: terminal
/// marks, then what stands before and after them (abbreviations, initials,
/// numbers, list markers, URLs, the case of the next word).
///
/// Each sentence keeps the whitespace that follows it, so the sentences of a
/// text concatenate back to the text. docs/segmentation.md explains the rules
/// and why they beat ICU's sentence iterator for narration.
public struct SentenceSplitter: Sendable {
    /// BCP 47 tag choosing the abbreviation lists; nil means English.
    public var language: String? {
        didSet { abbreviations = .forLanguage(language) }
    }
    package private(set) var abbreviations: Abbreviations

    public init(language: String? = nil) {
        self.language = language
        abbreviations = .forLanguage(language)
    }

    /// The sentences of `text`, each with its trailing whitespace.
    public func sentences(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        return sentenceEnds(in: scalars, range: 0..<scalars.count).map { end in
            defer { start = end }
            return String(scalars: scalars[start..<end])
        }
    }

    /// The number of sentences in `text` (what `narrate info` reports).
    public func sentenceCount(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        return sentenceEnds(in: scalars, range: 0..<scalars.count).count { end in
            defer { start = end }
            return scalars[start..<end].contains(where: ScalarClass.isLetterOrDigit)
        }
    }

    /// The number of sentences in a book's pages (what `narrate info`
    /// reports): each page's text is counted line by line, since blocks
    /// (a heading and its paragraph) are separated by line breaks. The same
    /// for a book at any granularity. Uses the book's language when this
    /// splitter has none.
    public func sentenceCount(in book: Book) -> Int {
        var splitter = self
        if splitter.language == nil { splitter.language = book.metadata.language }
        return book.pages.concurrentMap { page in
            page.displayText.split(separator: "\n").reduce(0) { $0 + splitter.sentenceCount(in: String($1)) }
        }.reduce(0, +)
    }

    /// Offsets just past each sentence (and its trailing whitespace) within
    /// `range`; the last is `range.upperBound`. Empty for an empty range.
    package func sentenceEnds(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Int] {
        var tuneMarks: [Int] = []
        return sentenceEnds(in: scalars, range: range, tuneMarks: &tuneMarks)
    }

    /// ``sentenceEnds(in:range:)``, also appending to `tuneMarks` the
    /// offsets of the question and exclamation marks met on the way, in
    /// order (each is a terminal mark, so the walk meets them all).
    package func sentenceEnds(in scalars: [Unicode.Scalar], range: Range<Int>, tuneMarks: inout [Int]) -> [Int] {
        var ends: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            guard ScalarClass.isTerminator(scalars[index]) else {
                index += 1
                continue
            }
            let mark = TerminalMark(scalars, at: index, limit: range.upperBound)
            for position in index..<mark.clusterEnd where TuneMarks.isTuneMark(scalars[position]) {
                tuneMarks.append(position)
            }
            if mark.nextStart < range.upperBound,
               isBoundary(mark, in: scalars, blockStart: range.lowerBound, limit: range.upperBound)
            {
                ends.append(mark.nextStart)
            }
            index = mark.clusterEnd
        }
        if !range.isEmpty { ends.append(range.upperBound) }
        return ends
    }

    private func isBoundary(
        _ mark: TerminalMark, in scalars: [Unicode.Scalar], blockStart: Int, limit: Int
    ) -> Bool {
        if mark.isUnspaced { return true }
        let next = NextWord(scalars, from: mark.nextStart, limit: limit)
        guard mark.hasSpaceAfter else { return isBoundaryWithoutSpace(mark, next: next, in: scalars, blockStart: blockStart) }
        if next.startsLowercase || next.startsWithTerminator { return false }
        switch mark.kind {
        case .question, .exclamation: return true
        case .ellipsis: return (next.startsUppercase || next.startsWithOpener) && next.key != "i"
        case .period: return isBoundaryAfterPeriod(mark, next: next, in: scalars, blockStart: blockStart)
        }
    }

    /// `end.The` is a missing space; `3.14`, `example.com`, `U.S.A` are not.
    private func isBoundaryWithoutSpace(
        _ mark: TerminalMark, next: NextWord, in scalars: [Unicode.Scalar], blockStart: Int
    ) -> Bool {
        guard next.startsUppercase, !next.startsWithOpener else { return false }
        let word = PrecedingWord(scalars, before: mark.start, blockStart: blockStart)
        if word.looksLikeAddress { return false }
        return mark.kind != .period || (word.letterCount >= 2 && word.isAllLowercase)
    }

    private func isBoundaryAfterPeriod(
        _ mark: TerminalMark, next: NextWord, in scalars: [Unicode.Scalar], blockStart: Int
    ) -> Bool {
        let word = PrecedingWord(scalars, before: mark.start, blockStart: blockStart)
        let key = word.key
        if key.isEmpty { return true }
        if word.isAtBlockStart && word.isListMarker { return false }
        if next.startsWithDigit && abbreviations.isNumberPrefix(key) { return false }
        let kinds = abbreviations.kinds(of: key)
        if kinds.contains(.title) || kinds.contains(.inner) { return false }
        if word.isInitial || kinds.contains(.terminal) || word.isDottedAbbreviation {
            return abbreviations.sentenceOpeners.contains(next.key)
        }
        return true
    }
}
