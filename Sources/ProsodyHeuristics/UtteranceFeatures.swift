import BookModel
import TextPrimitives
/// What the prosody rules know about one utterance: facts read from its text
/// and its place in the block, sentence and page. Built by
/// ``UtteranceBuilder``; turned into ``Prosody`` by ``ProsodyRules``.
public struct UtteranceFeatures: Hashable, Sendable {
    /// The kind of block the utterance belongs to.
    public var blockKind: TextBlock.Kind = .paragraph
    /// How finely the text is cut.
    public var granularity: Granularity = .sentence
    /// The type of the sentence the utterance belongs to.
    public var sentenceType: SentenceType = .statement
    /// The utterance starts its sentence (always true above word level).
    public var isSentenceStart = true
    /// The utterance holds the mark that decides the sentence's tune: the
    /// question or exclamation mark, or the final word of a statement.
    public var carriesSentenceEnd = true
    /// The strongest break right after the utterance.
    public var pause: Pause = .none
    /// Word mode: where the word stands in its sentence, 0 (first) … 1 (last);
    /// 0 above word level.
    public var positionInSentence = 0.0
    /// Most of its letters are inside quotation marks.
    public var isDialogue = false
    /// Most of its letters are inside parentheses or brackets.
    public var isParenthetical = false
    /// Most of its letters are emphasised (runs, `*word*`, `_word_`, ALL CAPS).
    public var isEmphasized = false

    public init() {}

    /// Sentence types that change the tune.
    public enum SentenceType: String, Hashable, Sendable, CaseIterable {
        case statement
        /// A question answered by yes or no: rises at the end.
        case yesNoQuestion
        /// A question opened by a question word (who, what, warum, où…): starts
        /// high and falls at the end.
        case whQuestion
        case exclamation
    }

    /// Breaks after an utterance, weakest first.
    public enum Pause: Int, Hashable, Sendable, Comparable, CaseIterable {
        case none, comma, dash, colon, semicolon, lineBreak, sentence, paragraph, chapter

        public static func < (lhs: Pause, rhs: Pause) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// True for headings of any level.
    public var isHeading: Bool {
        if case .heading = blockKind { return true }
        return false
    }
}
