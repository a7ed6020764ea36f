import BookModel

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

    public init(_ page: Page) {
        title = page.title
        utterances = page.utterances
        scalars = page.utterances.flatMap { Array($0.text.unicodeScalars) }
        sentences = SentenceGrouping.sentences(of: scalars)
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
