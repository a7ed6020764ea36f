import BookModel
import Segmentation

/// A page prepared for reading aloud: its text as Unicode scalars, its
/// sentences and paragraphs, and the words of each sentence. Offsets count
/// Unicode scalars from the start of the page text, as espeak's word events
/// do.
public struct ReaderPage: Hashable, Sendable {
    /// The page's heading, if it has one.
    public var title: String?
    /// The page text: its utterance strings concatenated.
    public var scalars: [Unicode.Scalar]
    /// The utterances, for their prosody and language.
    public var utterances: [Utterance]
    /// The sentences in order; empty for a page without text.
    public var sentences: [ReaderSentence]

    /// Prepares a page, finding its sentences line by line with `splitter`.
    public init(_ page: Page, splitter: SentenceSplitter) {
        title = page.title
        utterances = page.utterances
        scalars = page.utterances.flatMap { Array($0.text.unicodeScalars) }
        sentences = Self.sentences(in: scalars, splitter: splitter)
    }

    /// The sentences of each line holding words; a line break stays with
    /// the sentence before it, and each such line is a paragraph.
    static func sentences(in scalars: [Unicode.Scalar], splitter: SentenceSplitter) -> [ReaderSentence] {
        var sentences: [ReaderSentence] = []
        var lineStart = 0, paragraph = 0
        while lineStart < scalars.count {
            let lineEnd = scalars[lineStart...].firstIndex(of: "\n") ?? scalars.count
            defer { lineStart = lineEnd + 1 }
            let line = scalars[lineStart..<lineEnd]
            guard line.contains(where: { !$0.properties.isWhitespace }) else { continue }
            var offset = lineStart
            for sentence in splitter.sentences(in: String(String.UnicodeScalarView(line))) {
                let count = sentence.unicodeScalars.count
                let range = offset..<min(lineEnd, offset + count)
                offset = range.upperBound
                guard scalars[range].contains(where: { !$0.properties.isWhitespace }) else { continue }
                sentences.append(ReaderSentence(range: range, paragraph: paragraph))
            }
            if let last = sentences.indices.last, sentences[last].paragraph == paragraph {
                sentences[last].range = sentences[last].range.lowerBound..<min(scalars.count, lineEnd + 1)
            }
            paragraph += 1
        }
        return sentences
    }

    /// The page text as a string.
    public var text: String { String(String.UnicodeScalarView(scalars)) }

    /// Number of paragraphs (0 for an empty page).
    public var paragraphCount: Int { sentences.last.map { $0.paragraph + 1 } ?? 0 }

    /// The words of a sentence: runs of non-space scalars, as offsets into
    /// the page text.
    public func words(of sentence: Int) -> [Range<Int>] {
        guard sentences.indices.contains(sentence) else { return [] }
        return Self.words(in: scalars, range: sentences[sentence].range)
    }

    /// The sentence without its leading and trailing space, for highlighting.
    public func spokenRange(of sentence: Int) -> Range<Int> {
        let words = words(of: sentence)
        guard let first = words.first, let last = words.last else { return sentences[sentence].range }
        return first.lowerBound..<last.upperBound
    }

    /// The sentence holding `offset`: the last one starting at or before it.
    public func sentence(containing offset: Int) -> Int {
        sentences.lastIndex { $0.range.lowerBound <= offset } ?? 0
    }

    /// Runs of non-space scalars within `range`.
    static func words(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for index in range {
            let isSpace = scalars[index].properties.isWhitespace
            if isSpace, let begun = start {
                words.append(begun..<index)
                start = nil
            } else if !isSpace, start == nil {
                start = index
            }
        }
        if let begun = start { words.append(begun..<range.upperBound) }
        return words
    }
}
