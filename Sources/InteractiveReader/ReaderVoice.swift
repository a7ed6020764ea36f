import BookModel

/// The speech side of `narrate read`: speaks one sentence (or the rest of
/// one) and says when each of its words is heard.
///
/// The reader drives the highlight from the returned timing and a clock, so
/// the screen and the sound share one schedule. When a sentence ends, the
/// next ``start(_:)`` follows without ``stop()``, so its speech may be queued
/// behind the end of the last. ``stop()`` must silence the voice within
/// 100 ms; the reader calls it before every move, pause and speed change.
public protocol ReaderVoice: AnyObject {
    /// Shown in the status line: a voice name, or `muted`.
    var name: String { get }
    /// Starts speaking and returns at once (or after rendering) with the
    /// schedule of the words, in seconds from the moment it returns.
    /// - Throws: when the speech side fails; the reader then stops.
    func start(_ request: ReaderSpeechRequest) throws -> ReaderSpeechTiming
    /// Silences the voice at once. Safe to call when nothing is playing.
    func stop()
}

/// What to speak: pieces of consecutive utterances with their prosody.
public struct ReaderSpeechRequest: Hashable, Sendable {
    /// The text pieces in order: each the part of one utterance to speak.
    public var segments: [Segment]
    /// The words of the whole text, as offsets into the concatenated
    /// segments, in order.
    public var words: [Range<Int>]
    /// The reader's speed as a multiple of normal (1 is normal: 175 words
    /// a minute for text without an authored rate).
    public var speed: Double
    /// The book's language tag, if known.
    public var language: String?
    /// The page's text before the first segment: its paragraph's, and the
    /// earlier paragraphs' that start within 2,000 scalars of it (a
    /// quotation opened there may still be open).
    public var context: String
    /// The page's text after the last segment (some of it): whether a
    /// quotation open at a line's end goes on into the next line.
    public var following: String

    public init(
        segments: [Segment], words: [Range<Int>], speed: Double = 1, language: String? = nil, context: String = "",
        following: String = ""
    ) {
        self.segments = segments
        self.words = words
        self.speed = speed
        self.language = language
        self.context = context
        self.following = following
    }

    /// The concatenated text.
    public var text: String { segments.map(\.text).joined() }

    /// One utterance's part of the request.
    public struct Segment: Hashable, Sendable {
        public var text: String
        public var prosody: Prosody
        public var language: String?
        /// The utterance's pronunciations that lie in this piece, counted from its start.
        public var pronunciations: [Pronunciation] = []

        public init(text: String, prosody: Prosody = Prosody(), language: String? = nil, pronunciations: [Pronunciation] = []) {
            self.text = text
            self.prosody = prosody
            self.pronunciations = pronunciations
            self.language = language
        }
    }
}

/// When each word of a request is heard.
public struct ReaderSpeechTiming: Hashable, Sendable {
    /// Word starts in order, in seconds after ``ReaderVoice/start(_:)``
    /// returned.
    public var words: [WordStart]
    /// Seconds until the speech (and any pause after it) ends.
    public var duration: Double

    public init(words: [WordStart], duration: Double) {
        self.words = words
        self.duration = duration
    }

    /// The word being heard `elapsed` seconds after the start, if any.
    public func word(at elapsed: Double) -> Range<Int>? {
        words.last { $0.time <= elapsed }?.range
    }

    /// The next moment after `elapsed` at which the heard word changes or
    /// the speech ends.
    public func nextChange(after elapsed: Double) -> Double {
        words.first { $0.time > elapsed }?.time ?? duration
    }

    /// One word: where it is in the request's text and when it starts.
    public struct WordStart: Hashable, Sendable {
        /// Offsets into the request's text, in Unicode scalars.
        public var range: Range<Int>
        /// Seconds after the start.
        public var time: Double

        public init(range: Range<Int>, time: Double) {
            self.range = range
            self.time = time
        }
    }
}
