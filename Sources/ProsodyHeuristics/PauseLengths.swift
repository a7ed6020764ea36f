/// Pauses a listener asked for (`--pause sentence=MS,paragraph=MS,chapter=MS`):
/// the silence after a sentence, a paragraph and a page, replacing what
/// ``ProsodyRules`` would give (`pause-sentence`, `pause-paragraph`,
/// `pause-chapter`, and `heading-pause` on top of them). Each value is
/// optional; nil keeps the rules' pause.
public struct PauseLengths: Hashable, Sendable, Codable {
    /// Silence after a sentence inside a paragraph, in seconds (≥ 0); nil for the rules' 0.45 s.
    public var sentence: Double?
    /// Silence after a paragraph or other block, in seconds (≥ 0); nil for the rules' 0.75 s.
    public var paragraph: Double?
    /// Silence after a page (a chapter), in seconds (≥ 0); nil for the rules' 1.5 s.
    public var chapter: Double?

    public init(sentence: Double? = nil, paragraph: Double? = nil, chapter: Double? = nil) {
        self.sentence = sentence
        self.paragraph = paragraph
        self.chapter = chapter
    }

    /// True when no pause is asked for.
    public var isEmpty: Bool { sentence == nil && paragraph == nil && chapter == nil }

    /// The pause asked for after a break of this kind; nil when the rules decide.
    public subscript(pause: UtteranceFeatures.Pause) -> Double? {
        switch pause {
        case .sentence: sentence
        case .paragraph: paragraph
        case .chapter: chapter
        default: nil
        }
    }
}
