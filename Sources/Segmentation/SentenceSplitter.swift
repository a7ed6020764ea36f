import TextPrimitives
import BookModel

/// Finds sentence boundaries in prose with deterministic rules: terminal
/// marks, then what stands before and after them (abbreviations, initials,
/// numbers, list markers, URLs, the case of the next word, quotations).
///
/// Each sentence keeps the whitespace that follows it, so the sentences of a
/// text concatenate back to the text. docs/segmentation.md explains the rules
/// and why they beat ICU's sentence iterator for narration.
///
/// Two levels of boundary: ``sentences(in:)`` gives grammatical sentences,
/// in which a quotation that the sentence goes on after (`„A. B,“ sagte
/// er.`) stays whole; ``sentenceEnds(in:range:tuneMarks:)``, which the
/// utterances are cut at, also ends the sentences inside such a quotation,
/// so that each keeps its own fall and pause when spoken.
public struct SentenceSplitter: Sendable {
    /// BCP 47 tag choosing the abbreviation lists; nil means English.
    public var language: String? {
        didSet { (abbreviations, isEnglish) = Self.lists(for: language) }
    }
    package private(set) var abbreviations: Abbreviations
    /// English rules apply (the pronoun `I`).
    private(set) var isEnglish: Bool

    public init(language: String? = nil) {
        self.language = language
        (abbreviations, isEnglish) = Self.lists(for: language)
    }

    private static func lists(for language: String?) -> (Abbreviations, Bool) {
        (Abbreviations.forLanguage(language), Abbreviations.primaryLanguage(of: language) == "en")
    }

    /// The grammatical sentences of `text`, each with its trailing
    /// whitespace.
    public func sentences(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        return grammaticalEnds(in: scalars, range: 0..<scalars.count).map { end in
            defer { start = end }
            return String(scalars: scalars[start..<end])
        }
    }

    /// The number of grammatical sentences in `text` (what `narrate info`
    /// reports).
    public func sentenceCount(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        return grammaticalEnds(in: scalars, range: 0..<scalars.count).count { end in
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
            Self.lines(of: page.displayText).reduce(0) { $0 + splitter.sentenceCount(in: $1) }
        }.reduce(0, +)
    }

    /// The non-empty lines of `text`, cut where `split(separator: "\n")`
    /// cuts (at each line feed but the one of a "\r\n", which is one
    /// Character), found by byte rather than by Character.
    package static func lines(of text: String) -> [String] {
        return text.withUTF8Bytes { bytes in
            var lines: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                guard index == 0 || bytes[index - 1] != UInt8(ascii: "\r") else { continue }
                if start < index { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            if start < bytes.count { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return lines
        }
    }

    /// The ends of grammatical sentences: ``sentenceEnds(in:range:)`` without
    /// those inside quotations that their sentence goes on after.
    package func grammaticalEnds(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Int] {
        let ends = sentenceEnds(in: scalars, range: range)
        guard ends.count > 1 else { return ends }
        let quotations = QuotedSentences(scalars, range: range)
        return ends.filter { !quotations.keepsWhole(boundary: $0) }
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
        ends.reserveCapacity(range.count / 48 + 1)  // prose has a sentence every 100 or so scalars: one allocation
        let list = InlineList(scalars, range: range)
        let extra = abbreviations.conventions.extraTerminators
        let hasExtra = !extra.isEmpty
        var sentenceStart = range.lowerBound
        // Whether the sentence has a letter or digit before the mark, found
        // by scanning each scalar once (not from the sentence start at every
        // mark: a run of marks without words, `![![![…`, was quadratic).
        var hasWord = false
        var scannedTo = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            // Most scalars are no terminal mark: skip them in a tight loop.
            if hasExtra {
                while index < range.upperBound, !ScalarClass.isTerminator(scalars[index]), !extra.contains(scalars[index]) {
                    index += 1
                }
            } else {
                while true {
                    index = ScalarClass.firstPossibleTerminator(in: scalars, range: index..<range.upperBound)
                    guard index < range.upperBound, !ScalarClass.isTerminator(scalars[index]) else { break }
                    index += 1
                }
            }
            guard index < range.upperBound else { break }
            if let list, list.isMarkerPeriod(index) {
                index += 1
                continue
            }
            let mark = TerminalMark(
                scalars, at: index, limit: range.upperBound, blockStart: range.lowerBound, extraTerminators: extra)
            for position in index..<mark.clusterEnd where TuneMarks.isTuneMark(scalars[position]) {
                tuneMarks.append(position)
            }
            if !hasWord, scannedTo < mark.start {
                hasWord = scalars[scannedTo..<mark.start].contains(where: ScalarClass.isLetterOrDigit)
                scannedTo = mark.start
            }
            let context = Context(scalars: scalars, range: range, sentenceStart: sentenceStart, hasWordBefore: hasWord)
            switch boundary(after: mark, in: context) {
            case .none:
                index = mark.clusterEnd
            case .skipping(let end):
                index = end
            case .at(let end):
                ends.append(end)
                sentenceStart = end
                hasWord = false
                scannedTo = end
                index = max(mark.clusterEnd, end)
            }
        }
        if let list { ends = list.merged(with: ends) }
        if !range.isEmpty { ends.append(range.upperBound) }
        return ends
    }

    /// What the splitter knows about the text around a terminal mark.
    struct Context {
        let scalars: [Unicode.Scalar]
        let range: Range<Int>
        /// Where the sentence the mark belongs to began.
        let sentenceStart: Int
        /// Whether a letter or digit stands between ``sentenceStart`` and the mark.
        let hasWordBefore: Bool
    }

    /// What a terminal mark does.
    enum Decision: Equatable {
        /// No boundary; the walk goes on after the mark.
        case none
        /// No boundary; the walk goes on at this offset (past an ellipsis).
        case skipping(Int)
        /// A sentence ends at this offset.
        case at(Int)
    }
}
