/// An utterance as narrated into one content document's audio: its text
/// (as the importer made it) and when it and each of its words are heard,
/// in seconds from the start of that document's audio file.
public struct TimedUtterance: Hashable, Sendable {
    /// A word of the utterance and when it is heard.
    public struct Word: Hashable, Sendable {
        /// Where it is in ``TimedUtterance/text``, in Unicode scalars.
        public var range: Range<Int>
        /// Seconds from the start of the audio file.
        public var begin: Double
        public var end: Double

        public init(range: Range<Int>, begin: Double, end: Double) {
            self.range = range
            self.begin = begin
            self.end = end
        }
    }

    /// The utterance string.
    public var text: String
    /// Seconds from the start of the audio file to its first and past its last sound.
    public var begin: Double
    public var end: Double
    /// Its words, in order.
    public var words: [Word]
    /// BCP 47 language of the utterance when not the book's; nil for the book's.
    public var language: String?
    /// The line of its content document where the importer found its text
    /// (libxml2's line of the text node); nil when not known.
    public var line: Int?

    public init(text: String, begin: Double, end: Double, words: [Word], language: String? = nil, line: Int? = nil) {
        self.line = line
        self.text = text
        self.begin = begin
        self.end = end
        self.words = words
        self.language = language
    }
}
